import Stripe from 'stripe';
import { withTransaction, type Db, type Queryable } from '../../db/pool.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { orderEventsFrom } from '../order-lifecycle/order-events.service.js';
import type { OrderRecords } from '../orders/order-records.service.js';
import type { OrderRow } from '../orders/orders.types.js';
import { createPaymentLifecycleRepository, type WebhookOutcome } from './payment-lifecycle.repository.js';

// POST /api/stripe/webhook (docs/decisions/027; adapters/payments/README.md): Stripe tells us
// what happened to a payment outside our requests (a bank debit settled or failed, an
// authorisation expired, a refund or a dispute made in Stripe). The signature is Stripe's
// (Stripe-Signature t=...,v1=..., HMAC-SHA256 of `${t}.${rawBody}` with the endpoint's secret,
// 300 s tolerance) checked by the official SDK. Each event is stored once by id in the same
// transaction as the change it makes, with the order's row locked: a redelivery is a no-op,
// and a failure stores nothing, so Stripe's retry applies it.

export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const webhookMessages = {
  missingSignature: 'Missing Stripe-Signature header.',
  badSignature: 'Invalid Stripe signature: the payload was not signed with STRIPE_WEBHOOK_SECRET.',
  tooOld: `Invalid Stripe signature: its timestamp is more than ${WEBHOOK_TOLERANCE_SECONDS} seconds old.`,
  notJson: 'Invalid Stripe event: the body is not an event.',
} as const;

export const attentionReasons = {
  paymentFailed: (message: string) => `The payment failed in Stripe: ${message}`,
  authorisationCanceled: 'The card authorisation was canceled in Stripe before capture.',
  authorisationExpired: 'The card authorisation expired before capture (7 days).',
  requiresAction: 'The card\u2019s bank asks the customer to authenticate the payment (3-D Secure).',
  dispute: (reason: string, amount: string) =>
    `The customer's bank disputes ${amount} (${reason}): answer the dispute in Stripe.`,
} as const;

export interface StripeWebhooksDeps {
  db: Db;
  orders: Pick<OrderRecords, 'lockForUpdate'>;
  clock: Clock;
  secret: string;
}

type Handled = { outcome: WebhookOutcome; orderId: number | null };
const ignored: Handled = { outcome: 'ignored', orderId: null };

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v == null ? null : typeof v === 'string' ? v : v.id;
const orderIdOf = (metadata: Stripe.Metadata | null | undefined): number | null => {
  const n = Number(metadata?.order_id);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};
const dollars = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

export function createStripeWebhooksService(deps: StripeWebhooksDeps) {
  const { db, clock } = deps;
  const repo = createPaymentLifecycleRepository(db);
  const ops = orderEventsFrom(db);

  /** Stripe's signature over the raw body, checked at the app's clock; a 400 AppError when it fails. */
  function verify(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    if (!signature) throw new AppError('bad_request', webhookMessages.missingSignature);
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(
        rawBody,
        signature,
        deps.secret,
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        clock.now().getTime(),
      );
    } catch (err) {
      if (err instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw new AppError(
          'bad_request',
          /tolerance/i.test(err.message) ? webhookMessages.tooOld : webhookMessages.badSignature,
        );
      }
      throw new AppError('bad_request', webhookMessages.notJson);
    }
    if (!event || typeof event.id !== 'string' || typeof event.type !== 'string' || !event.data?.object) {
      throw new AppError('bad_request', webhookMessages.notJson);
    }
    return event;
  }

  /** The order of a payment intent, locked; current: the intent is the order's live one. */
  async function lockOrderOf(
    tx: Queryable,
    paymentIntentId: string | null,
    metadata?: Stripe.Metadata | null,
  ): Promise<{ order: OrderRow; current: boolean } | undefined> {
    if (!paymentIntentId) return undefined;
    const id = await repo.findOrderIdByIntent(tx, paymentIntentId, orderIdOf(metadata));
    if (id === undefined) return undefined;
    const order = await deps.orders.lockForUpdate(id, tx);
    return order && { order, current: order.payment_intent_id === paymentIntentId };
  }

  async function flag(tx: Queryable, order: OrderRow, event: string, reason: string, now: Date): Promise<void> {
    await repo.flag(tx, order.id, event === 'payment_disputed' ? 'dispute' : 'payment', reason, now);
    await ops.note(tx, { orderId: order.id, event, status: order.status, note: reason, now });
  }

  async function paymentIntentEvent(
    tx: Queryable,
    type: string,
    pi: Stripe.PaymentIntent,
    now: Date,
  ): Promise<Handled> {
    const found = await lockOrderOf(tx, pi.id, pi.metadata);
    if (!found) return ignored;
    const { order, current } = found;
    // an intent an edit or a new method replaced (and released) says nothing about the order now
    if (!current) return { outcome: 'stale', orderId: order.id };
    // a checkout in progress (3-D Secure) is finished by its finalize, not by the event
    if (order.status === 'draft') return { outcome: 'ignored', orderId: order.id };
    switch (type) {
      case 'payment_intent.succeeded': {
        if (order.payment_status === 'captured' && order.captured_cents === pi.amount_received)
          return { outcome: 'ignored', orderId: order.id };
        const captured = await ops.markCaptured(tx, order.id, pi.amount_received, now);
        await ops.note(tx, {
          orderId: order.id,
          event: 'payment_captured',
          status: order.status,
          note: `Stripe reports the payment succeeded: ${pi.amount_received} cents.`,
          now,
        });
        if (captured.status === 'Delivered')
          await ops.applyEvent(tx, { orderId: order.id, event: 'settle', actor: 'system', actorUserId: null, now });
        return { outcome: 'applied', orderId: order.id };
      }
      case 'payment_intent.payment_failed': {
        if (order.payment_status === 'captured') return { outcome: 'ignored', orderId: order.id };
        const message = pi.last_payment_error?.message ?? 'The payment failed.';
        await ops.markPaymentFailed(tx, order.id, message, now);
        await flag(tx, order, 'payment_failed', attentionReasons.paymentFailed(message), now);
        return { outcome: 'applied', orderId: order.id };
      }
      case 'payment_intent.canceled': {
        if (order.payment_status !== 'authorized' && order.payment_status !== 'processing')
          return { outcome: 'ignored', orderId: order.id };
        // Stripe cancels an uncaptured card authorisation after 7 days (cancellation_reason automatic)
        const reason =
          pi.cancellation_reason === 'automatic'
            ? attentionReasons.authorisationExpired
            : attentionReasons.authorisationCanceled;
        await repo.markAuthorisationGone(tx, order.id, reason, now);
        await flag(tx, order, 'payment_canceled', reason, now);
        return { outcome: 'applied', orderId: order.id };
      }
      case 'payment_intent.requires_action': {
        // a placed order waits on its customer
        await flag(tx, order, 'payment_requires_action', attentionReasons.requiresAction, now);
        return { outcome: 'applied', orderId: order.id };
      }
    }
    return ignored;
  }

  async function chargeRefunded(tx: Queryable, charge: Stripe.Charge, now: Date): Promise<Handled> {
    const found = await lockOrderOf(tx, idOf(charge.payment_intent), charge.metadata);
    if (!found) return ignored;
    const { order, current } = found;
    if (!current) return { outcome: 'stale', orderId: order.id };
    if (charge.amount_refunded <= order.refunded_cents) return { outcome: 'ignored', orderId: order.id };
    const row = await repo.recordRefunded(tx, order.id, charge.amount_refunded, now);
    await ops.note(tx, {
      orderId: order.id,
      event: 'payment_refunded',
      status: order.status,
      note: `Stripe reports ${row.refunded_cents} cents refunded in all.`,
      now,
    });
    return { outcome: 'applied', orderId: order.id };
  }

  async function disputeCreated(tx: Queryable, dispute: Stripe.Dispute, now: Date): Promise<Handled> {
    const found = await lockOrderOf(tx, idOf(dispute.payment_intent), dispute.metadata);
    await repo.insertDispute(tx, {
      id: dispute.id,
      orderId: found?.order.id ?? null,
      paymentIntentId: idOf(dispute.payment_intent),
      chargeId: idOf(dispute.charge) ?? '',
      amountCents: dispute.amount,
      currency: dispute.currency,
      reason: dispute.reason,
      status: dispute.status,
      createdAt: new Date(dispute.created * 1000),
    });
    if (!found) return { outcome: 'applied', orderId: null };
    await flag(
      tx,
      found.order,
      'payment_disputed',
      attentionReasons.dispute(dispute.reason, dollars(dispute.amount, dispute.currency)),
      now,
    );
    return { outcome: 'applied', orderId: found.order.id };
  }

  async function apply(tx: Queryable, event: Stripe.Event, now: Date): Promise<Handled> {
    switch (event.type) {
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed':
      case 'payment_intent.canceled':
      case 'payment_intent.requires_action':
        return paymentIntentEvent(tx, event.type, event.data.object, now);
      case 'charge.refunded':
        return chargeRefunded(tx, event.data.object, now);
      case 'charge.dispute.created':
        return disputeCreated(tx, event.data.object, now);
      default:
        return ignored; // any other event is acknowledged and kept, so Stripe stops sending it
    }
  }

  return {
    verify,

    /** Verifies, stores once and applies an event. duplicate: its id was stored already (nothing done). */
    async receive(
      rawBody: Buffer,
      signature: string | undefined,
    ): Promise<{ duplicate: boolean; outcome: WebhookOutcome }> {
      const event = verify(rawBody, signature);
      const now = clock.now();
      return withTransaction(db, async (tx) => {
        const fresh = await repo.insertEvent(tx, {
          id: event.id,
          type: event.type,
          livemode: Boolean(event.livemode),
          createdAt: new Date(event.created * 1000),
          receivedAt: now,
          payload: event,
        });
        if (!fresh) {
          const stored = await repo.findEvent(event.id, tx);
          return { duplicate: true, outcome: stored?.outcome ?? 'ignored' };
        }
        const handled = await apply(tx, event, now);
        await repo.setEventOutcome(tx, event.id, handled.outcome, handled.orderId);
        return { duplicate: false, outcome: handled.outcome };
      });
    },
  };
}
export type StripeWebhooksService = ReturnType<typeof createStripeWebhooksService>;
