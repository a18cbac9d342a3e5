import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { fixedClock } from '../../lib/clock.js';
import { createJobRunner, findJob, type JobRunner } from '../../lib/jobs.js';
import { emailsTo, signedInUser } from '../auth/auth.test-helpers.js';
import { lifecycleServiceFrom } from '../order-lifecycle/lifecycle.compose.js';
import { auth, intentStatus, orderRow, staffUser } from '../order-lifecycle/lifecycle.test-helpers.js';
import { authenticationFailedMessage } from '../orders/orders.service.js';
import {
  cards,
  deliverySlot,
  orderPayload,
  restaurantFixture,
  sandboxCard,
  type RestaurantFixture,
} from '../orders/orders.test-helpers.js';
import {
  AUTHORISE_BEFORE_MS,
  AUTHORISE_ORDER,
  scheduledAuthorisationFrom,
  scheduledMessages,
} from './scheduled-authorisation.js';

// Far-future orders, authorisation expiry and 3-D Secure with the sandbox provider
// (docs/decisions/027): the clock moves, the job runner runs what is due.

const NOW = new Date('2026-03-02T14:00:00Z'); // a Monday, 9:00 in Toronto
const DAY = 86_400_000;
const quiet = { info() {}, warn() {}, error() {} };
const later = '4000000000000341'; // kept at checkout, declined when charged
const threeDs = '4000002760003184';

describe('payments over an order\u2019s life', () => {
  let ctx: TestContext;
  let f: RestaurantFixture;
  let customer: { jwt: string; email: string; id: number };
  let staff: { jwt: string };
  let runner: JobRunner;
  const clock = fixedClock(NOW);

  beforeAll(async () => {
    ctx = await createTestApp({ clock, env: { SESSION_IDLE_MINUTES: '525600' } });
    await ensureDemoData(ctx.db, quiet);
    f = await restaurantFixture(ctx.db);
    customer = await signedInUser(ctx.app, ctx.db);
    staff = await staffUser(ctx.app, ctx.db);
    const handlers = {
      ...lifecycleServiceFrom(ctx.deps, quiet).jobHandlers(),
      ...scheduledAuthorisationFrom(ctx.deps, quiet).jobHandlers(),
    };
    runner = createJobRunner({ db: ctx.db, clock, handlers, log: quiet });
  }, 120_000);
  afterAll(async () => ctx?.close());
  beforeEach(() => clock.set(NOW));

  const send = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method, url, headers: { ...auth(customer.jwt), ...headers }, ...(payload ? { payload } : {}) });
  const finalize = (order: { id: number; purchase_id: string }, pm: string) =>
    send(
      'POST',
      `/api/v2/catering_orders/${order.id}/finalize`,
      { purchase_id: order.purchase_id, payment_method_id: pm },
      { 'idempotency-key': crypto.randomUUID() },
    );
  const staffEvent = (id: number, event: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v2/ops/orders/${id}/events`,
      headers: auth(staff.jwt),
      payload: { event },
    });
  const opsOrder = async (id: number) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/v2/ops/orders/${id}`, headers: auth(staff.jwt) })).json().order;

  /** A draft for delivery `days` ahead (the first open day from then). */
  async function draft(days: number) {
    const slot = deliverySlot(f, NOW, { afterHours: days * 24 });
    const res = await send('POST', '/api/v2/catering_orders', {
      catering_order: orderPayload(f, NOW, { delivery_date: slot.date, delivery_time: slot.time }),
      is_eft: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().catering_order as { id: number; purchase_id: string };
  }

  async function farFuture(card: string) {
    const order = await draft(20);
    const res = await finalize(order, await sandboxCard(ctx.deps.payments, card));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().catering_order.payment_status).toBe('scheduled');
    return orderRow(ctx.db, order.id);
  }

  describe('an order delivered more than 6 days after checkout', () => {
    it('is placed without an authorisation, keeping the card; the job authorises it 5 days before delivery', async () => {
      const order = await farFuture(cards.ok);
      expect(order).toMatchObject({
        status: 'New',
        payment_status: 'scheduled',
        payment_intent_id: null,
        authorized_cents: 0,
      });
      expect(order.delivery_at.getTime() - NOW.getTime()).toBeGreaterThan(19 * DAY);
      const intents = await ctx.db.query(
        "SELECT count(*)::int AS n FROM sandbox_payment_intents WHERE metadata->>'order_id' = $1",
        [String(order.id)],
      );
      expect(intents.rows[0].n).toBe(0);
      // the card is kept on the customer through a confirmed setup intent
      const { rows } = await ctx.db.query(
        `SELECT s.status, pm.customer_id FROM sandbox_setup_intents s JOIN sandbox_payment_methods pm ON pm.id = s.payment_method_id WHERE pm.id = $1`,
        [order.payment_method_id],
      );
      expect(rows).toEqual([{ status: 'succeeded', customer_id: expect.stringMatching(/^cus_/) }]);
      // the confirmation goes out at checkout as for any order (to the order's email)
      expect(
        (await emailsTo(ctx.db, order.email, 'order_confirmation')).some((m) => m.subject.includes(order.order_number)),
      ).toBe(true);
      const due = order.delivery_at.getTime() - AUTHORISE_BEFORE_MS;
      expect((await findJob(ctx.db, AUTHORISE_ORDER, `order:${order.id}`))!.run_at.getTime()).toBe(due);
      expect((await staffEvent(order.id, 'accept')).statusCode).toBe(200);

      clock.set(new Date(due - 60_000));
      await runner.runDue();
      expect((await orderRow(ctx.db, order.id)).payment_status).toBe('scheduled');

      clock.set(new Date(due));
      await runner.runDue();
      const authorised = await orderRow(ctx.db, order.id);
      expect(authorised).toMatchObject({
        status: 'Accepted',
        payment_status: 'authorized',
        authorized_cents: order.total_cents,
        attention_reason: null,
      });
      expect(await intentStatus(ctx.db, authorised.payment_intent_id!)).toMatchObject({ status: 'requires_capture' });
      // and the processing job captures it at processing time, within the 7 days
      clock.set(authorised.order_processing_at);
      await runner.runDue();
      expect(await orderRow(ctx.db, order.id)).toMatchObject({
        payment_status: 'captured',
        captured_cents: order.total_cents,
      });
    });

    it('a card declined 5 days before delivery: the customer is emailed, operations see the flag, the order asks for Update Payment Method', async () => {
      const order = await farFuture(later);
      expect((await staffEvent(order.id, 'accept')).statusCode).toBe(200);
      clock.set(new Date(order.delivery_at.getTime() - AUTHORISE_BEFORE_MS));
      await runner.runDue();

      const failed = await orderRow(ctx.db, order.id);
      const reason = scheduledMessages.attention('Your card was declined.');
      expect(failed).toMatchObject({
        status: 'CardSetup',
        payment_status: 'failed',
        payment_error: 'Your card was declined.',
        attention_reason: reason,
        payment_intent_id: null,
      });
      const mail = (await emailsTo(ctx.db, order.email, 'order_payment_method_needed')).find((m) =>
        m.subject.includes(order.order_number),
      );
      expect(mail).toMatchObject({
        subject: `Action needed: update the payment method of your Caterway order ${order.order_number}`,
      });
      expect(mail!.text_body).toMatch(/Update Payment Method/);
      const ops = await opsOrder(order.id);
      expect(ops).toMatchObject({
        status: 'CardSetup',
        payment_status: 'failed',
        attention: { reason, since: clock.now().toISOString() },
      });
      expect(ops.events.map((e: { event: string }) => e.event)).toEqual([
        'pay',
        'accept',
        'payment_authorisation_failed',
        'payment_needs_setup',
      ]);
      // the customer's order page: the status that shows Update Payment Method, the card's message
      const detail = (await send('GET', `/api/v2/catering_orders/${order.id}`)).json().catering_order;
      expect(detail).toMatchObject({
        status: 'CardSetup',
        payment_status: 'failed',
        payment_error: 'Your card was declined.',
        edit_rule: { allowed: true, message: null },
      });

      const fresh = await sandboxCard(ctx.deps.payments, cards.ok);
      const updated = await send('PUT', `/api/v2/catering_orders/${order.id}/payment_method`, {
        payment_method_id: fresh,
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(await orderRow(ctx.db, order.id)).toMatchObject({
        status: 'ReadyToCapture',
        payment_status: 'authorized',
        payment_method_id: fresh,
        attention_reason: null,
      });
    });

    it('a New (not yet accepted) order whose authorisation fails is flagged and may still update its payment method', async () => {
      const order = await farFuture(later);
      clock.set(new Date(order.delivery_at.getTime() - AUTHORISE_BEFORE_MS + 3_600_000));
      await runner.runDue();
      expect(await orderRow(ctx.db, order.id)).toMatchObject({ status: 'New', payment_status: 'failed' });
      expect((await opsOrder(order.id)).attention).not.toBeNull();
      const updated = await send('PUT', `/api/v2/catering_orders/${order.id}/payment_method`, {
        payment_method_id: await sandboxCard(ctx.deps.payments, cards.ok),
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(await orderRow(ctx.db, order.id)).toMatchObject({
        status: 'New',
        payment_status: 'authorized',
        attention_reason: null,
      });
    });

    it('an edit keeps it scheduled and moves its authorisation with the delivery', async () => {
      const order = await farFuture(cards.ok);
      expect((await staffEvent(order.id, 'accept')).statusCode).toBe(200);
      const slot = deliverySlot(f, NOW, { afterHours: 27 * 24 });
      const res = await send('PUT', `/api/v2/catering_orders/${order.id}`, {
        catering_order: orderPayload(f, NOW, { delivery_date: slot.date, delivery_time: slot.time }),
        is_eft: false,
      });
      expect(res.statusCode, res.body).toBe(200);
      const edited = await orderRow(ctx.db, order.id);
      expect(edited).toMatchObject({ payment_status: 'scheduled', payment_intent_id: null });
      expect(edited.delivery_at.getTime()).toBeGreaterThan(order.delivery_at.getTime());
      expect((await findJob(ctx.db, AUTHORISE_ORDER, `order:${order.id}`))!.run_at.getTime()).toBe(
        edited.delivery_at.getTime() - AUTHORISE_BEFORE_MS,
      );
    });

    it('a card that needs 3-D Secure is authorised at checkout instead (it cannot be charged later without the customer)', async () => {
      const order = await draft(20);
      const res = await finalize(order, await sandboxCard(ctx.deps.payments, threeDs));
      expect(res.json().catering_order.payment_status).toBe('requires_action');
    });
  });

  describe('an authorisation older than 7 days', () => {
    it('expires in the sandbox; at capture it is renewed on the saved card and captured', async () => {
      const order = await draft(2);
      expect((await finalize(order, await sandboxCard(ctx.deps.payments, cards.ok))).statusCode).toBe(200);
      const placed = await orderRow(ctx.db, order.id);
      clock.set(new Date(NOW.getTime() + 8 * DAY)); // staff accept late, after the processing time
      expect(await ctx.deps.payments.retrievePaymentIntent(placed.payment_intent_id!)).toMatchObject({
        status: 'canceled',
        cancellationReason: 'automatic',
      });
      const res = await staffEvent(order.id, 'accept');
      expect(res.statusCode).toBe(200);
      const captured = await orderRow(ctx.db, order.id);
      expect(captured).toMatchObject({
        payment_status: 'captured',
        captured_cents: placed.total_cents,
        attention_reason: null,
      });
      expect(captured.payment_intent_id).not.toBe(placed.payment_intent_id);
      expect(res.json().order.events.map((e: { event: string }) => e.event)).toEqual([
        'pay',
        'accept',
        'edits_locked',
        'payment_renewed',
        'payment_captured',
      ]);
    });

    it('declined by staff after it expired: the order is declined (nothing left to void)', async () => {
      const order = await draft(2);
      expect((await finalize(order, await sandboxCard(ctx.deps.payments, cards.ok))).statusCode).toBe(200);
      clock.set(new Date(NOW.getTime() + 8 * DAY));
      const res = await staffEvent(order.id, 'decline');
      expect(res.statusCode, res.body).toBe(200);
      expect(await orderRow(ctx.db, order.id)).toMatchObject({
        status: 'declined',
        payment_status: 'canceled',
        authorized_cents: 0,
      });
    });

    it('that cannot be renewed (a 3-D Secure card, away from the customer) is failed and flagged for operations', async () => {
      const order = await draft(2);
      const first = await finalize(order, await sandboxCard(ctx.deps.payments, threeDs));
      const { client_secret } = first.json().catering_order;
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/v2/sandbox/payment_intents/authenticate',
            payload: { client_secret, outcome: 'complete' },
          })
        ).statusCode,
      ).toBe(200);
      const paid = await finalize(order, (await orderRow(ctx.db, order.id)).payment_method_id!);
      expect(paid.json().catering_order.payment_status).toBe('authorized');
      clock.set(new Date(NOW.getTime() + 8 * DAY));
      expect((await staffEvent(order.id, 'accept')).statusCode).toBe(200);
      const message = 'Your card was declined. This transaction requires authentication.';
      expect(await orderRow(ctx.db, order.id)).toMatchObject({
        payment_status: 'failed',
        payment_error: message,
        attention_reason: scheduledMessages.renewFailed(message),
      });
      expect((await opsOrder(order.id)).attention.reason).toBe(scheduledMessages.renewFailed(message));
    });
  });

  describe('3-D Secure at checkout (sandbox test card 4000 0027 6000 3184)', () => {
    it('finalize answers requires_action with the client secret; after the browser step, finalize again places the order', async () => {
      const order = await draft(2);
      const pm = await sandboxCard(ctx.deps.payments, threeDs);
      const first = await finalize(order, pm);
      expect(first.statusCode).toBe(200);
      const asked = first.json().catering_order;
      expect(asked).toMatchObject({
        id: order.id,
        status: 'draft',
        payment_status: 'requires_action',
        client_secret: expect.stringMatching(/^pi_.+_secret_/),
        payment_intent_id: expect.stringMatching(/^pi_/),
      });
      expect(await orderRow(ctx.db, order.id)).toMatchObject({
        status: 'draft',
        payment_status: 'requires_action',
        payment_intent_id: asked.payment_intent_id,
      });
      // not authenticated yet: asked again
      expect((await finalize(order, pm)).json().catering_order.payment_status).toBe('requires_action');

      const step = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/sandbox/payment_intents/authenticate',
        payload: { client_secret: asked.client_secret, outcome: 'complete' },
      });
      expect(step.json()).toEqual({ payment_intent: { id: asked.payment_intent_id, status: 'requires_capture' } });
      const done = await finalize(order, pm);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().catering_order).toMatchObject({ status: 'New', payment_status: 'authorized' });
      expect(await orderRow(ctx.db, order.id)).toMatchObject({
        status: 'New',
        payment_intent_id: asked.payment_intent_id,
        authorized_cents: asked.total_cents,
      });
    });

    it('the checkout form can still change while 3-D Secure waits; the changed total gets a new authorisation', async () => {
      const order = await draft(2);
      const pm = await sandboxCard(ctx.deps.payments, threeDs);
      const asked = (await finalize(order, pm)).json().catering_order;
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/sandbox/payment_intents/authenticate',
        payload: { client_secret: asked.client_secret, outcome: 'complete' },
      });
      const row = await orderRow(ctx.db, order.id);
      const changed = await send('PUT', `/api/v2/catering_orders/${order.id}`, {
        catering_order: { ...row.request_payload, num_cutlery: row.num_cutlery + 4 },
        is_eft: false,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const total = changed.json().catering_order.totals.total_cents;
      expect(total).toBeGreaterThan(asked.total_cents);
      // the authenticated hold was for the old total: released, and the new total asks again
      const again = (await finalize(order, pm)).json().catering_order;
      expect(again).toMatchObject({ payment_status: 'requires_action', total_cents: total });
      expect(again.payment_intent_id).not.toBe(asked.payment_intent_id);
      expect(await intentStatus(ctx.db, asked.payment_intent_id)).toMatchObject({ status: 'canceled' });
    });

    it('a failed challenge answers 402 with Stripe\u2019s message; another card then pays', async () => {
      const order = await draft(2);
      const pm = await sandboxCard(ctx.deps.payments, threeDs);
      const asked = (await finalize(order, pm)).json().catering_order;
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/sandbox/payment_intents/authenticate',
        payload: { client_secret: asked.client_secret, outcome: 'fail' },
      });
      const refused = await finalize(order, pm);
      expect([refused.statusCode, refused.json()]).toEqual([402, { error: authenticationFailedMessage }]);
      expect(await orderRow(ctx.db, order.id)).toMatchObject({
        status: 'draft',
        payment_status: 'failed',
        payment_error: authenticationFailedMessage,
      });
      const ok = await finalize(order, await sandboxCard(ctx.deps.payments, cards.ok));
      expect(ok.json().catering_order).toMatchObject({ status: 'New', payment_status: 'authorized' });
    });

    it('Update Payment Method with the 3-D Secure card answers the client secret; the old hold stays until it is completed', async () => {
      const order = await draft(2);
      expect((await finalize(order, await sandboxCard(ctx.deps.payments, cards.ok))).statusCode).toBe(200);
      expect((await staffEvent(order.id, 'accept')).statusCode).toBe(200);
      const before = await orderRow(ctx.db, order.id);
      const pm = await sandboxCard(ctx.deps.payments, threeDs);
      const asked = await send('PUT', `/api/v2/catering_orders/${order.id}/payment_method`, { payment_method_id: pm });
      expect(asked.statusCode, asked.body).toBe(200);
      const { client_secret } = asked.json().catering_order;
      expect(asked.json().catering_order).toMatchObject({
        payment_status: 'requires_action',
        client_secret: expect.stringMatching(/^pi_.+_secret_/),
      });
      expect(await orderRow(ctx.db, order.id)).toMatchObject({
        payment_status: 'authorized',
        payment_intent_id: before.payment_intent_id,
        payment_method_id: before.payment_method_id,
      });

      await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/sandbox/payment_intents/authenticate',
        payload: { client_secret, outcome: 'complete' },
      });
      const done = await send('PUT', `/api/v2/catering_orders/${order.id}/payment_method`, { payment_method_id: pm });
      expect(done.statusCode, done.body).toBe(200);
      const after = await orderRow(ctx.db, order.id);
      expect(after).toMatchObject({
        payment_status: 'authorized',
        payment_method_id: pm,
        authorized_cents: before.total_cents,
      });
      expect(after.payment_intent_id).not.toBe(before.payment_intent_id);
      expect(await intentStatus(ctx.db, before.payment_intent_id!)).toMatchObject({ status: 'canceled' });
    });
  });
});
