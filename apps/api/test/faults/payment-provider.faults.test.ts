// Issue 7 item 4: the production Stripe adapter against the local Stripe fake answering after
// 10 s, resetting the connection, or answering 500, through the real checkout (decision 013).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@caterway/domain';
import { createStripeProvider } from '../../src/adapters/payments/stripe-provider.js';
import { ensureDemoData } from '../../src/db/seed/demo.js';
import { signedInUser, testGeocoder } from '../../src/modules/auth/auth.test-helpers.js';
import {
  orderPayload,
  restaurantFixture,
  type RestaurantFixture,
} from '../../src/modules/orders/orders.test-helpers.js';
import { startStripeFake, type StripeFake, type StripeFault } from '../fakes/stripe-fake.js';
import { createTestApp, type TestContext } from '../helpers.js';

let fake: StripeFake;
let ctx: TestContext;
let f: RestaurantFixture;
let jwt: string;

beforeAll(async () => {
  fake = await startStripeFake();
  ctx = await createTestApp({
    geocoder: testGeocoder,
    payments: createStripeProvider({ secretKey: fake.secretKey, publishableKey: 'pk_test_fake', apiUrl: fake.url }),
  });
  await ensureDemoData(ctx.db, { info() {}, warn() {} });
  f = await restaurantFixture(ctx.db);
  jwt = (await signedInUser(ctx.app, ctx.db)).jwt;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

const auth = () => ({ authorization: `Bearer ${jwt}` });

async function openCheckout() {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v2/catering_orders',
    headers: auth(),
    payload: { catering_order: orderPayload(f, new Date()), is_eft: false },
  });
  expect(res.statusCode).toBe(201);
  return res.json().catering_order as { id: number; purchase_id: string };
}

async function finalize(order: { id: number; purchase_id: string }, pm: string, key: string) {
  const started = Date.now();
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/v2/catering_orders/${order.id}/finalize`,
    headers: { ...auth(), 'idempotency-key': key },
    payload: { purchase_id: order.purchase_id, payment_method_id: pm },
  });
  return { res, ms: Date.now() - started };
}

/**
 * The invariant "no order is half-made", between our orders and the provider's intents:
 * - an order marked paid has its intent at the provider, for its total, naming the order;
 * - an authorised intent at the provider belongs to a paid order that points at it (once the
 *   client's retry has finished: settled = true).
 */
async function expectNoHalfMadeOrders(settled: boolean) {
  const { rows } = await ctx.db.query<{
    id: number;
    status: string;
    payment_status: string;
    payment_intent_id: string | null;
    total_cents: number;
  }>('SELECT id, status, payment_status, payment_intent_id, total_cents FROM catering_orders');
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const o of rows) {
    const placed = o.status !== 'draft';
    const paid = ['authorized', 'processing', 'captured'].includes(o.payment_status);
    expect(placed, `order ${o.id}: placed exactly when paid`).toBe(paid);
    if (!paid) continue;
    const pi = fake.paymentIntents.get(o.payment_intent_id ?? '');
    expect(pi, `order ${o.id} has its payment`).toBeDefined();
    expect([pi!.amount, pi!.metadata.order_id]).toEqual([o.total_cents, String(o.id)]);
  }
  if (!settled) return;
  for (const pi of fake.paymentIntents.values()) {
    if (pi.status !== 'requires_capture') continue;
    const order = byId.get(Number(pi.metadata.order_id));
    expect(order?.payment_intent_id, `intent ${pi.id} has its order`).toBe(pi.id);
  }
}

const faults: [string, StripeFault][] = [
  ['answers after 10 s', { kind: 'slow', path: /^\/v1\/payment_intents$/, delayMs: 10_000 }],
  ['resets the connection', { kind: 'reset', path: /^\/v1\/payment_intents$/ }],
  ['answers 500', { kind: 'error500', path: /^\/v1\/payment_intents$/ }],
];

describe('checkout while the payment provider fails', () => {
  it.each(faults)(
    'provider %s: 503 with Retry-After within 5 s, one charge after the retry, no half-made order',
    async (_name, fault) => {
      const order = await openCheckout();
      const pm = fake.createCardPaymentMethod('4242424242424242').id;
      const key = crypto.randomUUID();

      const recover = fake.inject(fault); // every attempt, the SDK's own retries included
      const first = await finalize(order, pm, key);
      recover();
      expect(first.ms).toBeLessThan(5_000);
      expect(first.res.statusCode).toBe(503);
      expect(first.res.headers['retry-after']).toMatch(/^\d+$/);
      expect(first.res.json()).toEqual({ error: messages.paymentProviderUnavailable });
      await expectNoHalfMadeOrders(false);

      // the provider recovers; the client retries with the same key
      const second = await finalize(order, pm, key);
      expect(second.res.statusCode, second.res.body).toBe(200);
      expect(second.res.json().catering_order).toMatchObject({
        id: order.id,
        status: 'New',
        payment_status: 'authorized',
      });

      const charges = [...fake.paymentIntents.values()].filter((pi) => pi.metadata.order_id === String(order.id));
      expect(charges).toHaveLength(1);
      // every attempt at Stripe carried the same idempotency key, derived from the order and its attempt
      const keys = new Set(
        fake.requests
          .filter(
            (r) =>
              r.path === '/v1/payment_intents' &&
              r.params.metadata &&
              (r.params.metadata as Record<string, string>).order_id === String(order.id),
          )
          .map((r) => r.idempotencyKey),
      );
      expect([...keys]).toEqual([`catering-order-${order.id}-authorise-1`]);
      await expectNoHalfMadeOrders(true);

      // and a third call with the key is a replay, not a charge
      const third = await finalize(order, pm, key);
      expect(third.res.statusCode).toBe(200);
      expect([...fake.paymentIntents.values()].filter((pi) => pi.metadata.order_id === String(order.id))).toHaveLength(
        1,
      );
    },
  );
});
