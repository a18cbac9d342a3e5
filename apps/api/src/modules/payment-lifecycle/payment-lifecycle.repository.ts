import { outboxEmailPart } from '../../db/outbox-emails.js';
import type { Queryable } from '../../db/pool.js';
import { standalone } from '../../db/sql-parts.js';
import type { OutgoingEmail } from '../../ports/email.js';
import type { OrderRow } from '../orders/orders.types.js';

// SQL of the payment's life outside the checkout request (migration 027): Stripe's webhook
// events kept once by id, disputes, the operations flag, and payment moves that Stripe reports.
// Callers hold the order's row lock (orders.lockForUpdate) for every write to catering_orders.

export interface StoredWebhookEvent {
  id: string;
  type: string;
  livemode: boolean;
  createdAt: Date;
  receivedAt: Date;
  payload: unknown;
}

/** payment: the order's money needs a new method or a look; dispute: the bank disputes a charge */
export type AttentionKind = 'payment' | 'dispute';

export type WebhookOutcome = 'applied' | 'ignored' | 'stale';

export interface DisputeInput {
  id: string;
  orderId: number | null;
  paymentIntentId: string | null;
  chargeId: string;
  amountCents: number;
  currency: string;
  reason: string;
  status: string;
  createdAt: Date;
}

export function createPaymentLifecycleRepository(db: Queryable) {
  return {
    /**
     * Keeps the event; false when its id is stored already (a redelivery). A concurrent
     * delivery of the same id waits here for the first one's commit, then finds it.
     */
    async insertEvent(tx: Queryable, e: StoredWebhookEvent): Promise<boolean> {
      const { rowCount } = await tx.query(
        `INSERT INTO stripe_webhook_events (id, type, livemode, created_at, received_at, payload, outcome)
         VALUES ($1, $2, $3, $4, $5, $6, 'ignored') ON CONFLICT (id) DO NOTHING`,
        [e.id, e.type, e.livemode, e.createdAt, e.receivedAt, JSON.stringify(e.payload)],
      );
      return rowCount === 1;
    },

    async setEventOutcome(tx: Queryable, id: string, outcome: WebhookOutcome, orderId: number | null): Promise<void> {
      await tx.query('UPDATE stripe_webhook_events SET outcome = $2, catering_order_id = $3 WHERE id = $1', [
        id,
        outcome,
        orderId,
      ]);
    },

    async findEvent(
      id: string,
      tx: Queryable = db,
    ): Promise<{ id: string; type: string; outcome: WebhookOutcome; catering_order_id: number | null } | undefined> {
      const { rows } = await tx.query<{
        id: string;
        type: string;
        outcome: WebhookOutcome;
        catering_order_id: string | null;
      }>('SELECT id, type, outcome, catering_order_id FROM stripe_webhook_events WHERE id = $1', [id]);
      const r = rows[0];
      return r && { ...r, catering_order_id: r.catering_order_id === null ? null : Number(r.catering_order_id) };
    },

    /** The placed order whose payment is (or was) this intent: its current one, or one of an earlier attempt. */
    async findOrderIdByIntent(
      tx: Queryable,
      paymentIntentId: string,
      orderIdHint: number | null,
    ): Promise<number | undefined> {
      const { rows } = await tx.query<{ id: string }>(
        `SELECT id FROM catering_orders WHERE payment_intent_id = $1 OR id = $2
          ORDER BY (payment_intent_id IS NOT DISTINCT FROM $1) DESC LIMIT 1`,
        [paymentIntentId, orderIdHint],
      );
      return rows[0] ? Number(rows[0].id) : undefined;
    },

    /** Operations must look at the order: the reason shows in the console until it is resolved. */
    async flag(tx: Queryable, orderId: number, kind: AttentionKind, reason: string, now: Date): Promise<void> {
      // a dispute outranks a payment problem: it is not overwritten by one
      await tx.query(
        `UPDATE catering_orders SET attention_kind = $2, attention_reason = $3, attention_at = $4, updated_at = $4
          WHERE id = $1 AND (attention_kind IS DISTINCT FROM 'dispute' OR $2 = 'dispute')`,
        [orderId, kind, reason, now],
      );
    },

    /** A new authorisation holds the order again: a payment flag is resolved (a dispute's stays). */
    async clearPaymentFlag(tx: Queryable, orderId: number, now: Date): Promise<void> {
      await tx.query(
        `UPDATE catering_orders SET attention_kind = NULL, attention_reason = NULL, attention_at = NULL, updated_at = $2
          WHERE id = $1 AND attention_kind = 'payment'`,
        [orderId, now],
      );
    },

    /** The customer's email as an outbox row, committed with the caller's transaction (db/outbox-emails.ts). */
    async insertOutboxEmail(tx: Queryable, email: OutgoingEmail): Promise<void> {
      const { text, values } = standalone(outboxEmailPart(email));
      await tx.query(text, values);
    },

    async insertDispute(tx: Queryable, d: DisputeInput): Promise<void> {
      await tx.query(
        `INSERT INTO payment_disputes (id, catering_order_id, payment_intent_id, charge_id, amount_cents, currency, reason, status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING`,
        [d.id, d.orderId, d.paymentIntentId, d.chargeId, d.amountCents, d.currency, d.reason, d.status, d.createdAt],
      );
    },

    async findDisputes(
      orderId: number,
      tx: Queryable = db,
    ): Promise<{ id: string; amount_cents: number; reason: string; status: string }[]> {
      const { rows } = await tx.query<{ id: string; amount_cents: number; reason: string; status: string }>(
        'SELECT id, amount_cents, reason, status FROM payment_disputes WHERE catering_order_id = $1 ORDER BY created_at, id',
        [orderId],
      );
      return rows;
    },

    /** Refunds made in Stripe (dashboard, support): the order's refunded amount follows, never above what was captured. */
    async recordRefunded(tx: Queryable, orderId: number, refundedCents: number, now: Date): Promise<OrderRow> {
      const { rows } = await tx.query<OrderRow>(
        `UPDATE catering_orders SET refunded_cents = LEAST(GREATEST(refunded_cents, $2), captured_cents),
                payment_status = CASE WHEN LEAST(GREATEST(refunded_cents, $2), captured_cents) >= captured_cents AND captured_cents > 0
                                      THEN 'refunded' ELSE payment_status END,
                updated_at = $3
          WHERE id = $1 RETURNING *`,
        [orderId, refundedCents, now],
      );
      return rows[0]!;
    },

    /** The held authorisation is gone (expired or canceled in Stripe): nothing is held any more. */
    async markAuthorisationGone(tx: Queryable, orderId: number, error: string, now: Date): Promise<void> {
      await tx.query(
        `UPDATE catering_orders SET payment_status = 'canceled', authorized_cents = 0, payment_error = $2, updated_at = $3 WHERE id = $1`,
        [orderId, error, now],
      );
    },
  };
}
export type PaymentLifecycleRepository = ReturnType<typeof createPaymentLifecycleRepository>;
