import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderKeys, ordersClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

const orders = connect(ordersClient);

// GET api/v2/order_history (browse-account-orders §7): upcoming and past, split by the server.
export const getOrderHistory = (signal?: AbortSignal) => orders.history({ signal });

export const orderHistoryQueryOptions = () =>
  queryOptions({
    queryKey: orderKeys.history(),
    queryFn: ({ signal }) => getOrderHistory(signal),
    staleTime: 0,
    meta: { handlesErrors: true },
  });

export const useOrderHistory = () => useQuery(orderHistoryQueryOptions());
