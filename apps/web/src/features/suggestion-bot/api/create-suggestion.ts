import type { MenuSuggestion as WireMenuSuggestion } from '@caterway/contracts';
import { api } from '../../../lib/api-client';
import type { Camelize } from '../../../types/catalogue';

// POST api/v2/catering_suggestions/{presetId} {email, request_message} -> 201 {message,
// suggestion} (ordering-payments §4 'Suggestion bot', §7). Public: the server composes a menu
// from the preset's dishes for the request and emails it.

export type MenuSuggestion = Camelize<WireMenuSuggestion>;

export const createSuggestion = (presetId: number, body: { email: string; requestMessage: string }) =>
  api.post<{ message: string; suggestion: MenuSuggestion }>(`/api/v2/catering_suggestions/${presetId}`, body);
