import type { OrderPayload } from '@caterway/contracts';
import { api } from '../../../lib/api-client';
import type { CheckoutOrder } from './types';

// PUT api/v2/catering_orders/{id} {catering_order, is_eft}: on each submit of the checkout form.
export const updateCateringOrder = (id: number, payload: OrderPayload, isEft: boolean) =>
  api
    .put<{ cateringOrder: CheckoutOrder }>(`/api/v2/catering_orders/${id}`, { cateringOrder: payload, isEft })
    .then((b) => b.cateringOrder);
