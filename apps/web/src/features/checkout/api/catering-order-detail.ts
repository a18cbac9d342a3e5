import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  CateringOrderDetail as WireDetail,
  OrderPayload,
  UpdateOrderPaymentMethodBody,
} from '@caterway/contracts';
import { orderKeys, ordersClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import type { Camelize } from '../../../types/catalogue';

// A placed order as the edit-order and add-on pages read it (ordering-payments §3 'Order as read
// by the edit page', 'Add-on order info'), and the calls that change it after checkout.

const orders = connect(ordersClient);

export type CateringOrderDetail = Camelize<WireDetail>;

/** GET api/v2/catering_orders/{id}: 404 'Order not found' for an unknown id or another user's order. */
export const getCateringOrder = (id: number, signal?: AbortSignal) => orders.get(id, { signal });

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
  orders.update(id, { catering_order: payload, is_eft: false });

export type PaymentMethodUpdate = Camelize<UpdateOrderPaymentMethodBody>;

/** PUT api/v2/catering_orders/{id}/payment_method: Update Payment Method (402 with the provider's message on a decline). */
export const updateOrderPaymentMethod = (id: number, body: PaymentMethodUpdate) =>
  orders.changePaymentMethod(id, {
    payment_method_id: body.paymentMethodId,
    save_card: body.saveCard,
    is_eft: body.isEft,
    stripe_setup_intent_id: body.stripeSetupIntentId,
  });

/** POST api/v2/catering_orders/{id}/add_on_order: the add-on draft ({ id, presetId }). */
export const createAddOnOrder = (parentId: number) => orders.createAddOn(parentId);
