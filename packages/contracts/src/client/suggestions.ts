import type { SuggestionBody, SuggestionResponse } from '../account-actions.js';
import type { CallOptions, Transport } from './transport.js';

// The menu-suggestion bot (ordering-payments §4 'Suggestion bot', §7): the server composes a menu
// from the preset's dishes for the request and emails it. Nothing is cached: no query keys.

export function suggestionsClient(send: Transport) {
  return {
    /** POST api/v2/catering_suggestions/{presetId} -> 201 { message, suggestion } */
    create: (presetId: number, body: SuggestionBody, o?: CallOptions) =>
      send<SuggestionResponse>('POST', `/api/v2/catering_suggestions/${presetId}`, { ...o, body }),
  };
}

export type SuggestionsClient = ReturnType<typeof suggestionsClient>;
