import type { QuickSearchQuery, QuickSearchResponse } from '../search.js';
import type { CallOptions, Transport, WireQuery } from './transport.js';

// The navigation's restaurant search (ordering-payments §7 GET api/v2/search/elastic_search): q
// with lat/lng, or with the address (and a city when the address cannot be placed). Public.

export type QuickQuery = WireQuery<QuickSearchQuery>;

/** Query keys of the quick search. */
export const searchKeys = {
  all: ['search'] as const,
  quick: (query: QuickQuery) => [...searchKeys.all, 'quick', query] as const,
};

export function searchClient(send: Transport) {
  return {
    quick: (query: QuickQuery, o?: CallOptions) =>
      send<QuickSearchResponse>('GET', '/api/v2/search/elastic_search', { ...o, query }),
  };
}

export type SearchClient = ReturnType<typeof searchClient>;
