import type { MenuSuggestion as WireMenuSuggestion, SuggestionBody } from '@caterway/contracts';
import { suggestionsClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import type { Camelize } from '../../../types/catalogue';

// POST api/v2/catering_suggestions/{presetId} {email, request_message} -> 201 {message,
// suggestion} (ordering-payments §4 'Suggestion bot', §7). Public: the server composes a menu
// from the preset's dishes for the request and emails it.

const suggestions = connect(suggestionsClient);

export type MenuSuggestion = Camelize<WireMenuSuggestion>;

export const createSuggestion = (presetId: number, body: Camelize<SuggestionBody>) =>
  suggestions.create(presetId, { email: body.email, request_message: body.requestMessage });
