import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '@caterway/domain';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { renderPdfPage } from '../../../test/pdf-image.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { fixedClock } from '../../lib/clock.js';
import { signedInUser } from '../auth/auth.test-helpers.js';
import { restaurantFixture, type RestaurantFixture } from '../orders/orders.test-helpers.js';
import { moveOrder, placeOrder } from './order-history.test-helpers.js';

const NOW = new Date('2026-03-02T14:00:00Z');
const quiet = { info() {}, warn() {} };

describe('invoices: GET api/v2/catering_order_invoices/{id}.pdf', () => {
  let ctx: TestContext;
  let f: RestaurantFixture;
  let jwt: string;
  let otherJwt: string;

  beforeAll(async () => {
    ctx = await createTestApp({ clock: fixedClock(NOW) });
    await ensureDemoData(ctx.db, quiet);
    f = await restaurantFixture(ctx.db);
    jwt = (await signedInUser(ctx.app, ctx.db)).jwt;
    otherJwt = (await signedInUser(ctx.app, ctx.db)).jwt;
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  const invoice = (id: number, token: string | null = jwt) =>
    ctx.app.inject({ method: 'GET', url: `/api/v2/catering_order_invoices/${id}.pdf`, headers: token ? { authorization: `Bearer ${token}` } : {} });

  /** A line with chosen menu items (add-ons), so the invoice has something to indent. */
  function cartWithOptions() {
    const lines = f.lines.map((l) => ({ id: l.id, menu_id: l.menu_id, quantity: l.quantity, menu_items_mapping: { ...l.menu_items_mapping }, special_instruction: '', serving_details: [] }));
    if (lines.some((l) => Object.values(l.menu_items_mapping).some((q) => q > 0))) return lines;
    const target = lines.find((l) => (f.menus.get(l.menu_id)?.items.length ?? 0) > 0);
    if (!target) throw new Error('no cart line with menu items in the fixture');
    target.menu_items_mapping[String(f.menus.get(target.menu_id)!.items[0]!.id)] = 2;
    return lines;
  }

  it('is 404 until the order is delivery-ready, then a PDF attachment named order_{id}.pdf', async () => {
    const placed = await placeOrder(ctx, f, jwt, NOW);
    for (const events of [[], ['accept']] as const) {
      await moveOrder(ctx.db, placed.id, [...events], NOW);
      const res = await invoice(placed.id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Invoice not found' });
    }
    await moveOrder(ctx.db, placed.id, ['mark_delivery_ready'], NOW);
    const ready = await invoice(placed.id);
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['content-type']).toBe('application/pdf');
    expect(ready.headers['content-disposition']).toBe(`attachment; filename="order_${placed.id}.pdf"`);
    expect(ready.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    await moveOrder(ctx.db, placed.id, ['mark_delivered'], NOW);
    expect((await invoice(placed.id)).statusCode).toBe(200);
  });

  it("answers another customer 404 like an unknown id, anonymous 401, and a bad id 422", async () => {
    const placed = await placeOrder(ctx, f, jwt, NOW);
    await moveOrder(ctx.db, placed.id, ['accept', 'mark_delivery_ready', 'mark_delivered'], NOW);
    const other = await invoice(placed.id, otherJwt);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: 'Order not found' });
    expect((await invoice(99_999_999)).json()).toEqual({ error: 'Order not found' });
    expect((await invoice(placed.id, null)).statusCode).toBe(401);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/v2/catering_order_invoices/x.pdf', headers: { authorization: `Bearer ${jwt}` } });
    expect(bad.statusCode).toBe(422);
  });

  it('renders to an image whose text carries the marketplace, restaurant, address, items, add-ons, fees, tax, total, payment and number', async () => {
    const placed = await placeOrder(ctx, f, jwt, NOW, { preset_items: cartWithOptions(), num_cutlery: 12 });
    await moveOrder(ctx.db, placed.id, ['accept', 'mark_delivery_ready', 'mark_delivered'], NOW);
    const { rows } = await ctx.db.query('SELECT * FROM catering_orders WHERE id = $1', [placed.id]);
    const order = rows[0];
    const { rows: items } = await ctx.db.query('SELECT menu_name, menu_items FROM catering_order_items WHERE catering_order_id = $1', [placed.id]);
    const addon = items.flatMap((i) => i.menu_items).find((m: { quantity: number }) => m.quantity > 0) as { name: string } | undefined;
    expect(addon, 'the cart has a chosen menu item').toBeDefined();

    const started = performance.now();
    const res = await invoice(placed.id);
    const elapsed = performance.now() - started;
    expect(res.statusCode).toBe(200);
    const page = await renderPdfPage(new Uint8Array(res.rawPayload));
    expect(page.png.subarray(1, 4).toString()).toBe('PNG');

    const expected = [
      'Caterway',
      'INVOICE',
      order.order_number,
      f.chef.business_name,
      'Suite 500',
      '100 King St W, Toronto, ON',
      'Dana Morgan',
      items[0].menu_name,
      `+ ${addon!.name}`,
      'Delivery fee',
      formatCents(order.delivery_fee_cents),
      'Cutlery, plates and napkins (12)',
      `${order.tax_name} ${Number(order.tax_rate)}%`,
      formatCents(order.tax_cents),
      'Total (CAD)',
      formatCents(order.total_cents),
      'Visa ending in 4242',
    ];
    for (const needle of expected) {
      expect(page.text, needle).toContain(needle);
      expect(page.inked(needle), `"${needle}" is drawn on the image`).toBe(true);
    }
    // a few ms of drawing for a small invoice (fonts subset on end); see the report in the module
    expect(elapsed).toBeLessThan(2_000);
  });
});
