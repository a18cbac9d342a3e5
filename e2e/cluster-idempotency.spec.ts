import crypto from 'node:crypto';
import { test, expect } from './fixtures';
import { apiToken, e2eDb, placeOrder } from './order-setup';

// Issue 7 item 6: the same checkout with the same Idempotency-Key sent concurrently through the
// balancer (scripts/lb.mjs, round robin: consecutive requests go to different API processes, see
// scripts/e2e-server.mjs) makes exactly one order payment and one charge. Under
// E2E_TOPOLOGY=single it holds for one process just the same.

test('concurrent finalize calls with one idempotency key through the balancer charge once', async ({ request }) => {
  const db = await e2eDb();
  try {
    const token = await apiToken(request);
    const order = await placeOrder(request, token, db, { pay: false });
    const key = crypto.randomUUID();
    const finalize = () =>
      request.post(`/api/v2/catering_orders/${order.id}/finalize`, {
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
        data: { purchase_id: order.purchaseId, payment_method_id: order.paymentMethodId },
      });
    const results = await Promise.all(Array.from({ length: 24 }, finalize));
    const statuses = results.map((r) => r.status());
    if ((process.env.E2E_TOPOLOGY ?? 'cluster') === 'cluster') {
      // the burst really went to both API processes
      expect(new Set(results.map((r) => r.headers()['x-served-by'])).size).toBe(2);
    }
    // the first runs; the others answer its stored result, or 409 while it still runs
    expect(
      statuses.every((s) => s === 200 || s === 409),
      statuses.join(','),
    ).toBe(true);
    const ok = results.filter((r) => r.status() === 200);
    expect(ok.length).toBeGreaterThan(0);
    for (const r of ok)
      expect(
        ((await r.json()) as { catering_order: { id: number; payment_status: string } }).catering_order,
      ).toMatchObject({ id: order.id, payment_status: 'authorized' });

    // a retry after the storm answers the same paid order
    expect((await finalize()).status()).toBe(200);
    const intents = await db.query(
      `SELECT count(*)::int AS n FROM sandbox_payment_intents WHERE metadata->>'order_id' = $1`,
      [String(order.id)],
    );
    expect(intents.rows[0].n).toBe(1);
    const orders = await db.query(`SELECT count(*)::int AS n FROM catering_orders WHERE purchase_id = $1`, [
      order.purchaseId,
    ]);
    expect(orders.rows[0].n).toBe(1);
    const events = await db.query(
      `SELECT count(*)::int AS n FROM order_events WHERE catering_order_id = $1 AND event = 'pay'`,
      [order.id],
    );
    expect(events.rows[0].n).toBe(1);
  } finally {
    await db.end();
  }
});
