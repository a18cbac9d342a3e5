import type { z } from 'zod';
import type { addOnCartSchema, updateOrderPaymentMethodBodySchema } from '@caterway/contracts';
import { createCapacityService } from '../capacity/capacity.service.js';
import { orderEventsFrom } from '../order-lifecycle/order-events.service.js';
import { paymentFlagsFrom } from '../payment-lifecycle/payment-flags.service.js';
import { createAddOnOrder, updateAddOnOrder } from './add-on-orders.js';
import { changeOrderPaymentMethod } from './change-order-payment-method.js';
import { editPlacedOrder, prepareEditedOrder } from './edit-placed-order.js';
import type { OrderPayload } from './order-checks.js';
import { editRuleOf, type OrderEditContext, type OrderEditsDeps } from './order-edit-context.js';
import type { OrderRow } from './orders.repository.js';
import { STALE_PAYMENT_CLAIM_SECONDS } from './orders.types.js';

export { editMessages, editRuleOf, type OrderEditsDeps } from './order-edit-context.js';

// Changing an order after checkout (issue 5 items 4 and 5; ordering-payments §2 'Edit catered
// order page', 'Add-on order page', §4 'Order edit'):
// - edit: a placed order, only under the upcoming-order rule (editRule, the server's clock),
//   re-checked and repriced by prepareOrder; the payment follows the new total (below).
// - Update Payment Method: a new authorisation of the order's total on another card or account.
// - add-on orders: a draft child of a placed order, checked out with the add-on rules.
//
// The payment after an edit, before capture (the processing job captures at processing time):
// a new authorisation of the new total on the order's method, then the old one is cancelled, so
// the order is never without a hold and authorized_cents is what the live intent holds. Up or
// down alike ("hold less" on a decrease: Stripe cannot shrink an authorisation). A decline on an
// increase leaves the old hold and sends the order to CardSetup (payment_needs_setup); on a
// decrease the old hold still covers the order. After capture a decrease is refunded (never more
// than captured), with a credit note in the edit's transaction, and an increase is refused.
// Provider keys carry the edit version: a retried edit never authorises twice, the next edit
// authorises afresh.
//
// One order's mutations are serialised on its row (decision 026): the payment claim is taken and
// the result saved under the row lock, and a cancel (customer or staff) does not wait for the
// claim: the claimant's last step (finishClaim) finds the order cancelled and voids what it
// authorised instead of saving it. Add-ons: the parent's row lock orders their creation and
// updates against its cancel, which cancels them (lifecycle.service).

//
// Each operation is a use case of its own file: editPlacedOrder (edit-placed-order.ts),
// changeOrderPaymentMethod (change-order-payment-method.ts), createAddOnOrder and
// updateAddOnOrder (add-on-orders.ts); their payment steps are order-payment-changes.ts and the
// decisions packages/domain's (order-changes.ts, order-lifecycle.ts).

type PaymentMethodBody = z.output<typeof updateOrderPaymentMethodBodySchema>;
type AddOnCart = z.output<typeof addOnCartSchema>;

/** The use cases of changing a placed order, wired once (orders.compose.ts). */
export function createOrderEditsService(deps: OrderEditsDeps) {
  const ctx: OrderEditContext = {
    ...deps,
    orderEvents: orderEventsFrom(deps.db),
    paymentFlags: paymentFlagsFrom(deps.db),
    capacity: createCapacityService({ db: deps.db, staleSeconds: STALE_PAYMENT_CLAIM_SECONDS }),
  };
  return {
    editRuleOf,
    /** PUT api/v2/catering_orders/{id} on a placed order (editPlacedOrder). */
    edit: (userId: number, id: number, payload: OrderPayload) => editPlacedOrder(ctx, userId, id, payload),
    /** PUT api/v2/catering_orders/{id}/payment_method (changeOrderPaymentMethod). */
    updatePaymentMethod: (userId: number, id: number, body: PaymentMethodBody) =>
      changeOrderPaymentMethod(ctx, userId, id, body),
    /** POST api/v2/catering_orders/{id}/add_on_order (createAddOnOrder). */
    createAddOn: (userId: number, parentId: number) => createAddOnOrder(ctx, userId, parentId),
    /** PUT api/v2/catering_orders/{purchaseId}/update_addon_order (updateAddOnOrder). */
    updateAddOn: (userId: number, purchaseId: string, cart: AddOnCart, isEft: boolean, parentToken?: string) =>
      updateAddOnOrder(ctx, { userId, purchaseId, cart, isEft, parentToken }),
    /** The add-on checkout's finalize re-checks with the add-on rules (orders.service finalize). */
    prepareFor: (order: OrderRow, payload: OrderPayload, userId: number, now: Date) =>
      prepareEditedOrder(ctx, order, payload, userId, now),
  };
}
