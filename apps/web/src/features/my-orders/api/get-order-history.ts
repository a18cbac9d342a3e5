import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys, type OrderHistory } from './types';

// GET api/v2/order_history (browse-account-orders §7): upcoming and past, split by the server.
export const getOrderHistory = (signal?: AbortSignal) => api.get<OrderHistory>('/api/v2/order_history', { signal });

export const orderHistoryQueryOptions = () =>
  queryOptions({
    queryKey: orderKeys.history(),
    queryFn: ({ signal }) => getOrderHistory(signal),
    staleTime: 0,
    meta: { handlesErrors: true },
  });

export const useOrderHistory = () => useQuery(orderHistoryQueryOptions());
