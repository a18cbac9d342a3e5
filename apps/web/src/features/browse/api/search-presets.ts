import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { PresetSearch, PresetSort } from '../../../types/catalogue';
import { deliveryQuery, type DeliveryContext } from './delivery-context';

// GET api/v2/search?search_type=preset&page= (browse-account-orders §7): presets as
// [category, presets] pairs, with the cuisine filter cards in metaData.

export interface PresetSearchParams {
  delivery: DeliveryContext;
  cuisines: readonly string[];
  sort?: PresetSort;
  perPage?: number;
}

export const presetSearchKeys = {
  all: ['search', 'preset'] as const,
  rows: (params: PresetSearchParams) =>
    [...presetSearchKeys.all, 'rows', params.delivery, [...params.cuisines].sort()] as const,
  sorted: (params: PresetSearchParams) =>
    [
      ...presetSearchKeys.all,
      'sorted',
      params.delivery,
      [...params.cuisines].sort(),
      params.sort ?? 'popular',
    ] as const,
};

export const searchPresets = (params: PresetSearchParams, page: number, signal?: AbortSignal) =>
  api.get<PresetSearch>('/api/v2/search', {
    query: {
      searchType: 'preset',
      page,
      perPage: params.perPage,
      sort: params.sort,
      presetCategoryNames: params.cuisines.length > 0 ? params.cuisines.join(',') : undefined,
      ...deliveryQuery(params.delivery),
    },
    signal,
  });

/** The first page, shown as rows by category. */
export const presetRowsQueryOptions = (params: PresetSearchParams) =>
  queryOptions({
    queryKey: presetSearchKeys.rows(params),
    queryFn: ({ signal }) => searchPresets(params, 1, signal),
    placeholderData: keepPreviousData,
  });

export const usePresetRows = (params: PresetSearchParams) => useQuery(presetRowsQueryOptions(params));

/** All presets in one sort order, page by page, for the sortable section. */
export const sortedPresetsQueryOptions = (params: PresetSearchParams) =>
  infiniteQueryOptions({
    queryKey: presetSearchKeys.sorted(params),
    queryFn: ({ pageParam, signal }) => searchPresets(params, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.metaData.currentPage < last.metaData.totalPage ? last.metaData.currentPage + 1 : undefined,
    placeholderData: keepPreviousData,
  });

export const useSortedPresets = (params: PresetSearchParams) => useInfiniteQuery(sortedPresetsQueryOptions(params));
