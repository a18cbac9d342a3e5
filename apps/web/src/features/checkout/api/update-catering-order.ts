import type { OrderPayload } from '@caterway/contracts';
import { ordersClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

// PUT api/v2/catering_orders/{id} {catering_order, is_eft}: on each submit of the checkout form.

const orders = connect(ordersClient);

export const updateCateringOrder = (id: number, payload: OrderPayload, isEft: boolean) =>
  orders.update(id, { catering_order: payload, is_eft: isEft });
