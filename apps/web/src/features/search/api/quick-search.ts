import { queryOptions, useQuery } from '@tanstack/react-query';
import { searchClient, searchKeys, type QuickQuery } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import { QUICK_SEARCH_MIN_CHARS, type QuickSearchParams } from '../quick-search-rules';

// GET api/v2/search/elastic_search: the navigation's restaurant search (ordering-payments §7):
// q with lat/lng, or q with address and city (the server defaults the city to Toronto when the
// address cannot be placed).

const search = connect(searchClient);

/** The wire query: coordinates when the address is placed, else its text. */
function quickQuery(params: QuickSearchParams): QuickQuery {
  const placed = params.lat !== null && params.lng !== null;
  return {
    q: params.q,
    lat: placed ? params.lat : undefined,
    lng: placed ? params.lng : undefined,
    address: placed ? undefined : params.address || undefined,
    limit: 8,
  };
}

export const quickSearch = (params: QuickSearchParams, signal?: AbortSignal) =>
  search.quick(quickQuery(params), { signal });

export type QuickSearchResult = Awaited<ReturnType<typeof quickSearch>>;

export const quickSearchQueryOptions = (params: QuickSearchParams) =>
  queryOptions({
    queryKey: searchKeys.quick(quickQuery(params)),
    queryFn: ({ signal }) => quickSearch(params, signal),
    enabled: params.q.trim().length >= QUICK_SEARCH_MIN_CHARS,
    staleTime: 60_000,
  });

export const useQuickSearch = (params: QuickSearchParams) => useQuery(quickSearchQueryOptions(params));
