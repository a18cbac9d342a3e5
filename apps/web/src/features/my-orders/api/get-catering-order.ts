import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderKeys, ordersClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

const orders = connect(ordersClient);

// GET api/v2/catering_orders/{id} (browse-account-orders §7): the order detail modal's data, under
// the same key as the edit page's read of the order.
export const getCateringOrder = (id: number, signal?: AbortSignal) => orders.get(id, { signal });

export const cateringOrderQueryOptions = (id: number) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => getCateringOrder(id, signal), staleTime: 0 });

export const useCateringOrder = (id: number) => useQuery(cateringOrderQueryOptions(id));
