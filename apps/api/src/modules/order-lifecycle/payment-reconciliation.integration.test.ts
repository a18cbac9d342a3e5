import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers.js';
import { withTransaction } from '../../db/pool.js';
import { createJobRunner, enqueue, findJob } from '../../lib/jobs.js';
import { invoicesServiceFrom } from '../invoices/invoices.compose.js';
import { demoOrderSetup, type RestaurantFixture } from '../orders/orders.test-helpers.js';
import { applyOrderEvent } from './lifecycle.repository.js';
import { createLifecycleService, RECONCILE_PAYMENTS, reconcileJob } from './lifecycle.service.js';
import { auth, intentStatus, orderRow, placeOrder } from './lifecycle.test-helpers.js';

// The reconciliation job (decision 026): a live authorisation the provider still holds for a
// cancelled or declined order, whatever the order saved, is released by the recurring job,
// logged and noted in order_events. The leaks are made on purpose: a hold authorised for the
// order after it was cancelled (a crashed edit), and a cancelled order whose saved hold was never voided.

const NOW = new Date('2026-03-02T14:00:00Z');

describe('payment reconciliation job', () => {
  let ctx: TestContext;
  let f: RestaurantFixture;
  let jwt: string;

  beforeAll(async () => {
    let user: { jwt: string };
    ({ ctx, f, user } = await demoOrderSetup(NOW));
    jwt = user.jwt;
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  const accept = (id: number) =>
    withTransaction(ctx.db, (tx) =>
      applyOrderEvent(tx, { orderId: id, event: 'accept', actor: 'staff', actorUserId: null, now: NOW }),
    );
  /** An authorisation for the order made behind its back (as an edit that crashed before saving would leave it). */
  async function strayHold(orderId: number, amountCents: number) {
    const order = await orderRow(ctx.db, orderId);
    const { rows } = await ctx.db.query<{ customer_id: string }>(
      'SELECT customer_id FROM sandbox_payment_intents WHERE id = $1',
      [order.payment_intent_id],
    );
    return ctx.deps.payments.createPaymentIntent({
      amountCents,
      currency: order.currency,
      customerId: rows[0]!.customer_id,
      paymentMethodId: order.payment_method_id!,
      type: 'card',
      description: `Caterway order ${order.order_number}`,
      metadata: { order_id: String(order.id), order_number: order.order_number, purchase_id: order.purchase_id },
      idempotencyKey: crypto.randomUUID(),
    });
  }
  const notes = async (id: number) =>
    (
      await ctx.db.query<{ event: string; note: string }>(
        `SELECT event, note FROM order_events WHERE catering_order_id = $1 AND event = 'payment_reconciled' ORDER BY id`,
        [id],
      )
    ).rows;

  it('voids a leaked hold on a cancelled order, and a saved hold never voided; leaves live orders alone; runs again later', async () => {
    // 1. cancelled through the API, then a hold authorised for it anyway
    const cancelled = await placeOrder(ctx, f, jwt, NOW);
    await accept(cancelled.id);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/v2/catering_orders/${cancelled.id}`, headers: auth(jwt) }))
        .statusCode,
    ).toBe(200);
    const leaked = await strayHold(cancelled.id, 4_321);
    expect(leaked.status).toBe('requires_capture');
    // 2. declined, its saved hold still live (a release that never happened)
    const declined = await placeOrder(ctx, f, jwt, NOW);
    await ctx.db.query(`UPDATE catering_orders SET status = 'declined', updated_at = $2 WHERE id = $1`, [
      declined.id,
      NOW,
    ]);
    // 3. a live order with an extra hold: not the job's business
    const live = await placeOrder(ctx, f, jwt, NOW);
    await accept(live.id);
    const extra = await strayHold(live.id, 1_234);

    const logged: Record<string, unknown>[] = [];
    const log = {
      error: (o: object) => void logged.push({ level: 'error', ...o }),
      warn: (o: object) => void logged.push({ level: 'warn', ...o }),
    };
    const service = createLifecycleService({
      db: ctx.db,
      payments: ctx.deps.payments,
      mailer: ctx.deps.mailer,
      clock: ctx.deps.clock,
      publicUrl: 'http://x',
      invoicing: invoicesServiceFrom(ctx.deps),
      log,
    });
    await enqueue(ctx.db, reconcileJob(NOW));
    const runner = createJobRunner({
      db: ctx.db,
      clock: ctx.deps.clock,
      handlers: { [RECONCILE_PAYMENTS]: service.jobHandlers()[RECONCILE_PAYMENTS]! },
      log: { info() {}, error() {} },
    });
    const started = Date.now();
    expect(await runner.runDue()).toBe(1);
    const ms = Date.now() - started;

    expect((await intentStatus(ctx.db, leaked.id)).status).toBe('canceled');
    expect((await intentStatus(ctx.db, declined.payment_intent_id!)).status).toBe('canceled');
    expect((await intentStatus(ctx.db, extra.id)).status).toBe('requires_capture');
    expect((await intentStatus(ctx.db, live.payment_intent_id!)).status).toBe('requires_capture');
    // the declined order's saved payment follows
    expect(await orderRow(ctx.db, declined.id)).toMatchObject({ payment_status: 'canceled', authorized_cents: 0 });
    expect(await notes(cancelled.id)).toEqual([
      {
        event: 'payment_reconciled',
        note: `The reconciliation released a live authorisation of 4321 cents (${leaked.id}) left on a cancelled order.`,
      },
    ]);
    expect((await notes(declined.id)).map((n) => n.event)).toEqual(['payment_reconciled']);
    expect(await notes(live.id)).toEqual([]);
    expect(
      logged
        .filter((l) => l.level === 'warn')
        .map((l) => [l.orderId, l.paymentIntentId, l.amountCents])
        .sort(),
    ).toEqual(
      [
        [cancelled.id, leaked.id, 4_321],
        [declined.id, declined.payment_intent_id, declined.total_cents],
      ].sort(),
    );

    // recurring: queued again 15 minutes on, and a second run finds nothing more to release
    const job = (await findJob(ctx.db, RECONCILE_PAYMENTS, 'recurring'))!;
    expect([job.attempts, job.run_at.getTime()]).toEqual([0, NOW.getTime() + 15 * 60_000]);
    expect(await service.reconcilePayments()).toBe(0);
    expect(await notes(cancelled.id)).toHaveLength(1);
    expect(ms).toBeLessThan(5_000);
  });
});
