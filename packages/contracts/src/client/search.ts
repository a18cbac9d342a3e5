import type { QuickSearchQuery, QuickSearchResponse, SearchAllQuery, SearchAllResponse } from '../search.js';
import type { CallOptions, Transport, WireQuery } from './transport.js';

// The navigation's restaurant search (ordering-payments §7 GET api/v2/search/elastic_search): q
// with lat/lng, or with the address (and a city when the address cannot be placed). Public.

export type QuickQuery = WireQuery<QuickSearchQuery>;
/** GET api/v2/search/all: the full results page (decision 065). */
export type SearchAllWireQuery = WireQuery<SearchAllQuery>;

/** Query keys of the quick search. */
export const searchKeys = {
  all: ['search'] as const,
  quick: (query: QuickQuery) => [...searchKeys.all, 'quick', query] as const,
  results: (query: SearchAllWireQuery) => [...searchKeys.all, 'results', query] as const,
};

export function searchClient(send: Transport) {
  return {
    quick: (query: QuickQuery, o?: CallOptions) =>
      send<QuickSearchResponse>('GET', '/api/v2/search/elastic_search', { ...o, query }),
    all: (query: SearchAllWireQuery, o?: CallOptions) =>
      send<SearchAllResponse>('GET', '/api/v2/search/all', { ...o, query }),
  };
}

export type SearchClient = ReturnType<typeof searchClient>;
