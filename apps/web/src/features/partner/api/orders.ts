import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { partnerClient, partnerKeys } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import type { OrdersView, PartnerAnswerBody } from './types';

const partner = connect(partnerClient);

/**
 * How often the inbox asks for its orders. Server-sent events come later (decision 047, GET
 * .../events): their handler calls refreshOrders below for each event, and this poll stays as
 * the fallback while the stream is down. It runs in a background tab too: the tab's title counts
 * the orders waiting, which is what a kitchen glances at.
 */
export const ORDERS_POLL_MS = 30_000;

// GET api/v2/partner/restaurants/{chefId}/orders?view=waiting|upcoming|past: { orders, waiting_count }.
export const ordersQueryOptions = (chefId: number, view: OrdersView) =>
  queryOptions({
    queryKey: partnerKeys.orders(chefId, { view }),
    queryFn: ({ signal }) => partner.orders(chefId, { view }, { signal }),
    staleTime: 0,
    refetchInterval: ORDERS_POLL_MS,
    refetchIntervalInBackground: true,
    meta: { handlesErrors: true },
  });

export const useOrders = (chefId: number, view: OrdersView) => useQuery(ordersQueryOptions(chefId, view));

// GET .../orders/{orderId}: the order as the kitchen needs it, with everything that reached the restaurant.
export const useOrder = (chefId: number, orderId: number | null) =>
  useQuery({
    queryKey: partnerKeys.order(chefId, orderId ?? 0),
    queryFn: ({ signal }) => partner.order(chefId, orderId!, { signal }),
    enabled: orderId !== null,
    staleTime: 0,
    meta: { handlesErrors: true },
  });

/**
 * Something changed for this restaurant's orders (an answer sent here, a 409, later an SSE event):
 * every list fetches again, and the one order's detail if named. Resolves once those on screen are in.
 */
export function refreshOrders(queryClient: QueryClient, chefId: number, orderId?: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: partnerKeys.orderLists(chefId) }),
    orderId === undefined ? null : queryClient.invalidateQueries({ queryKey: partnerKeys.order(chefId, orderId) }),
  ]);
}

export interface AnswerInput {
  orderId: number;
  body: PartnerAnswerBody;
}

// POST .../orders/{orderId}/answers: accept, decline with a reason, acknowledge. A 409 means the
// order changed first (an edit arrived, someone else answered): the lists and the order are
// fetched again either way, so the screen shows what it is now.
export function useAnswerOrder(chefId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, body }: AnswerInput) => partner.answer(chefId, orderId, body),
    meta: { handlesErrors: true },
    onSuccess: (order) => {
      queryClient.setQueryData(partnerKeys.order(chefId, order.id), order);
      return refreshOrders(queryClient, chefId);
    },
    onError: (_error, { orderId }) => refreshOrders(queryClient, chefId, orderId),
  });
}
