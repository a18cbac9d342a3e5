import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { HomePresets } from '../../../types/catalogue';

// GET api/v2/presets: the home page lists, trendingRestaurants and allPresets as
// [group name, presets] pairs (browse-account-orders §7).

export interface HomePresetsParams {
  lat: number | null;
  lng: number | null;
  address: string;
  deliveryDate: string;
  deliveryTime: string;
}

export const homePresetKeys = {
  all: ['home-presets'] as const,
  list: (params: HomePresetsParams) => [...homePresetKeys.all, params] as const,
};

export const getHomePresets = (params: HomePresetsParams, signal?: AbortSignal) =>
  api.get<HomePresets>('/api/v2/presets', {
    query: {
      lat: params.lat,
      lng: params.lng,
      // coordinates place the address; the text is only needed when they are missing
      address: params.lat === null ? params.address : undefined,
      deliveryDate: params.deliveryDate,
      deliveryTime: params.deliveryTime,
    },
    signal,
  });

export const homePresetsQueryOptions = (params: HomePresetsParams) =>
  queryOptions({
    queryKey: homePresetKeys.list(params),
    queryFn: ({ signal }) => getHomePresets(params, signal),
    staleTime: 5 * 60_000,
  });

export const useHomePresets = (params: HomePresetsParams) => useQuery(homePresetsQueryOptions(params));
