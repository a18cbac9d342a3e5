import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CateringOrderDetail as WireDetail, OrderPayload } from '@caterway/contracts';
import { api } from '../../../lib/api-client';
import type { Camelize } from '../../../types/catalogue';
import type { CheckoutOrder } from './types';

// A placed order as the edit-order and add-on pages read it (ordering-payments §3 'Order as read
// by the edit page', 'Add-on order info'), and the calls that change it after checkout.

export type CateringOrderDetail = Camelize<WireDetail>;

export const orderKeys = {
  all: ['catering-orders'] as const,
  detail: (id: number) => [...orderKeys.all, 'detail', id] as const,
};

/** GET api/v2/catering_orders/{id}: 404 'Order not found' for an unknown id or another user's order. */
export const getCateringOrder = (id: number, signal?: AbortSignal) =>
  api
    .get<{ cateringOrder: CateringOrderDetail }>(`/api/v2/catering_orders/${id}`, { signal })
    .then((b) => b.cateringOrder);

export const cateringOrderQuery = (id: number) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => getCateringOrder(id, signal),
    retry: false,
    staleTime: 0,
  });

export const useCateringOrder = (id: number, enabled = true) =>
  useQuery({ ...cateringOrderQuery(id), enabled: enabled && Number.isSafeInteger(id) && id > 0 });

/** PUT api/v2/catering_orders/{id} on a placed order: the edit (re-checked, repriced; the payment follows). */
export const editCateringOrder = (id: number, payload: OrderPayload) =>
  api
    .put<{ cateringOrder: CheckoutOrder }>(`/api/v2/catering_orders/${id}`, { cateringOrder: payload, isEft: false })
    .then((b) => b.cateringOrder);

export interface PaymentMethodUpdate {
  paymentMethodId: string;
  saveCard: boolean;
  isEft: boolean;
  stripeSetupIntentId?: string;
}

/** PUT api/v2/catering_orders/{id}/payment_method: Update Payment Method (402 with the provider's message on a decline). */
export const updateOrderPaymentMethod = (id: number, body: PaymentMethodUpdate) =>
  api
    .put<{ cateringOrder: CheckoutOrder }>(`/api/v2/catering_orders/${id}/payment_method`, body)
    .then((b) => b.cateringOrder);

/** POST api/v2/catering_orders/{id}/add_on_order: the add-on draft ({ id, presetId }). */
export const createAddOnOrder = (parentId: number) =>
  api.post<{ id: number; presetId: number }>(`/api/v2/catering_orders/${parentId}/add_on_order`);
