import type { OrderPayload } from '@caterway/contracts';
import { api } from '../../../lib/api-client';
import type { CheckoutOrder } from './types';

// POST api/v2/catering_orders {catering_order, is_eft} -> 201 {catering_order}: the draft order,
// created on entering checkout and again when the payment type switches (ordering-payments §4).
// The server reprices it; its totals are the ones shown from then on.
export const createCateringOrder = (payload: OrderPayload, isEft: boolean) =>
  api
    .post<{ cateringOrder: CheckoutOrder }>('/api/v2/catering_orders', { cateringOrder: payload, isEft })
    .then((b) => b.cateringOrder);
