import type { OrderPayload, UpdateAddOnOrderBody } from '@caterway/contracts';
import { ordersClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import type { CheckoutOrder } from './types';

// PUT api/v2/catering_orders/{purchaseId}/update_addon_order {cart, eft} (ordering-payments §7):
// the add-on checkout's submit. The server keeps the parent's address and time, so only the
// cart, the contact and serving fields and the PO number and cost centre are sent (no tip and no
// on-site contact: the add-on rides on its parent's), with the parent link the add-on page was
// opened for (parent_token: the server refuses the add-on of another parent).

const orders = connect(ordersClient);

export function updateAddOnOrder(
  purchaseId: string,
  payload: OrderPayload,
  isEft: boolean,
  parentToken?: string,
): Promise<CheckoutOrder> {
  const cart: UpdateAddOnOrderBody['cart'] = {
    preset_items: payload.preset_items,
    num_cutlery: payload.num_cutlery,
    serving_style: payload.serving_style,
    first_name: payload.first_name,
    last_name: payload.last_name,
    company_name: payload.company_name,
    phone_number: payload.phone_number,
    email: payload.email,
    po_number: payload.po_number,
    cost_centre: payload.cost_centre,
    ...(payload.receiving_method === 'delivery'
      ? { delivery_suite_address: payload.delivery_suite_address, delivery_instruction: payload.delivery_instruction }
      : { pickup_instruction: payload.pickup_instruction }),
  };
  return orders.updateAddOn(purchaseId, { cart, eft: isEft, parent_token: parentToken });
}
