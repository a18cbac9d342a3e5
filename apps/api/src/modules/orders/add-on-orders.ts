import crypto from 'node:crypto';
import type { z } from 'zod';
import type { addOnCartSchema } from '@caterway/contracts';
import { withTransaction } from '../../db/pool.js';
import { conflict, notFound, validationFailed } from '../../lib/errors.js';
import { prepareEditedOrder } from './edit-placed-order.js';
import type { OrderPayload } from './order-checks.js';
import {
  answer,
  assertParentOpen,
  editMessages,
  ownOrder,
  type CheckoutOrderResponse,
  type OrderEditContext,
} from './order-edit-context.js';
import { parentTokanizeLink } from './order-view.js';

type AddOnCart = z.output<typeof addOnCartSchema>;

const alreadyPaid = () => conflict('This order is already paid and can no longer be changed here.');

/**
 * POST api/v2/catering_orders/{id}/add_on_order: a draft add-on of the user's placed order
 * (reused while it is still unpaid). Answers { id, preset_id } for the add-on page.
 */
export async function createAddOnOrder(
  ctx: OrderEditContext,
  userId: number,
  parentId: number,
): Promise<{ id: number; preset_id: number }> {
  const parent = await ownOrder(ctx, parentId, userId);
  if (parent.parent_order_id !== null) throw conflict(editMessages.addOnOfAddOn);
  const now = ctx.clock.now();
  assertParentOpen(parent, now);
  if (parent.preset_id === null) throw conflict(editMessages.parentClosed);
  const [lead] = await ctx.catalogue.findChefsOfPreset(parent.preset_id);
  if (!lead || lead.addon_maximum_items_qty <= 0) throw conflict(editMessages.noAddOns);
  // the parent's row lock: racing clicks make one draft, and a cancel of the parent either
  // comes first (refused here) or finds the draft and cancels it
  const addOn = await withTransaction(ctx.db, async (tx) => {
    const locked = await ctx.orders.lockForUpdate(parent.id, tx);
    if (!locked) throw notFound('Order not found');
    assertParentOpen(locked, now);
    return (
      (await ctx.orders.findOpenAddOn(parent.id, userId, tx)) ??
      (await ctx.orders.insertAddOn({ parent: locked, purchaseId: crypto.randomUUID(), now }, tx))
    );
  });
  return { id: addOn.id, preset_id: addOn.preset_id! };
}

/**
 * PUT api/v2/catering_orders/{purchaseId}/update_addon_order: the add-on checkout's submit
 * (cart, eft). A parent_token sent must be this add-on's parentTokanizeLink: a checkout
 * opened for another parent is refused (409) rather than charged to this one.
 */
export async function updateAddOnOrder(
  ctx: OrderEditContext,
  input: { userId: number; purchaseId: string; cart: AddOnCart; isEft: boolean; parentToken?: string },
): Promise<CheckoutOrderResponse> {
  const { userId, cart, isEft } = input;
  const order = await ctx.orders.findByPurchaseId(input.purchaseId);
  if (!order || order.user_id !== userId) throw notFound('Order not found');
  if (order.parent_order_id === null) throw conflict(editMessages.notAnAddOn);
  if (order.payment_status !== 'unpaid' && order.payment_status !== 'failed') throw alreadyPaid();
  const parent = await ctx.orders.findById(order.parent_order_id);
  if (!parent) throw notFound('Order not found');
  if (
    input.parentToken !== undefined &&
    input.parentToken !== parentTokanizeLink((await ctx.orders.findDisplayContext(order.id)).preset_slug, parent)
  ) {
    throw conflict(editMessages.otherParent);
  }
  const now = ctx.clock.now();
  assertParentOpen(parent, now);
  if (isEft) {
    const [lead] = await ctx.catalogue.findChefsOfPreset(order.preset_id ?? 0);
    if (!lead?.eft_enabled) throw validationFailed(['Bank debit (EFT) is not offered by this restaurant.']);
  }
  const payload: OrderPayload = {
    ...parent.request_payload,
    ...cart,
    preset_id: parent.preset_id!,
    company_name: cart.company_name ?? '',
    delivery_suite_address: cart.delivery_suite_address ?? parent.request_payload.delivery_suite_address,
    // the add-on's own, else the parent's as it stands now (prepareEditedOrder), not as it was paid
    po_number: cart.po_number,
    cost_centre: cart.cost_centre,
  };
  const prepared = await prepareEditedOrder(ctx, order, payload, userId, now);
  const updated = await withTransaction(ctx.db, async (tx) => {
    // under the parent's lock: a cancel of the parent cannot slip between the check and the write
    const lockedParent = await ctx.orders.lockForUpdate(parent.id, tx);
    if (!lockedParent) throw notFound('Order not found');
    assertParentOpen(lockedParent, now);
    return ctx.orders.update(order.id, { order: prepared, isEft, now }, tx);
  });
  if (!updated) throw alreadyPaid();
  return answer(ctx, updated, userId);
}
