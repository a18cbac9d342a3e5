import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuickSearchResponse } from '@caterway/contracts';
import { api } from '../../../lib/api-client';
import type { Camelize } from '../../../types/catalogue';

// GET api/v2/search/elastic_search: the navigation's restaurant search (ordering-payments §7):
// q with lat/lng, or q with address and city (the server defaults the city to Toronto when the
// address cannot be placed).

export type QuickSearchResult = Camelize<QuickSearchResponse>;

/** The delivery details a search is near (ordering-payments §7): the navigation search's `near`. */
export type QuickSearchNear = Omit<QuickSearchParams, 'q'>;

export interface QuickSearchParams {
  q: string;
  lat: number | null;
  lng: number | null;
  address: string;
}

/** Search starts at 3 characters, after a 500 ms pause (ordering-payments §5, §9). */
export const QUICK_SEARCH_MIN_CHARS = 3;
export const QUICK_SEARCH_DEBOUNCE_MS = 500;

export const quickSearchKeys = {
  all: ['quick-search'] as const,
  query: (params: QuickSearchParams) => [...quickSearchKeys.all, params] as const,
};

export const quickSearch = (params: QuickSearchParams, signal?: AbortSignal) => {
  const placed = params.lat !== null && params.lng !== null;
  return api.get<QuickSearchResult>('/api/v2/search/elastic_search', {
    query: {
      q: params.q,
      lat: placed ? params.lat : undefined,
      lng: placed ? params.lng : undefined,
      address: placed ? undefined : params.address || undefined,
      limit: 8,
    },
    signal,
  });
};

export const quickSearchQueryOptions = (params: QuickSearchParams) =>
  queryOptions({
    queryKey: quickSearchKeys.query(params),
    queryFn: ({ signal }) => quickSearch(params, signal),
    enabled: params.q.trim().length >= QUICK_SEARCH_MIN_CHARS,
    staleTime: 60_000,
  });

export const useQuickSearch = (params: QuickSearchParams) => useQuery(quickSearchQueryOptions(params));
