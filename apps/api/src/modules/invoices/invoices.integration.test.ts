import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '@caterway/domain';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { renderPdfPage } from '../../../test/pdf-image.js';
import { productionEnv } from '../../../test/production-env.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { fixedClock } from '../../lib/clock.js';
import { signedInUser } from '../auth/auth.test-helpers.js';
import { moveOrder, placeOrder } from '../order-history/order-history.test-helpers.js';
import { restaurantFixture, type RestaurantFixture } from '../orders/orders.test-helpers.js';
import { SAMPLE_MARK, SAMPLE_NOTICE } from './invoice.pdf.js';

// Invoices a finance team can book (issue 5 item 6; issue 17 part 2; docs/decisions/034):
// GET api/v2/catering_order_invoices/{id}.pdf through the real app on its own database, each
// PDF read back as text where it is drawn on the page.

const NOW = new Date('2026-03-02T14:00:00Z');
const quiet = { info() {}, warn() {} };
const INVOICE_NUMBER = /INV-2026-(\d{6})/;

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
    ctx.app.inject({
      method: 'GET',
      url: `/api/v2/catering_order_invoices/${id}.pdf`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const orderRow = async (id: number) =>
    (await ctx.db.query('SELECT * FROM catering_orders WHERE id = $1', [id])).rows[0];

  /** The invoice's page, its text and its number (asserting the download worked). */
  async function invoicePage(id: number) {
    const res = await invoice(id);
    expect(res.statusCode, res.body).toBe(200);
    const page = await renderPdfPage(new Uint8Array(res.rawPayload));
    const number = page.text.match(INVOICE_NUMBER)?.[0];
    expect(number, 'the invoice has a number of its series').toBeDefined();
    return { page, number: number!, bytes: res.rawPayload };
  }

  /** A delivered order of this fixture (placed by the real checkout), with its stored row. */
  async function delivered(fixture: RestaurantFixture = f, overrides: Parameters<typeof placeOrder>[4] = {}) {
    const placed = await placeOrder(ctx, fixture, jwt, NOW, overrides);
    await moveOrder(ctx.db, placed.id, ['accept', 'mark_delivery_ready', 'mark_delivered'], NOW);
    return orderRow(placed.id);
  }

  /** A line with chosen menu items (add-ons), so the invoice has something to indent. */
  function cartWithOptions() {
    const lines = f.lines.map((l) => ({
      id: l.id,
      menu_id: l.menu_id,
      quantity: l.quantity,
      menu_items_mapping: { ...l.menu_items_mapping },
      special_instruction: '',
      serving_details: [],
    }));
    if (lines.some((l) => Object.values(l.menu_items_mapping).some((q) => q > 0))) return lines;
    const target = lines.find((l) => (f.menus.get(l.menu_id)?.items.length ?? 0) > 0);
    if (!target) throw new Error('no cart line with menu items in the fixture');
    target.menu_items_mapping[String(f.menus.get(target.menu_id)!.items[0]!.id)] = 2;
    return lines;
  }

  const expectDrawn = (page: Awaited<ReturnType<typeof renderPdfPage>>, needles: string[]) => {
    for (const needle of needles) {
      expect(page.text, needle).toContain(needle);
      expect(page.inked(needle), `"${needle}" is drawn on the image`).toBe(true);
    }
  };

  it('is 404 until the order is delivery-ready, then a PDF attachment named order_{id}.pdf', async () => {
    const placed = await placeOrder(ctx, f, jwt, NOW);
    for (const events of [[], ['accept']] as const) {
      await moveOrder(ctx.db, placed.id, [...events], NOW);
      const res = await invoice(placed.id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Invoice not found' });
    }
    expect(
      (await ctx.db.query('SELECT count(*)::int AS n FROM invoices WHERE catering_order_id = $1', [placed.id])).rows[0]
        .n,
    ).toBe(0);
    await moveOrder(ctx.db, placed.id, ['mark_delivery_ready'], NOW);
    const ready = await invoice(placed.id);
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['content-type']).toBe('application/pdf');
    expect(ready.headers['content-disposition']).toBe(`attachment; filename="order_${placed.id}.pdf"`);
    expect(ready.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    await moveOrder(ctx.db, placed.id, ['mark_delivered'], NOW);
    expect((await invoice(placed.id)).statusCode).toBe(200);
  });

  it('answers another customer 404 like an unknown id, anonymous 401, and a bad id 422', async () => {
    const order = await delivered();
    const other = await invoice(order.id, otherJwt);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: 'Order not found' });
    expect((await invoice(99_999_999)).json()).toEqual({ error: 'Order not found' });
    expect((await invoice(order.id, null)).statusCode).toBe(401);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/v2/catering_order_invoices/x.pdf',
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(bad.statusCode).toBe(422);
    // nobody else's request issued it
    expect(
      (await ctx.db.query('SELECT count(*)::int AS n FROM invoices WHERE catering_order_id = $1', [order.id])).rows[0]
        .n,
    ).toBe(0);
  });

  it('an Ontario order: the supplier and its GST/HST number (marked as samples here), number, date, buyer, items, HST line, tip, total, references', async () => {
    const order = await delivered(f, { preset_items: cartWithOptions(), num_cutlery: 12, tip_percent: 15 });
    // the order API stores these (issue 17 part 3); written here as it would
    await ctx.db.query(
      `UPDATE catering_orders SET po_number = 'PO-7731', cost_centre = 'CC 4410 Marketing', onsite_contact_name = 'Sam Lee', onsite_contact_phone = '416-555-0177' WHERE id = $1`,
      [order.id],
    );
    const { rows: items } = await ctx.db.query(
      'SELECT menu_name, menu_items FROM catering_order_items WHERE catering_order_id = $1',
      [order.id],
    );
    const addon = items.flatMap((i) => i.menu_items).find((m: { quantity: number }) => m.quantity > 0) as
      { name: string } | undefined;
    expect(addon, 'the cart has a chosen menu item').toBeDefined();
    expect(order.tip_cents).toBeGreaterThan(0);

    const started = performance.now();
    const { page, number } = await invoicePage(order.id);
    const elapsed = performance.now() - started;
    expect(page.png.subarray(1, 4).toString()).toBe('PNG');
    expectDrawn(page, [
      'Caterway',
      'Caterway Demo Inc.',
      '100 King St W, Suite 5600, Toronto, ON M5X 1A9, Canada',
      'GST/HST Reg. No. 123456789 RT0001',
      SAMPLE_MARK,
      'INVOICE',
      `Invoice number: ${number}`,
      'Invoice date: March 2, 2026',
      `Order number: ${order.order_number}`,
      'BILL TO',
      'Northwind Consulting',
      'Dana Morgan',
      'Suite 500',
      '100 King St W, Toronto, ON',
      f.chef.business_name,
      items[0].menu_name,
      `+ ${addon!.name}`,
      'Subtotal',
      formatCents(order.subtotal_cents),
      'Delivery fee',
      formatCents(order.delivery_fee_cents),
      'Cutlery, plates and napkins (12)',
      'HST 13.000%',
      formatCents(order.tax_cents),
      'Tip (for the restaurant)',
      formatCents(order.tip_cents),
      'Total (CAD)',
      formatCents(order.total_cents),
      'PO number: PO-7731',
      'Cost centre: CC 4410 Marketing',
      'On-site contact: Sam Lee, 416-555-0177',
      'Visa ending in 4242',
    ]);
    expect(page.text).toContain(SAMPLE_NOTICE.slice(0, 40));
    // no QST charged, no QST number
    expect(page.text).not.toContain('QST');
    // a few ms of drawing for a small invoice (fonts subset on end); see the report in the module
    expect(elapsed).toBeLessThan(2_000);
  });

  it('is issued once: the next download is the same document, whatever changed on the order since', async () => {
    const order = await delivered();
    const first = await invoicePage(order.id);
    await ctx.db.query(`UPDATE catering_orders SET company_name = 'Renamed Ltd' WHERE id = $1`, [order.id]);
    const again = await invoicePage(order.id);
    expect(again.number).toBe(first.number);
    expect(again.page.text).toBe(first.page.text);
    expect(again.page.text).not.toContain('Renamed Ltd');
    const { rows } = await ctx.db.query(
      'SELECT number, issued_at, total_cents FROM invoices WHERE catering_order_id = $1',
      [order.id],
    );
    expect(rows).toEqual([{ number: first.number, issued_at: NOW, total_cents: order.total_cents }]);
  });

  it('a Quebec order: GST and QST each on its own line with its rate, and the QST number printed', async () => {
    const montreal = await restaurantFixture(ctx.db, { city: 'Montreal' });
    const order = await delivered(montreal);
    expect(order.tax_lines.map((l: { name: string }) => l.name)).toEqual(['GST', 'QST']);
    const { page } = await invoicePage(order.id);
    const [gst, qst] = order.tax_lines as { cents: number }[];
    expectDrawn(page, [
      'GST 5.000%',
      formatCents(gst!.cents),
      'QST 9.975%',
      formatCents(qst!.cents),
      'GST/HST Reg. No. 123456789 RT0001',
      'QST Reg. No. 1234567890 TQ0001',
      formatCents(order.total_cents),
    ]);
    expect(page.text).not.toContain('GST+QST');
    expect(page.text.split(SAMPLE_MARK)).toHaveLength(3); // after each number
  });

  it('a Seattle order: the sales tax line with its jurisdiction and rate, in US dollars', async () => {
    const seattle = await restaurantFixture(ctx.db, { city: 'Seattle' });
    const order = await delivered(seattle);
    expect(order.tax_lines).toEqual([
      { name: 'Sales Tax', rate_percent: 10.55, cents: order.tax_cents, jurisdiction: 'Seattle, WA' },
    ]);
    const { page } = await invoicePage(order.id);
    expectDrawn(page, [
      'Sales Tax (Seattle, WA) 10.550%',
      formatCents(order.tax_cents),
      'Total (USD)',
      formatCents(order.total_cents),
    ]);
    expect(page.text).not.toContain('QST Reg. No.');
  });

  it('numbers invoices once each, in one gapless series, under concurrent downloads', async () => {
    const orders = [];
    for (let i = 0; i < 6; i++) orders.push(await delivered());
    // three downloads of each order at once, all eighteen in flight together
    const pages = await Promise.all(
      orders.flatMap((o) => [0, 1, 2].map(async () => ({ id: o.id as number, ...(await invoicePage(o.id)) }))),
    );
    const byOrder = new Map<number, Set<string>>();
    for (const p of pages) byOrder.set(p.id, (byOrder.get(p.id) ?? new Set()).add(p.number));
    // every download of one order carries one number
    for (const [id, numbers] of byOrder) expect(numbers.size, `order ${id}`).toBe(1);
    const numbers = [...byOrder.values()].map((s) => [...s][0]!);
    expect(new Set(numbers).size).toBe(6);
    // and the six follow each other, right after the series' last number before them
    const { rows } = await ctx.db.query(
      `SELECT last_number FROM document_counters WHERE series = 'INV' AND year = 2026`,
    );
    const sequence = numbers.map((n) => Number(n.match(INVOICE_NUMBER)![1])).sort((a, b) => a - b);
    expect(sequence).toEqual(Array.from({ length: 6 }, (_, i) => rows[0].last_number - 5 + i));
    const stored = await ctx.db.query(
      'SELECT catering_order_id, number FROM invoices WHERE catering_order_id = ANY($1::bigint[])',
      [orders.map((o) => o.id)],
    );
    expect(stored.rows).toHaveLength(6);
  });
});

describe('invoices with the company settings of a real deployment', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    const { COMPANY_LEGAL_NAME, COMPANY_ADDRESS, TAX_GST_HST_NUMBER, TAX_QST_NUMBER } = productionEnv;
    ctx = await createTestApp({
      clock: fixedClock(NOW),
      env: { COMPANY_LEGAL_NAME, COMPANY_ADDRESS, TAX_GST_HST_NUMBER, TAX_QST_NUMBER },
    });
    await ensureDemoData(ctx.db, quiet);
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('prints them as set, with no sample mark', async () => {
    const f = await restaurantFixture(ctx.db, { city: 'Montreal' });
    const { jwt } = await signedInUser(ctx.app, ctx.db);
    const placed = await placeOrder(ctx, f, jwt, NOW);
    await moveOrder(ctx.db, placed.id, ['accept', 'mark_delivery_ready'], NOW);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/catering_order_invoices/${placed.id}.pdf`,
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(res.statusCode).toBe(200);
    const page = await renderPdfPage(new Uint8Array(res.rawPayload));
    for (const needle of [
      productionEnv.COMPANY_LEGAL_NAME,
      productionEnv.COMPANY_ADDRESS,
      `GST/HST Reg. No. ${productionEnv.TAX_GST_HST_NUMBER}`,
      `QST Reg. No. ${productionEnv.TAX_QST_NUMBER}`,
    ]) {
      expect(page.inked(needle), needle).toBe(true);
    }
    expect(page.text).not.toMatch(/sample|demo only/i);
  });
});
