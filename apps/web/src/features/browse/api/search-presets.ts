import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { browseClient, browseKeys, type BrowseQuery } from '@caterway/contracts/client';
import type { DietaryNeed } from '@caterway/domain';
import { connect } from '../../../api/clients';
import type { PresetSort } from '../../../types/catalogue';
import { deliveryQuery, dietaryParam, type DeliveryContext } from './delivery-context';

// GET api/v2/search?search_type=preset&page= (browse-account-orders §7): presets as
// [category, presets] pairs, with the cuisine filter cards in metaData.

const browse = connect(browseClient);

export interface PresetSearchParams {
  delivery: DeliveryContext;
  cuisines: readonly string[];
  sort?: PresetSort;
  perPage?: number;
  /** dietary needs every listed preset's dishes cover; empty = all */
  dietary?: readonly DietaryNeed[];
}

/** Every page's query but the page; the cuisines sorted, so their order does not make a new listing. */
const listingQuery = (params: PresetSearchParams): BrowseQuery => ({
  per_page: params.perPage,
  sort: params.sort,
  preset_category_names: params.cuisines.length > 0 ? [...params.cuisines].sort().join(',') : undefined,
  dietary_types: dietaryParam(params.dietary),
  ...deliveryQuery(params.delivery),
});

export const searchPresets = (params: PresetSearchParams, page: number, signal?: AbortSignal) =>
  browse.presets({ ...listingQuery(params), page }, { signal });

/** The first page, shown as rows by category. */
export const presetRowsQueryOptions = (params: PresetSearchParams) =>
  queryOptions({
    queryKey: browseKeys.presetPage({ ...listingQuery(params), page: 1 }),
    queryFn: ({ signal }) => searchPresets(params, 1, signal),
    placeholderData: keepPreviousData,
  });

export const usePresetRows = (params: PresetSearchParams) => useQuery(presetRowsQueryOptions(params));

/** All presets in one sort order, page by page, for the sortable section. */
export const sortedPresetsQueryOptions = (params: PresetSearchParams) =>
  infiniteQueryOptions({
    queryKey: browseKeys.presetPages(listingQuery(params)),
    queryFn: ({ pageParam, signal }) => searchPresets(params, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.metaData.currentPage < last.metaData.totalPage ? last.metaData.currentPage + 1 : undefined,
    placeholderData: keepPreviousData,
  });

export const useSortedPresets = (params: PresetSearchParams) => useInfiniteQuery(sortedPresetsQueryOptions(params));
