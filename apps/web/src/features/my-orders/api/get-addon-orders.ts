import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderKeys, ordersClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

const orders = connect(ordersClient);

// GET api/v2/catering_orders/{id}/addon_orders (browse-account-orders §2: past catering orders load them).
export const getAddonOrders = (id: number, signal?: AbortSignal) => orders.addOns(id, { signal });

export const addonOrdersQueryOptions = (id: number) =>
  queryOptions({ queryKey: orderKeys.addOns(id), queryFn: ({ signal }) => getAddonOrders(id, signal), staleTime: 0 });

export const useAddonOrders = (id: number, enabled: boolean) => useQuery({ ...addonOrdersQueryOptions(id), enabled });
