// Issue 7 item 4: a PDF invoice that cannot be made never fails or changes the order (nor takes an
// invoice number, decision 034), and answers a clear JSON error rather than a stack trace. The renderer is not restructured here (issue 7's bench
// part moves it to worker threads): the failure comes from invalid document input (decision 013).
import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@caterway/domain';
import { ensureDemoData } from '../../src/db/seed/demo.js';
import { signedInUser, testGeocoder } from '../../src/modules/auth/auth.test-helpers.js';
import { cards, orderPayload, restaurantFixture, sandboxCard } from '../../src/modules/orders/orders.test-helpers.js';
import { createTestApp, type TestContext } from '../helpers.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ geocoder: testGeocoder });
  await ensureDemoData(ctx.db, { info() {}, warn() {} });
}, 120_000);
afterAll(async () => ctx?.close());

/** A paid order of a new customer, marked delivered (the operations console's moves are tested in order-lifecycle). */
async function deliveredOrder() {
  const f = await restaurantFixture(ctx.db);
  const { jwt } = await signedInUser(ctx.app, ctx.db);
  const auth = { authorization: `Bearer ${jwt}` };
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/v2/catering_orders',
    headers: auth,
    payload: { catering_order: orderPayload(f, new Date()), is_eft: false },
  });
  const order = created.json().catering_order;
  const paid = await ctx.app.inject({
    method: 'POST',
    url: `/api/v2/catering_orders/${order.id}/finalize`,
    headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
    payload: { purchase_id: order.purchase_id, payment_method_id: await sandboxCard(ctx.deps.payments, cards.ok) },
  });
  expect(paid.statusCode).toBe(200);
  await ctx.db.query(`UPDATE catering_orders SET status = 'Delivered', delivered_at = now() WHERE id = $1`, [order.id]);
  const invoice = () =>
    ctx.app.inject({ method: 'GET', url: `/api/v2/catering_order_invoices/${order.id}.pdf`, headers: auth });
  return { id: order.id as number, invoice };
}

it('answers a clear error when the invoice cannot be made, and leaves the order and the invoice series as they were', async () => {
  const good = await deliveredOrder();
  const ok = await good.invoice();
  expect(ok.statusCode).toBe(200);
  expect(ok.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

  // a stored value the document cannot be made from, before the order's invoice is issued
  const bad = await deliveredOrder();
  await ctx.db.query(`UPDATE catering_orders SET time_zone = 'Nowhere/Unknown' WHERE id = $1`, [bad.id]);
  const before = (await ctx.db.query('SELECT * FROM catering_orders WHERE id = $1', [bad.id])).rows[0];
  const counters = (await ctx.db.query('SELECT * FROM document_counters ORDER BY series, year')).rows;
  const failed = await bad.invoice();
  expect(failed.statusCode).toBe(500);
  expect(failed.headers['content-type']).toMatch(/application\/json/);
  expect(failed.json()).toEqual({ error: messages.internalError });
  expect(failed.body).not.toMatch(/\bat \S+ \(|RangeError|Nowhere/);
  const after = (await ctx.db.query('SELECT * FROM catering_orders WHERE id = $1', [bad.id])).rows[0];
  expect(after).toEqual(before);
  expect(after).toMatchObject({ status: 'Delivered', payment_status: 'authorized' });
  // no invoice, and no number taken: the series stays gapless
  expect(
    (await ctx.db.query('SELECT count(*)::int AS n FROM invoices WHERE catering_order_id = $1', [bad.id])).rows[0].n,
  ).toBe(0);
  expect((await ctx.db.query('SELECT * FROM document_counters ORDER BY series, year')).rows).toEqual(counters);
  // an invoice issued before keeps downloading as issued
  expect((await good.invoice()).statusCode).toBe(200);
});
