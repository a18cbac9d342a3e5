import type { OrderPayload } from '@caterway/contracts';
import { ordersClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

// POST api/v2/catering_orders {catering_order, is_eft} -> 201 {catering_order}: the draft order,
// created on entering checkout and again when the payment type switches (ordering-payments §4).
// The server reprices it; its totals are the ones shown from then on.

const orders = connect(ordersClient);

export const createCateringOrder = (payload: OrderPayload, isEft: boolean) =>
  orders.create({ catering_order: payload, is_eft: isEft });
