import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys, type AddonOrder } from './types';

// GET api/v2/catering_orders/{id}/addon_orders (browse-account-orders §2: past catering orders load them).
export const getAddonOrders = (id: number, signal?: AbortSignal) =>
  api
    .get<{ addonOrders: AddonOrder[] }>(`/api/v2/catering_orders/${id}/addon_orders`, { signal })
    .then((body) => body.addonOrders);

export const addonOrdersQueryOptions = (id: number) =>
  queryOptions({ queryKey: orderKeys.addons(id), queryFn: ({ signal }) => getAddonOrders(id, signal), staleTime: 0 });

export const useAddonOrders = (id: number, enabled: boolean) => useQuery({ ...addonOrdersQueryOptions(id), enabled });
