import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { searchClient, searchKeys, type SearchAllWireQuery } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

// GET api/v2/search/all: the full results page's call (issue 20 §2, decision 065): restaurants,
// presets and dishes matching the words, typos and plurals forgiven, with browsing's filters.

const search = connect(searchClient);

export interface SearchAllParams {
  q: string;
  lat: number | null;
  lng: number | null;
  address: string;
  /** yyyy-MM-dd */
  deliveryDate: string;
  /** hh:mm a */
  deliveryTime: string;
  cuisines: readonly string[];
}

function wireQuery(p: SearchAllParams): SearchAllWireQuery {
  const placed = p.lat !== null && p.lng !== null;
  return {
    q: p.q,
    lat: placed ? p.lat : undefined,
    lng: placed ? p.lng : undefined,
    address: placed ? undefined : p.address || undefined,
    delivery_date: p.deliveryDate || undefined,
    delivery_time: p.deliveryTime || undefined,
    preset_category_names: p.cuisines.length ? [...p.cuisines].sort().join(',') : undefined,
  };
}

export const searchAllQueryOptions = (params: SearchAllParams) =>
  queryOptions({
    queryKey: searchKeys.results(wireQuery(params)),
    queryFn: ({ signal }) => search.all(wireQuery(params), { signal }),
    enabled: params.q.trim().length > 0,
    staleTime: 60_000,
    // the groups stay on screen while a new filter loads
    placeholderData: keepPreviousData,
  });

export const useSearchAll = (params: SearchAllParams) => useQuery(searchAllQueryOptions(params));
export type SearchAllResult = Awaited<ReturnType<typeof search.all>>;
