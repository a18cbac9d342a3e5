import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook, startStripeFake, type StripeFake } from '../../../test/fakes/stripe-fake.js';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { createStripeProvider } from '../../adapters/payments/stripe-provider.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { fixedClock } from '../../lib/clock.js';
import { signedInUser, testGeocoder } from '../auth/auth.test-helpers.js';
import { auth, orderRow, staffUser } from '../order-lifecycle/lifecycle.test-helpers.js';
import { orderPayload, restaurantFixture, type RestaurantFixture } from '../orders/orders.test-helpers.js';
import { attentionReasons, webhookMessages } from './stripe-webhooks.service.js';

// POST /api/stripe/webhook against the local fake of Stripe: the events are the ones the fake
// records as Stripe would send them, signed with Stripe's scheme by the SDK's own helper.

const NOW = new Date('2026-03-02T14:00:00Z');
const SECRET = 'whsec_test_caterway_0123456789';
const quiet = { info() {}, warn() {}, error() {} };

describe('Stripe webhooks', () => {
  let fake: StripeFake;
  let ctx: TestContext;
  let f: RestaurantFixture;
  let fEft: RestaurantFixture;
  let customer: { jwt: string; email: string; id: number };
  let staff: { jwt: string };
  const clock = fixedClock(NOW);
  const seconds = () => Math.floor(clock.now().getTime() / 1000);

  beforeAll(async () => {
    fake = await startStripeFake();
    ctx = await createTestApp({
      clock,
      geocoder: testGeocoder,
      env: { STRIPE_WEBHOOK_SECRET: SECRET, SESSION_IDLE_MINUTES: '525600' },
      payments: createStripeProvider({
        secretKey: fake.secretKey,
        publishableKey: 'pk_test_fake',
        apiUrl: fake.url,
        maxNetworkRetries: 0,
      }),
    });
    await ensureDemoData(ctx.db, quiet);
    f = await restaurantFixture(ctx.db);
    fEft = await restaurantFixture(ctx.db, { eft: true });
    customer = await signedInUser(ctx.app, ctx.db);
    staff = await staffUser(ctx.app, ctx.db);
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  const deliver = (payload: string, headers: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
      payload,
    });
  /** The event as Stripe posts it: its JSON and a fresh signature at the app's clock. */
  const send = (event: object, at = seconds()) => {
    const payload = JSON.stringify(event, null, 2);
    return deliver(payload, { 'stripe-signature': signWebhook(payload, SECRET, at) });
  };
  const storedEvents = async () =>
    Number((await ctx.db.query('SELECT count(*) FROM stripe_webhook_events')).rows[0].count);
  const opsDetail = async (id: number) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/v2/ops/orders/${id}`, headers: auth(staff.jwt) })).json().order;

  /** A placed order paid with a Stripe card (Elements made the payment method) or a PAD bank account. */
  async function place(options: { eft?: boolean } = {}) {
    const fixture = options.eft ? fEft : f;
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/catering_orders',
      headers: auth(customer.jwt),
      payload: { catering_order: orderPayload(fixture, NOW), is_eft: Boolean(options.eft) },
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json().catering_order;
    let pm: string;
    if (options.eft) {
      const seti = (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v2/payment_methods/create_setup_intent',
          headers: auth(customer.jwt),
          payload: { payment_type: 'acss_debit' },
        })
      ).json();
      pm = fake.confirmAcssSetupIntent(seti.setup_intent_id, {
        bankName: 'TD Canada Trust',
        last4: '6789',
        name: 'Dana Morgan',
        email: 'ap@x.example',
      }).payment_method as string;
    } else {
      pm = fake.createCardPaymentMethod('4242424242424242').id;
    }
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/catering_orders/${order.id}/finalize`,
      headers: { ...auth(customer.jwt), 'idempotency-key': crypto.randomUUID() },
      payload: { purchase_id: order.purchase_id, payment_method_id: pm },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return orderRow(ctx.db, order.id);
  }

  it('refuses a missing, wrong or stale signature with 400 and stores nothing', async () => {
    const order = await place();
    const event = fake.openDispute(order.payment_intent_id!) && fake.lastEvent('charge.dispute.created')!;
    const payload = JSON.stringify(event);
    const before = await storedEvents();

    const none = await deliver(payload, {});
    expect([none.statusCode, none.json()]).toEqual([400, { error: webhookMessages.missingSignature }]);
    const wrongSecret = await deliver(payload, {
      'stripe-signature': signWebhook(payload, 'whsec_someone_else', seconds()),
    });
    expect([wrongSecret.statusCode, wrongSecret.json()]).toEqual([400, { error: webhookMessages.badSignature }]);
    // a body changed after signing
    const tampered = await deliver(payload.replace('"fraudulent"', '"general"'), {
      'stripe-signature': signWebhook(payload, SECRET, seconds()),
    });
    expect(tampered.json()).toEqual({ error: webhookMessages.badSignature });
    const garbage = await deliver(payload, { 'stripe-signature': 'nonsense' });
    expect(garbage.statusCode).toBe(400);
    const old = await send(event, seconds() - 301);
    expect([old.statusCode, old.json()]).toEqual([400, { error: webhookMessages.tooOld }]);

    expect(await storedEvents()).toBe(before);
    expect((await orderRow(ctx.db, order.id)).attention_reason).toBeNull();
    // 300 s old is still inside Stripe's tolerance
    expect((await send(event, seconds() - 300)).statusCode).toBe(200);
  });

  it('a dispute flags the order for operations and is recorded; a redelivery is a 200 no-op', async () => {
    const order = await place();
    fake.openDispute(order.payment_intent_id!, 'product_not_received');
    const event = fake.lastEvent('charge.dispute.created')!;
    const first = await send(event);
    expect([first.statusCode, first.json()]).toEqual([200, { received: true, duplicate: false, outcome: 'applied' }]);
    const again = await send(event);
    expect([again.statusCode, again.json()]).toEqual([200, { received: true, duplicate: true, outcome: 'applied' }]);

    const dispute = event.data.object as { id: string; amount: number };
    const { rows } = await ctx.db.query(
      'SELECT id, catering_order_id, amount_cents, reason, status FROM payment_disputes WHERE id = $1',
      [dispute.id],
    );
    expect(rows).toEqual([
      {
        id: dispute.id,
        catering_order_id: order.id,
        amount_cents: order.total_cents,
        reason: 'product_not_received',
        status: 'needs_response',
      },
    ]);
    const reason = attentionReasons.dispute('product_not_received', `${(order.total_cents / 100).toFixed(2)} CAD`);
    const detail = await opsDetail(order.id);
    expect(detail.attention).toEqual({ reason, since: NOW.toISOString() });
    expect(detail.events.filter((e: { event: string }) => e.event === 'payment_disputed')).toHaveLength(1);
    const list = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/v2/ops/orders?from=2026-03-01&to=2026-03-31',
        headers: auth(staff.jwt),
      })
    ).json().orders;
    expect(list.find((o: { id: number }) => o.id === order.id).attention.reason).toBe(reason);
    const stored = await ctx.db.query(
      'SELECT type, outcome, catering_order_id FROM stripe_webhook_events WHERE id = $1',
      [event.id],
    );
    expect(stored.rows).toEqual([{ type: 'charge.dispute.created', outcome: 'applied', catering_order_id: order.id }]);
  });

  it('unknown events answer 200 and change nothing', async () => {
    const order = await place();
    const event = fake.lastEvent('payment_intent.amount_capturable_updated')!; // the authorisation we made
    expect((await send(event)).json()).toEqual({ received: true, duplicate: false, outcome: 'ignored' });
    expect(
      (
        await send({
          ...event,
          id: `evt_${crypto.randomBytes(8).toString('hex')}`,
          type: 'customer.created',
          data: { object: { id: 'cus_x', object: 'customer' } },
        })
      ).json(),
    ).toMatchObject({ outcome: 'ignored' });
    expect(await orderRow(ctx.db, order.id)).toMatchObject({ payment_status: 'authorized', attention_reason: null });
  });

  it('payment_intent.succeeded (captured in Stripe) and charge.refunded (a dashboard refund) move the order\u2019s money', async () => {
    const order = await place();
    const stripe = createStripeProvider({
      secretKey: fake.secretKey,
      publishableKey: 'pk',
      apiUrl: fake.url,
      maxNetworkRetries: 0,
    });
    await stripe.capturePaymentIntent(order.payment_intent_id!, { idempotencyKey: `dashboard-${order.id}` });
    expect((await send(fake.lastEvent('payment_intent.succeeded')!)).json().outcome).toBe('applied');
    expect(await orderRow(ctx.db, order.id)).toMatchObject({
      payment_status: 'captured',
      captured_cents: order.total_cents,
      processing: 'processed',
    });

    fake.refundInDashboard(order.payment_intent_id!, 1_000);
    expect((await send(fake.lastEvent('charge.refunded')!)).json().outcome).toBe('applied');
    expect(await orderRow(ctx.db, order.id)).toMatchObject({ payment_status: 'captured', refunded_cents: 1_000 });
    fake.refundInDashboard(order.payment_intent_id!, order.total_cents - 1_000);
    await send(fake.lastEvent('charge.refunded')!);
    expect(await orderRow(ctx.db, order.id)).toMatchObject({
      payment_status: 'refunded',
      refunded_cents: order.total_cents,
    });
  });

  it('payment_intent.canceled by Stripe (7-day expiry) leaves the order without a hold, flagged', async () => {
    const order = await place();
    fake.expireAuthorisation(order.payment_intent_id!);
    expect((await send(fake.lastEvent('payment_intent.canceled')!)).json().outcome).toBe('applied');
    expect(await orderRow(ctx.db, order.id)).toMatchObject({
      payment_status: 'canceled',
      authorized_cents: 0,
      attention_reason: attentionReasons.authorisationExpired,
    });
  });

  it('payment_intent.requires_action flags a placed order; an event of an intent the order replaced is stale', async () => {
    const order = await place();
    const pi = fake.paymentIntents.get(order.payment_intent_id!)!;
    const res = await send({
      ...fake.lastEvent('payment_intent.amount_capturable_updated')!,
      id: `evt_${crypto.randomBytes(8).toString('hex')}`,
      type: 'payment_intent.requires_action',
      data: { object: { ...pi, status: 'requires_action' } },
    });
    expect(res.json().outcome).toBe('applied');
    expect((await orderRow(ctx.db, order.id)).attention_reason).toBe(attentionReasons.requiresAction);
    const other = await place();
    await ctx.db.query('UPDATE catering_orders SET payment_intent_id = $2 WHERE id = $1', [
      other.id,
      'pi_replaced_by_an_edit',
    ]);
    const stale = await send({
      id: `evt_${crypto.randomBytes(8).toString('hex')}`,
      object: 'event',
      type: 'payment_intent.canceled',
      created: seconds(),
      livemode: false,
      data: { object: { ...fake.paymentIntents.get(other.payment_intent_id!)!, status: 'canceled' } },
    });
    expect(stale.json().outcome).toBe('stale');
    expect((await orderRow(ctx.db, other.id)).payment_status).toBe('authorized');
  });

  it('events of a checkout waiting for 3-D Secure are left to its finalize', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/catering_orders',
      headers: auth(customer.jwt),
      payload: { catering_order: orderPayload(f, NOW), is_eft: false },
    });
    const order = created.json().catering_order;
    const card = fake.createCardPaymentMethod('4000002760003184');
    const asked = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/catering_orders/${order.id}/finalize`,
      headers: { ...auth(customer.jwt), 'idempotency-key': crypto.randomUUID() },
      payload: { purchase_id: order.purchase_id, payment_method_id: card.id },
    });
    expect(asked.json().catering_order.payment_status).toBe('requires_action');
    expect((await send(fake.lastEvent('payment_intent.requires_action')!)).json().outcome).toBe('ignored');
    fake.authenticate(asked.json().catering_order.payment_intent_id, 'complete');
    expect((await send(fake.lastEvent('payment_intent.amount_capturable_updated')!)).json().outcome).toBe('ignored');
    expect(await orderRow(ctx.db, order.id)).toMatchObject({
      status: 'draft',
      payment_status: 'requires_action',
      attention_reason: null,
    });
  });

  it('a bank debit that settles captures the order; one that fails is flagged', async () => {
    const settles = await place({ eft: true });
    const fails = await place({ eft: true });
    expect([settles.payment_status, fails.payment_status]).toEqual(['processing', 'processing']);
    fake.settleDebit(settles.payment_intent_id!, 'succeeded');
    await send(fake.lastEvent('payment_intent.succeeded')!);
    expect(await orderRow(ctx.db, settles.id)).toMatchObject({
      payment_status: 'captured',
      captured_cents: settles.total_cents,
    });
    fake.settleDebit(fails.payment_intent_id!, 'failed');
    await send(fake.lastEvent('payment_intent.payment_failed')!);
    expect(await orderRow(ctx.db, fails.id)).toMatchObject({
      payment_status: 'failed',
      payment_error: 'The bank account could not be debited.',
      attention_reason: attentionReasons.paymentFailed('The bank account could not be debited.'),
    });
  });
});

describe('the webhook route without Stripe', () => {
  it('is not there with the sandbox provider (404), even with a secret', async () => {
    const ctx = await createTestApp({ env: { STRIPE_WEBHOOK_SECRET: SECRET } });
    try {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });
});
