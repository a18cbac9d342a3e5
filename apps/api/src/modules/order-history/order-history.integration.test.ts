import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editRuleMessages } from '@caterway/domain';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { withTransaction } from '../../db/pool.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { fixedClock } from '../../lib/clock.js';
import { signedInUser, signIn } from '../auth/auth.test-helpers.js';
import { invoicesServiceFrom } from '../invoices/invoices.compose.js';
import { orderRow } from '../order-lifecycle/lifecycle.test-helpers.js';
import { restaurantFixture, type RestaurantFixture } from '../orders/orders.test-helpers.js';
import { moveOrder, placeOrder } from './order-history.test-helpers.js';

const NOW = new Date('2026-03-02T14:00:00Z'); // a Monday, 9:00 in Toronto
const quiet = { info() {}, warn() {} };

describe('My Orders API', () => {
  let ctx: TestContext;
  let f: RestaurantFixture;
  const clock = fixedClock(NOW);
  let jwt: string;
  let otherJwt: string;
  let user: { email: string; password: string };
  /** Moves the server's clock; the session would expire from inactivity, so sign in again then. */
  const setClock = async (d: Date) => {
    clock.set(d);
    const res = await signIn(ctx.app, user.email, user.password);
    jwt = res.json().jwt;
  };

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    await ensureDemoData(ctx.db, quiet);
    f = await restaurantFixture(ctx.db);
    const me = await signedInUser(ctx.app, ctx.db);
    user = me;
    jwt = me.jwt;
    otherJwt = (await signedInUser(ctx.app, ctx.db)).jwt;
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  const get = (url: string, token: string | null = jwt) =>
    ctx.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const history = async (token = jwt) => {
    const res = await get('/api/v2/order_history', token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ upcoming: Record<string, unknown>[]; past: Record<string, unknown>[] }>();
  };
  const findIn = (list: Record<string, unknown>[], id: number) => list.find((o) => o.id === id);

  it('lists its routes in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/api/v2/order_history',
      '/api/v2/catering_orders/{id}/addon_orders',
      '/api/v2/catering_order_invoices/{id}.pdf',
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
  });

  it('answers 401 to anonymous callers on every endpoint', async () => {
    for (const url of [
      '/api/v2/order_history',
      '/api/v2/catering_orders/1/addon_orders',
      '/api/v2/catering_order_invoices/1.pdf',
    ]) {
      const res = await get(url, null);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toHaveProperty('error');
    }
  });

  it('lists a placed New order under upcoming with the not-accepted message; drafts never', async () => {
    await setClock(NOW);
    const placed = await placeOrder(ctx, f, jwt, NOW);
    const draft = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/catering_orders',
      headers: { authorization: `Bearer ${jwt}` },
      payload: {
        catering_order: (await import('../orders/orders.test-helpers.js')).orderPayload(f, NOW),
        is_eft: false,
      },
    });
    expect(draft.statusCode).toBe(201);
    const list = await history();
    const entry = findIn(list.upcoming, placed.id)!;
    expect(entry).toMatchObject({
      order_number: placed.order_number,
      status: 'New',
      status_label: 'New',
      display_status: null,
      order_type: 'Catering Order',
      name: f.chef.business_name,
      editable: false,
      edit_message: editRuleMessages.notAccepted,
      invoice_available: false,
      is_addon_orders_enabled: true,
      parent_order_id: null,
      delivery_date_time: placed.deliveryAt.toISOString(),
      order_processing_at: placed.processingAt.toISOString(),
    });
    expect(typeof entry.total_amount).toBe('number');
    expect(entry.display_delivery_date_time).toMatch(
      /^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4} at \d{2}:\d{2} (AM|PM)$/,
    );
    expect(entry.preset_slug).toEqual(expect.any(String));
    expect(findIn([...list.upcoming, ...list.past], draft.json().catering_order.id)).toBeUndefined();
    // nobody else sees it
    const other = await history(otherJwt);
    expect(findIn([...other.upcoming, ...other.past], placed.id)).toBeUndefined();
  });

  it('applies the edit rule at the server clock: editable once accepted, locked at processing time', async () => {
    await setClock(NOW);
    const placed = await placeOrder(ctx, f, jwt, NOW);
    await moveOrder(ctx.db, placed.id, ['accept'], NOW);
    expect(findIn((await history()).upcoming, placed.id)).toMatchObject({
      status: 'Accepted',
      editable: true,
      edit_message: null,
    });

    await setClock(new Date(placed.processingAt.getTime() - 1000));
    expect(findIn((await history()).upcoming, placed.id)).toMatchObject({ editable: true });
    const detailBefore = await get(`/api/v2/catering_orders/${placed.id}`);
    expect(detailBefore.json().catering_order).toMatchObject({ editable: true, edit_message: null });

    await setClock(placed.processingAt);
    const locked = findIn((await history()).upcoming, placed.id);
    expect(locked).toMatchObject({ editable: false, edit_message: editRuleMessages.beingPrepared });
    const detail = await get(`/api/v2/catering_orders/${placed.id}`);
    expect(detail.json().catering_order).toMatchObject({
      editable: false,
      edit_message: editRuleMessages.beingPrepared,
    });

    // the capture job marks it Processing / Processed: shown instead of the label
    await ctx.db.query(`UPDATE catering_orders SET processing = 'processed' WHERE id = $1`, [placed.id]);
    expect(findIn((await history()).upcoming, placed.id)).toMatchObject({ display_status: 'Processed' });

    // past the delivery time it moves to the past list, whatever its status
    await setClock(new Date(placed.deliveryAt.getTime() + 60_000));
    const after = await history();
    expect(findIn(after.upcoming, placed.id)).toBeUndefined();
    expect(findIn(after.past, placed.id)).toMatchObject({ editable: false });
    await setClock(NOW);
  });

  it('puts delivered and cancelled orders under past, newest first, with invoices only where they exist', async () => {
    await setClock(NOW);
    const delivered = await placeOrder(ctx, f, jwt, NOW);
    await moveOrder(ctx.db, delivered.id, ['accept', 'mark_delivery_ready', 'mark_delivered'], NOW);
    const canceled = await placeOrder(ctx, f, jwt, NOW);
    await moveOrder(ctx.db, canceled.id, ['accept', 'cancel'], NOW);
    const { upcoming, past } = await history();
    expect(findIn(upcoming, delivered.id)).toBeUndefined();
    expect(findIn(past, delivered.id)).toMatchObject({
      status: 'Delivered',
      status_label: 'Delivered',
      invoice_available: true,
      editable: false,
    });
    expect(findIn(past, canceled.id)).toMatchObject({
      status: 'Canceled',
      status_label: 'Canceled',
      invoice_available: false,
      is_addon_orders_enabled: false,
    });
    const times = past.map((o) => Date.parse(o.delivery_date_time as string));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('extends the order detail for the modal without removing the checkout fields', async () => {
    await setClock(NOW);
    const placed = await placeOrder(ctx, f, jwt, NOW);
    const res = await get(`/api/v2/catering_orders/${placed.id}`);
    expect(res.statusCode).toBe(200);
    const d = res.json().catering_order;
    expect(d).toMatchObject({
      id: placed.id,
      status: 'New',
      status_label: 'New',
      display_status: null,
      editable: false,
      edit_message: editRuleMessages.notAccepted,
      items_total: d.totals.subtotal_cents,
      delivery_fee: d.totals.delivery_fee_cents,
      sales_tax: d.totals.tax_cents,
      total_price: d.totals.total_cents,
      display_delivery_address: 'Suite 500, 100 King St W, Toronto, ON',
      more_detail: 'Front desk',
      extra_info: { serving_style: 'Individually Packaged', num_cutlery: 10 },
      is_addon_orders_enabled: true,
      invoice_available: false,
      restaurant_name: f.chef.business_name,
    });
    // the checkout's fields are still there
    expect(d).toHaveProperty('preset_items');
    expect(d).toHaveProperty('saved_cards');
    expect(d.purchase_items[0]).toMatchObject({
      model_type: 'Menu',
      sub_total: d.purchase_items[0].amount * d.purchase_items[0].item_price,
    });
    expect((await get(`/api/v2/catering_orders/${placed.id}`, otherJwt)).statusCode).toBe(404);
  });

  it('shows add-on orders under their parent only, to the owner only', async () => {
    await setClock(NOW);
    const parent = await placeOrder(ctx, f, jwt, NOW);
    const addon = await placeOrder(ctx, f, jwt, NOW);
    // add-on creation is another endpoint's job; here the row is attached directly
    await ctx.db.query('UPDATE catering_orders SET parent_order_id = $1 WHERE id = $2', [parent.id, addon.id]);
    const list = await history();
    expect(findIn([...list.upcoming, ...list.past], addon.id)).toBeUndefined();
    expect(findIn(list.upcoming, parent.id)).toMatchObject({ addon_orders_count: 1 });

    const res = await get(`/api/v2/catering_orders/${parent.id}/addon_orders`);
    expect(res.statusCode).toBe(200);
    const addons = res.json().addon_orders;
    expect(addons).toHaveLength(1);
    expect(addons[0]).toMatchObject({
      id: addon.id,
      parent_order_id: parent.id,
      order_number: addon.order_number,
      status: 'New',
    });
    expect(addons[0].total_price).toBeGreaterThan(addons[0].items_total + addons[0].sales_tax);
    expect(addons[0].purchase_items.length).toBeGreaterThan(0);
    // an add-on cannot itself take add-ons
    expect((await get(`/api/v2/catering_orders/${addon.id}`)).json().catering_order).toMatchObject({
      is_addon_orders_enabled: false,
      parent_order_id: parent.id,
    });

    const other = await get(`/api/v2/catering_orders/${parent.id}/addon_orders`, otherJwt);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: 'Order not found' });
    expect((await get('/api/v2/catering_orders/99999999/addon_orders')).json()).toEqual({ error: 'Order not found' });
    expect((await get('/api/v2/catering_orders/abc/addon_orders')).statusCode).toBe(422);
  });

  it("answers an add-on order's taxes line by line with its tip, as charged, and its invoice once issued", async () => {
    await setClock(NOW);
    const parent = await placeOrder(ctx, f, jwt, NOW);
    const addon = await placeOrder(ctx, f, jwt, NOW, { tip_percent: 15 });
    await ctx.db.query('UPDATE catering_orders SET parent_order_id = $1 WHERE id = $2', [parent.id, addon.id]);
    const charged = (await get(`/api/v2/catering_orders/${addon.id}`)).json().catering_order.totals;
    expect(charged.tip_cents).toBeGreaterThan(0);

    const listed = async () => (await get(`/api/v2/catering_orders/${parent.id}/addon_orders`)).json().addon_orders[0];
    const answer = await listed();
    expect(answer).toMatchObject({
      id: addon.id,
      status: 'New',
      tax_lines: charged.tax_lines,
      tip_cents: charged.tip_cents,
      invoice_available: false,
    });
    expect(answer.tax_lines).toEqual([{ name: 'HST', rate_percent: 13, cents: answer.sales_tax, jurisdiction: null }]);
    expect(answer.items_total + answer.delivery_fee + answer.cutlery_cents + answer.sales_tax + answer.tip_cents).toBe(
      answer.total_price,
    );

    // an invoice issued for it (as a credit note does, whatever its status) can be downloaded
    const row = await orderRow(ctx.db, addon.id);
    await withTransaction(ctx.db, (tx) => invoicesServiceFrom(ctx.deps).issue(tx, row, NOW));
    expect(await listed()).toMatchObject({ id: addon.id, status: 'New', invoice_available: true });
    expect((await get(`/api/v2/catering_order_invoices/${addon.id}.pdf`)).statusCode).toBe(200);
  });
});
