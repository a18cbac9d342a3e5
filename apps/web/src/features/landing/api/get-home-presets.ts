import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueClient, catalogueKeys, type DeliveryQuery } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

// GET api/v2/presets: the home page lists, trendingRestaurants and allPresets as
// [group name, presets] pairs (browse-account-orders §7).

const catalogue = connect(catalogueClient);

export interface HomePresetsParams {
  lat: number | null;
  lng: number | null;
  address: string;
  deliveryDate: string;
  deliveryTime: string;
  /** how many people (the headcount store): the cards' all-in price is for them */
  headcount?: number | null;
}

const homeQuery = (params: HomePresetsParams): DeliveryQuery => ({
  lat: params.lat,
  lng: params.lng,
  // coordinates place the address; the text is only needed when they are missing
  address: params.lat === null ? params.address : undefined,
  delivery_date: params.deliveryDate,
  delivery_time: params.deliveryTime,
  headcount: params.headcount ?? undefined,
});

export const getHomePresets = (params: HomePresetsParams, signal?: AbortSignal) =>
  catalogue.home(homeQuery(params), { signal });

export const homePresetsQueryOptions = (params: HomePresetsParams) =>
  queryOptions({
    queryKey: catalogueKeys.home(homeQuery(params)),
    queryFn: ({ signal }) => getHomePresets(params, signal),
    staleTime: 5 * 60_000,
  });

export const useHomePresets = (params: HomePresetsParams) => useQuery(homePresetsQueryOptions(params));
