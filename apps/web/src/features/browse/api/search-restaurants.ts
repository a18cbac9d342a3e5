import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { browseClient, browseKeys, type BrowseQuery } from '@caterway/contracts/client';
import type { DietaryNeed, RestaurantSort } from '@caterway/domain';
import { connect } from '../../../api/clients';
import { deliveryQuery, dietaryParam, type DeliveryContext } from './delivery-context';

// GET api/v2/search.json?search_type=restaurant&page=&preset_category_names=&lat=&lng= (or
// address): restaurants ranked by distance, each saying whether it can take an order at the
// delivery date and time (ordering-payments §7). Pages load while currentPage < totalPage (§4).

const browse = connect(browseClient);

export interface RestaurantSearchParams {
  delivery: DeliveryContext;
  /** selected cuisine filter cards; empty = all */
  cuisines: readonly string[];
  /** the list's order (decision 067); distance when absent */
  sort?: RestaurantSort;
  /** dietary needs every listed restaurant has dishes for; empty = all */
  dietary?: readonly DietaryNeed[];
}

export const RESTAURANTS_PER_PAGE = 12;

/** Every page's query but the page; the cuisines sorted, so their order does not make a new listing. */
const listingQuery = (params: RestaurantSearchParams): BrowseQuery => ({
  per_page: RESTAURANTS_PER_PAGE,
  preset_category_names: params.cuisines.length > 0 ? [...params.cuisines].sort().join(',') : undefined,
  restaurant_sort: params.sort && params.sort !== 'distance' ? params.sort : undefined,
  dietary_types: dietaryParam(params.dietary),
  ...deliveryQuery(params.delivery),
});

export const searchRestaurants = (params: RestaurantSearchParams, page: number, signal?: AbortSignal) =>
  browse.restaurants({ ...listingQuery(params), page }, { signal });

export const restaurantSearchQueryOptions = (params: RestaurantSearchParams) =>
  infiniteQueryOptions({
    queryKey: browseKeys.restaurantPages(listingQuery(params)),
    queryFn: ({ pageParam, signal }) => searchRestaurants(params, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.metaData.currentPage < last.metaData.totalPage ? last.metaData.currentPage + 1 : undefined,
    // The filter strip and count stay on screen while a new filter loads.
    placeholderData: keepPreviousData,
  });

export const useRestaurantSearch = (params: RestaurantSearchParams) =>
  useInfiniteQuery(restaurantSearchQueryOptions(params));
