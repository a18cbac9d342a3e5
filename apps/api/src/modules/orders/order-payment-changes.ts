import {
  CLOSED_STATUSES,
  collectedEditSettlement,
  coverageEvent,
  heldCentsOf,
  intentIsLive,
  messages,
  paymentStatusOfIntent,
  type OrderActor,
} from '@caterway/domain';
import { withTransaction, type Queryable } from '../../db/pool.js';
import { conflict, notFound } from '../../lib/errors.js';
import { enqueue } from '../../lib/jobs.js';
import { PaymentDeclinedError, PaymentRequestError, type PaymentIntent } from '../../ports/payments.js';
import { scheduleProcessing } from '../order-lifecycle/lifecycle.service.js';
import { scheduledAuthorisationJob } from '../payment-lifecycle/scheduled-authorisation.js';
import { editMessages, logEvent, type OrderEditContext } from './order-edit-context.js';
import type { OrderRow } from './orders.repository.js';

// The payment steps of a change to a placed order (order-edits.service.ts says the design): a new
// authorisation before the old one is released, the claim's last step under the row lock, and
// the status that follows whether a hold covers the total. The decisions are packages/domain's
// (order-changes.ts); these steps call the provider and write.

export type Reauthorised =
  { ok: true; intent: PaymentIntent } | { ok: false; declined: boolean; message: string; action?: PaymentIntent };

/** The provider's intent, or null when there is none or the provider does not know it. */
export async function retrieveIntent(ctx: OrderEditContext, id: string | null): Promise<PaymentIntent | null> {
  if (!id) return null;
  try {
    return await ctx.payments.retrievePaymentIntent(id);
  } catch (err) {
    if (err instanceof PaymentRequestError) return null;
    throw err;
  }
}

/**
 * Replaces the live authorisation by one of `amountCents` on `method`: the new one first, then
 * the old one is cancelled. If the old one cannot be cancelled the new one is, so the order
 * never holds two. Returns the new intent, or the refusal.
 */
export async function reauthorise(
  ctx: OrderEditContext,
  order: OrderRow,
  old: PaymentIntent | null,
  input: { amountCents: number; paymentMethodId: string; isEft: boolean; key: string },
): Promise<Reauthorised> {
  const { payments } = ctx;
  let intent: PaymentIntent;
  try {
    intent = await payments.createPaymentIntent({
      amountCents: input.amountCents,
      currency: order.currency,
      customerId: await ctx.paymentMethods.ensureCustomer(order.user_id),
      paymentMethodId: input.paymentMethodId,
      type: input.isEft ? 'acss_debit' : 'card',
      description: `Caterway order ${order.order_number}`,
      metadata: { order_id: String(order.id), order_number: order.order_number, purchase_id: order.purchase_id },
      idempotencyKey: `${input.key}-authorise`,
    });
  } catch (err) {
    if (err instanceof PaymentDeclinedError) return { ok: false, declined: true, message: err.message };
    if (err instanceof PaymentRequestError) return { ok: false, declined: false, message: err.message };
    throw err;
  }
  // 3-D Secure: the key replays the intent as first created; where it stands now is the provider's
  if (intent.status === 'requires_action') intent = await payments.retrievePaymentIntent(intent.id);
  if (intent.status === 'requires_action')
    return { ok: false, declined: false, message: messages.orderRequestFailed, action: intent };
  if (!intentIsLive(intent)) return { ok: false, declined: true, message: messages.orderRequestFailed };
  if (old && intentIsLive(old) && old.id !== intent.id) {
    try {
      await payments.cancelPaymentIntent(old.id, { idempotencyKey: `${input.key}-release-${old.id}` });
    } catch (err) {
      ctx.log.error(
        { err: { message: (err as Error).message }, orderId: order.id },
        'could not release the previous authorisation',
      );
      await payments
        .cancelPaymentIntent(intent.id, { idempotencyKey: `${input.key}-undo-${intent.id}` })
        .catch(() => undefined);
      return { ok: false, declined: false, message: messages.orderRequestFailed };
    }
  }
  return { ok: true, intent };
}

/**
 * The last step of a payment change, the claim held: with the row locked, `save` records where
 * the payment stands (releasing the claim). If the order was cancelled or declined meanwhile (a
 * cancel voids or refunds what the order holds without waiting for the claim), the authorisation
 * this request made is voided instead of saved and the answer is 409; should the provider fail
 * here, the reconciliation job releases it (lifecycle.service reconcilePayments).
 */
export async function finishClaim(
  ctx: OrderEditContext,
  orderId: number,
  made: PaymentIntent | null,
  save: (tx: Queryable) => Promise<OrderRow>,
): Promise<OrderRow> {
  const closed = await withTransaction(ctx.db, async (tx) => {
    const locked = await ctx.orders.lockForUpdate(orderId, tx);
    if (!locked) throw notFound('Order not found');
    if (!CLOSED_STATUSES.includes(locked.status)) return { saved: await save(tx) };
    if (made && intentIsLive(made)) {
      try {
        await ctx.payments.cancelPaymentIntent(made.id, {
          idempotencyKey: `catering-order-${orderId}-closed-${made.id}`,
        });
        await logEvent(ctx, tx, locked, {
          event: 'payment_voided',
          actor: 'system',
          userId: null,
          note: `The order was cancelled while its payment was being changed: the new authorisation ${made.id} was released.`,
          now: ctx.clock.now(),
        });
      } catch (err) {
        ctx.log.error(
          { err: { message: (err as Error).message }, orderId, paymentIntentId: made.id },
          'could not release the authorisation of a cancelled order',
        );
      }
    }
    return { closed: locked };
  });
  if ('closed' in closed) throw conflict(editMessages.cancelledMeanwhile);
  return closed.saved;
}

/** Moves the status to match whether a hold covers the total (coverageEvent decides; the machine checks). */
export async function followCoverage(
  ctx: OrderEditContext,
  tx: Queryable,
  order: OrderRow,
  covered: boolean,
  actor: OrderActor,
  actorUserId: number | null,
  now: Date,
): Promise<void> {
  const event = coverageEvent(order.status, covered);
  if (event === 'payment_authorised') {
    await ctx.orderEvents.applyEvent(tx, { orderId: order.id, event, actor, actorUserId, now });
    // a ReadyToCapture order past its processing time is captured at once
    await scheduleProcessing(tx, order);
  } else if (event === 'payment_needs_setup') {
    await ctx.orderEvents.applyEvent(tx, {
      orderId: order.id,
      event,
      actor: 'system',
      actorUserId: null,
      now,
      note: order.payment_error ?? '',
    });
  }
}

/**
 * An edit of a far-future order whose card is kept, not yet authorised: it stays so, and its
 * authorisation job follows the (maybe moved) delivery; a delivery now less than 5 days away
 * is authorised at the runner's next poll.
 */
export async function keepScheduled(ctx: OrderEditContext, order: OrderRow): Promise<OrderRow> {
  const now = ctx.clock.now();
  return withTransaction(ctx.db, async (tx) => {
    await ctx.orders.lockForUpdate(order.id, tx);
    await enqueue(tx, scheduledAuthorisationJob(order));
    return ctx.orders.setPlacedPayment(
      order.id,
      {
        paymentStatus: 'scheduled',
        paymentIntentId: null,
        paymentMethodId: order.payment_method_id,
        isEft: order.is_eft,
        authorizedCents: 0,
        refundedCents: order.refunded_cents,
        error: null,
        now,
      },
      tx,
    );
  });
}

type Adjusted = {
  intent: PaymentIntent | null;
  made: PaymentIntent | null;
  refunded: number;
  covered: boolean;
  error: string | null;
};

/** The provider side of an edit's payment: refund a collected decrease, or authorise the new total. */
async function adjustPayment(ctx: OrderEditContext, order: OrderRow, current: PaymentIntent | null): Promise<Adjusted> {
  const total = order.total_cents;
  const key = `catering-order-${order.id}-edit-${order.edit_version}`;
  const unchanged: Adjusted = {
    intent: current,
    made: null,
    refunded: order.refunded_cents,
    covered: false,
    error: null,
  };
  const oldHoldCovers = Boolean(current && intentIsLive(current) && current.amountCents >= total);
  if (current && current.status === 'succeeded') {
    const settlement = collectedEditSettlement({
      totalCents: total,
      receivedCents: current.amountReceivedCents,
      refundedCents: order.refunded_cents,
    });
    let refunded = order.refunded_cents;
    if (settlement.refundCents > 0) {
      const refund = await ctx.payments.refund({
        paymentIntentId: current.id,
        amountCents: settlement.refundCents,
        idempotencyKey: `${key}-refund`,
      });
      refunded += refund.amountCents;
    }
    return { ...unchanged, refunded, covered: settlement.covered };
  }
  if (current && intentIsLive(current) && current.amountCents === total) return { ...unchanged, covered: true };
  if (!order.payment_method_id) return { ...unchanged, error: messages.orderRequestFailed };
  const result = await reauthorise(ctx, order, current, {
    amountCents: total,
    paymentMethodId: order.payment_method_id,
    isEft: order.is_eft,
    key,
  });
  if (result.ok) return { ...unchanged, intent: result.intent, made: result.intent, covered: true };
  return { ...unchanged, covered: oldHoldCovers, error: oldHoldCovers ? null : result.message };
}

/** After an edit (claim held): make the payment follow the new total, then save where it stands. */
export async function settleEdit(ctx: OrderEditContext, order: OrderRow): Promise<OrderRow> {
  const now = ctx.clock.now();
  const current = await retrieveIntent(ctx, order.payment_intent_id);
  let adjusted: Adjusted;
  try {
    adjusted = await adjustPayment(ctx, order, current);
  } catch (err) {
    // a provider outage: the edit is kept, the old hold stays; the order asks for a payment if uncovered
    ctx.log.error(
      { err: { message: (err as Error).message }, orderId: order.id },
      'could not adjust the payment after an edit',
    );
    const covered = Boolean(current && intentIsLive(current) && current.amountCents >= order.total_cents);
    adjusted = {
      intent: current,
      made: null,
      refunded: order.refunded_cents,
      covered,
      error: covered ? null : messages.orderRequestFailed,
    };
  }
  const { intent, made, refunded, covered, error } = adjusted;
  return finishClaim(ctx, order.id, made, async (tx) => {
    const saved = await ctx.orders.setPlacedPayment(
      order.id,
      {
        paymentStatus: intent ? paymentStatusOfIntent(intent) : 'failed',
        paymentIntentId: intent?.id ?? order.payment_intent_id,
        paymentMethodId: order.payment_method_id,
        isEft: order.is_eft,
        authorizedCents: intent ? heldCentsOf(intent) : 0,
        refundedCents: refunded,
        error,
        now,
      },
      tx,
    );
    await followCoverage(ctx, tx, saved, covered, 'system', null, now);
    return (await ctx.orders.findById(order.id, tx))!;
  });
}
