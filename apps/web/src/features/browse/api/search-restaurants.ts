import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { RestaurantSearch } from '../../../types/catalogue';
import { deliveryQuery, type DeliveryContext } from './delivery-context';

// GET api/v2/search.json?search_type=restaurant&page=&preset_category_names=&lat=&lng= (or
// address): restaurants ranked by distance, each saying whether it can take an order at the
// delivery date and time (ordering-payments §7). Pages load while currentPage < totalPage (§4).

export interface RestaurantSearchParams {
  delivery: DeliveryContext;
  /** selected cuisine filter cards; empty = all */
  cuisines: readonly string[];
}

export const restaurantSearchKeys = {
  all: ['search', 'restaurant'] as const,
  list: (params: RestaurantSearchParams) =>
    [...restaurantSearchKeys.all, params.delivery, [...params.cuisines].sort()] as const,
};

export const RESTAURANTS_PER_PAGE = 12;

export const searchRestaurants = (params: RestaurantSearchParams, page: number, signal?: AbortSignal) =>
  api.get<RestaurantSearch>('/api/v2/search.json', {
    query: {
      searchType: 'restaurant',
      page,
      perPage: RESTAURANTS_PER_PAGE,
      presetCategoryNames: params.cuisines.length > 0 ? params.cuisines.join(',') : undefined,
      ...deliveryQuery(params.delivery),
    },
    signal,
  });

export const restaurantSearchQueryOptions = (params: RestaurantSearchParams) =>
  infiniteQueryOptions({
    queryKey: restaurantSearchKeys.list(params),
    queryFn: ({ pageParam, signal }) => searchRestaurants(params, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.metaData.currentPage < last.metaData.totalPage ? last.metaData.currentPage + 1 : undefined,
    // The filter strip and count stay on screen while a new filter loads.
    placeholderData: keepPreviousData,
  });

export const useRestaurantSearch = (params: RestaurantSearchParams) =>
  useInfiniteQuery(restaurantSearchQueryOptions(params));
