import { formatCents } from '@caterway/domain';
import { withTransaction } from '../../db/pool.js';
import { conflict, notFound } from '../../lib/errors.js';
import { lifecycleEmail } from '../order-lifecycle/lifecycle.email.js';
import { scheduleProcessing } from '../order-lifecycle/lifecycle.service.js';
import {
  keepCorporateFields,
  keptLinesOf,
  keptPricesOf,
  prepareOrder,
  type OrderPayload,
  type PreparedOrder,
} from './order-checks.js';
import {
  answer,
  assertEditable,
  assertParentOpen,
  editMessages,
  logEvent,
  ownOrder,
  type CheckoutOrderResponse,
  type OrderEditContext,
} from './order-edit-context.js';
import { keepScheduled, settleEdit } from './order-payment-changes.js';
import { STALE_PAYMENT_CLAIM_SECONDS, type OrderRow } from './orders.repository.js';

/**
 * The rules of this order: an add-on rides on its parent's delivery (address, time, no fee, the
 * parent's on-site contact) and has its own PO number and cost centre, the parent's when not
 * given. Corporate fields an order's rewrite does not send are kept (keepCorporateFields).
 * `placed`: the order was paid for (an edit), so it keeps its prices.
 */
export async function prepareEditedOrder(
  ctx: OrderEditContext,
  order: OrderRow,
  payload: OrderPayload,
  userId: number,
  now: Date,
  placed = false,
): Promise<PreparedOrder> {
  const checks = { catalogue: ctx.catalogue, geocoder: ctx.geocoder };
  // a placed order keeps the dishes it holds when one is sold out since (decision 053), and the
  // prices it was placed at: only dishes and options it adds take today's (decision 052); an
  // add-on still being put together reads today's prices
  const kept = order.status === 'draft' ? undefined : keptLinesOf(order.request_payload.preset_items);
  const keptPrices = placed ? keptPricesOf(await ctx.orders.findItems(order.id)) : undefined;
  if (order.parent_order_id === null) {
    const own = keepCorporateFields(order, { ...payload, preset_id: order.preset_id ?? payload.preset_id });
    return prepareOrder(checks, own, userId, now, { kept, keptPrices, edit: true });
  }
  const parent = await ctx.orders.findById(order.parent_order_id);
  if (!parent) throw notFound('Order not found');
  assertParentOpen(parent, now);
  const p = parent.request_payload;
  const merged: OrderPayload = {
    ...payload,
    preset_id: parent.preset_id ?? payload.preset_id,
    receiving_method: parent.receiving_method,
    delivery_address: p.delivery_address,
    delivery_date: p.delivery_date,
    delivery_time: p.delivery_time,
    pickup_date: p.pickup_date,
    pickup_time: p.pickup_time,
    latitude: undefined,
    longitude: undefined,
    po_number: payload.po_number ?? parent.po_number,
    cost_centre: payload.cost_centre ?? parent.cost_centre,
    onsite_contact_name: parent.onsite_contact_name,
    onsite_contact_phone: parent.onsite_contact_phone,
  };
  return prepareOrder(checks, merged, userId, now, {
    addOn: { latitude: p.latitude ?? null, longitude: p.longitude ?? null },
    kept,
    keptPrices,
    edit: true,
  });
}

/**
 * PUT api/v2/catering_orders/{id} on a placed order: the edit page's Update Order (and the save
 * before Update Payment Method). Status, prices, owner and paid flags come from the server. The
 * order is rewritten under its row lock with the payment claimed, then the payment follows the
 * new total (settleEdit), or a far-future order keeps its card for later (keepScheduled).
 */
export async function editPlacedOrder(
  ctx: OrderEditContext,
  userId: number,
  id: number,
  payload: OrderPayload,
): Promise<CheckoutOrderResponse> {
  const existing = await ownOrder(ctx, id, userId);
  const now = ctx.clock.now();
  assertEditable(existing, now);
  const prepared = await prepareEditedOrder(ctx, existing, payload, userId, now, true);
  if (existing.captured_cents > 0 && prepared.totals.totalCents > existing.total_cents)
    throw conflict(editMessages.alreadyCollected);
  let scheduled = false;
  const rewritten = await withTransaction(ctx.db, async (tx) => {
    const locked = await ctx.orders.lockForUpdate(id, tx);
    if (!locked || locked.user_id !== userId) throw notFound('Order not found');
    assertEditable(locked, now);
    scheduled = locked.payment_status === 'scheduled';
    if (!(await ctx.orders.claimPlacedPayment(id, now, STALE_PAYMENT_CLAIM_SECONDS, tx)))
      throw conflict(editMessages.paymentInProgress);
    // a decrease of what was collected is a credit note against the order's invoice: issued
    // first from the order as charged if it has none (before its items are rewritten)
    const credited = locked.captured_cents > 0 && prepared.totals.totalCents < locked.total_cents;
    if (credited) await ctx.invoicing.issue(tx, locked, now);
    const before = await ctx.capacity.shares(tx, id);
    const row = await ctx.orders.rewritePlaced(id, { order: prepared, isEft: locked.is_eft, now }, tx);
    // a share moved to another slot or grown must fit the restaurant's capacity (rolls the edit back if not)
    await ctx.capacity.reserveChange(tx, id, before, now);
    if (credited) await ctx.invoicing.credit(tx, { before: locked, after: row, reason: 'edit', now });
    await logEvent(ctx, tx, locked, {
      event: 'edit',
      actor: 'customer',
      userId,
      note: `edit ${row.edit_version}: total ${formatCents(locked.total_cents)} -> ${formatCents(row.total_cents)}`,
      now,
    });
    // the processing time follows the new delivery time (order_processing_at is rewritten above)
    await scheduleProcessing(tx, row);
    return row;
  });
  const settled = scheduled ? await keepScheduled(ctx, rewritten) : await settleEdit(ctx, rewritten);
  try {
    await ctx.mailer.send(lifecycleEmail('updated', settled, `${ctx.publicUrl}/my-orders`, 'customer'));
  } catch (err) {
    // the edit is made: a mail outage must not turn it into an error the customer retries
    ctx.log.error({ err: { message: (err as Error).message }, orderId: id }, 'could not email the edited order');
  }
  return answer(ctx, settled, userId);
}
