// Spend reports: GET api/v2/user/user_catering_orders (ordering-payments §2 'Reports page', §5, §7)
// and its CSV export GET api/v2/user/user_catering_orders.csv (issue 17 part 3).
// One order is placed through the real checkout (create + finalize with a sandbox card); the
// rest of the history is inserted as rows (insertOrder) so dates, zones, vendors, statuses and
// the parts of the total can be chosen exactly.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLocalDateTime, REPORT_PER_PAGE, reportMessages, type TaxLine } from '@caterway/domain';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import type { Db } from '../../db/pool.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { fixedClock } from '../../lib/clock.js';
import { signedInUser } from '../auth/auth.test-helpers.js';
import { insertPlacedOrder as insertOrder } from '../order-lifecycle/lifecycle.test-helpers.js';
import {
  orderPayload,
  restaurantFixture,
  sandboxCard,
  cards,
  type RestaurantFixture,
} from '../orders/orders.test-helpers.js';

const NOW = new Date('2026-03-02T14:00:00Z');
const quiet = { info() {}, warn() {} };
const URL_ = '/api/v2/user/user_catering_orders';
const CSV = `${URL_}.csv`;
const BOM = '\uFEFF';

/** Gives an inserted order its parts, taxes, tip and buyer's references; the total is their sum. */
async function withParts(
  db: Db,
  id: number,
  parts: {
    subtotal: number;
    fee?: number;
    cutlery?: number;
    taxes?: Omit<TaxLine, 'jurisdiction'>[];
    tip?: number;
    po?: string;
    costCentre?: string;
    currency?: 'cad' | 'usd';
  },
): Promise<number> {
  const taxes = (parts.taxes ?? []).map((t) => ({
    name: t.name,
    rate_percent: t.ratePercent,
    cents: t.cents,
    jurisdiction: null,
  }));
  const taxCents = taxes.reduce((sum, t) => sum + t.cents, 0);
  const total = parts.subtotal + (parts.fee ?? 0) + (parts.cutlery ?? 0) + taxCents + (parts.tip ?? 0);
  await db.query(
    `UPDATE catering_orders SET subtotal_cents = $2, delivery_fee_cents = $3, cutlery_cents = $4, tax_cents = $5, tax_lines = $6, tip_cents = $7,
            total_cents = $8, po_number = $9, cost_centre = $10, currency = $11 WHERE id = $1`,
    [
      id,
      parts.subtotal,
      parts.fee ?? 0,
      parts.cutlery ?? 0,
      taxCents,
      JSON.stringify(taxes),
      parts.tip ?? 0,
      total,
      parts.po ?? '',
      parts.costCentre ?? '',
      parts.currency ?? 'cad',
    ],
  );
  return total;
}
/** The CSV's lines without the BOM and the last CRLF, each split into cells (no cell here holds a comma or a line break). */
const csvCells = (body: string) =>
  body
    .replace(BOM, '')
    .replace(/\r\n$/, '')
    .split('\r\n')
    .map((line) => line.split(','));
describe('GET /api/v2/user/user_catering_orders', () => {
  let ctx: TestContext;
  let f: RestaurantFixture;
  let owner: { jwt: string; id: number };
  let other: { jwt: string; id: number };
  let chefs: { id: number; business_name: string }[];
  let presetSlug: string;

  beforeAll(async () => {
    ctx = await createTestApp({ clock: fixedClock(NOW) });
    await ensureDemoData(ctx.db, quiet);
    f = await restaurantFixture(ctx.db);
    owner = await signedInUser(ctx.app, ctx.db);
    other = await signedInUser(ctx.app, ctx.db);
    presetSlug = (await ctx.db.query<{ slug: string }>('SELECT slug FROM presets WHERE id = $1', [f.presetId])).rows[0]!
      .slug;
    // two other vendors with distinct names for the vendor filter
    chefs = (
      await ctx.db.query<{ id: number; business_name: string }>(
        `SELECT id::int AS id, business_name FROM chefs WHERE id <> $1 AND business_name NOT ILIKE $2 ORDER BY id LIMIT 2`,
        [f.chef.id, `%${f.chef.business_name.slice(0, 4)}%`],
      )
    ).rows;
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });

  const get = (query: string, token: string | null = owner.jwt, url: string = URL_) =>
    ctx.app.inject({
      method: 'GET',
      url: `${url}${query}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('lists an order placed through checkout, with the spec fields and no invoice yet', async () => {
    const fresh = await signedInUser(ctx.app, ctx.db);
    const headers = { authorization: `Bearer ${fresh.jwt}` };
    const payload = orderPayload(f, NOW, { po_number: 'PO-2026-118', cost_centre: 'Marketing', tip_percent: 15 });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/catering_orders',
      headers,
      payload: { catering_order: payload, is_eft: false },
    });
    expect(created.statusCode).toBe(201);
    const order = created.json().catering_order as { id: number; purchase_id: string };
    // a draft is not spend
    expect((await get('', fresh.jwt)).json().user_catering_orders).toEqual([]);
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/catering_orders/${order.id}/finalize`,
      headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
      payload: { purchase_id: order.purchase_id, payment_method_id: await sandboxCard(ctx.deps.payments, cards.ok) },
    });
    expect(paid.statusCode).toBe(200);
    const { rows } = await ctx.db.query('SELECT * FROM catering_orders WHERE id = $1', [order.id]);
    const o = rows[0];
    // the parts add up to the total, each tax its own line
    expect(o.tip_cents).toBeGreaterThan(0);
    expect(
      o.subtotal_cents +
        o.delivery_fee_cents +
        o.cutlery_cents +
        o.tip_cents +
        o.tax_lines.reduce((s: number, l: { cents: number }) => s + l.cents, 0),
    ).toBe(o.total_cents);
    const res = await get('', fresh.jwt);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user_catering_orders: [
        {
          id: order.id,
          order_date_time: rows[0].delivery_at.toISOString(),
          time_zone: 'America/Toronto',
          display_delivery_date_time: formatLocalDateTime(rows[0].delivery_at, 'America/Toronto'),
          chef_name: f.chef.business_name,
          total_price: rows[0].total_cents,
          preset_slug: presetSlug,
          invoice_available: false,
          order_number: o.order_number,
          po_number: 'PO-2026-118',
          cost_centre: 'Marketing',
          subtotal_cents: o.subtotal_cents,
          delivery_fee_cents: o.delivery_fee_cents,
          cutlery_cents: o.cutlery_cents,
          tax_lines: [{ name: 'HST', rate_percent: 13, cents: o.tax_cents, jurisdiction: null }],
          tip_cents: o.tip_cents,
          status: 'New',
          status_label: 'New',
        },
      ],
      pagination: { per_page: REPORT_PER_PAGE, total_count: 1, total_pages: 1 },
    });
  });

  describe('with a history', () => {
    let ids: Record<string, number>;
    beforeAll(async () => {
      const base = { userId: owner.id, presetId: f.presetId };
      const mine = [f.chef.id];
      ids = {
        // 23:30 in Toronto on March 9 is already March 10 in UTC: the day is the order's zone's
        lateEvening: await insertOrder(ctx.db, {
          ...base,
          chefIds: mine,
          deliveryAt: '2026-03-10T03:30:00Z',
          totalCents: 10_000,
        }),
        vancouver: await insertOrder(ctx.db, {
          ...base,
          chefIds: mine,
          deliveryAt: '2026-03-11T05:30:00Z',
          timeZone: 'America/Vancouver',
          totalCents: 20_000,
        }),
        delivered: await insertOrder(ctx.db, {
          ...base,
          chefIds: [chefs[0]!.id],
          deliveryAt: '2026-03-12T16:00:00Z',
          status: 'Delivered',
          totalCents: 30_000,
        }),
        ready: await insertOrder(ctx.db, {
          ...base,
          chefIds: [chefs[1]!.id, f.chef.id],
          deliveryAt: '2026-03-13T16:00:00Z',
          status: 'DeliveryReady',
          totalCents: 40_000,
        }),
        declined: await insertOrder(ctx.db, {
          ...base,
          chefIds: mine,
          deliveryAt: '2026-03-12T16:00:00Z',
          status: 'declined',
          totalCents: 99_999,
        }),
        canceled: await insertOrder(ctx.db, {
          ...base,
          chefIds: mine,
          deliveryAt: '2026-03-12T16:00:00Z',
          status: 'Canceled',
          totalCents: 99_999,
        }),
        draft: await insertOrder(ctx.db, {
          ...base,
          chefIds: mine,
          deliveryAt: '2026-03-12T16:00:00Z',
          status: 'draft',
          totalCents: 99_999,
        }),
        othersOrder: await insertOrder(ctx.db, {
          ...base,
          userId: other.id,
          chefIds: mine,
          deliveryAt: '2026-03-12T16:00:00Z',
          totalCents: 77_777,
        }),
      };
      // 20 more in April: with the 4 above, 24 orders = 3 pages
      for (let i = 0; i < 20; i++) {
        await insertOrder(ctx.db, {
          ...base,
          chefIds: mine,
          deliveryAt: `2026-04-${String(i + 1).padStart(2, '0')}T16:00:00Z`,
          totalCents: 1000 + i,
        });
      }
    });

    it("pages the placed orders newest first; drafts, declined, cancelled and other users' orders are not spend", async () => {
      const first = (await get('')).json();
      expect(first.pagination).toEqual({ per_page: REPORT_PER_PAGE, total_count: 24, total_pages: 3 });
      expect(first.user_catering_orders).toHaveLength(10);
      expect(first.user_catering_orders[0].order_date_time).toBe('2026-04-20T16:00:00.000Z');
      const last = (await get('?page=3')).json();
      expect(last.user_catering_orders.map((o: { id: number }) => o.id)).toEqual([
        ids.ready,
        ids.delivered,
        ids.vancouver,
        ids.lateEvening,
      ]);
      const all = [
        ...first.user_catering_orders,
        ...(await get('?page=2')).json().user_catering_orders,
        ...last.user_catering_orders,
      ].map((o: { id: number }) => o.id);
      expect(new Set(all).size).toBe(24);
      for (const hidden of [ids.declined, ids.canceled, ids.draft, ids.othersOrder]) expect(all).not.toContain(hidden);
      // a page past the end is empty, with the same totals
      const beyond = (await get('?page=4')).json();
      expect(beyond.user_catering_orders).toEqual([]);
      expect(beyond.pagination.total_pages).toBe(3);
    });

    it('flags the invoice on delivery-ready and delivered orders only', async () => {
      const rows = (await get('?page=3')).json().user_catering_orders as { id: number; invoice_available: boolean }[];
      expect(Object.fromEntries(rows.map((r) => [r.id, r.invoice_available]))).toEqual({
        [ids.ready!]: true,
        [ids.delivered!]: true,
        [ids.vancouver!]: false,
        [ids.lateEvening!]: false,
      });
    });

    it("filters by delivery date in the order's own zone, both ends included", async () => {
      const ninth = (await get('?start_date=2026-03-09&end_date=2026-03-09')).json();
      expect(ninth.user_catering_orders.map((o: { id: number }) => o.id)).toEqual([ids.lateEvening]);
      // 05:30 UTC on the 11th is the evening of the 10th in Vancouver
      const tenth = (await get('?start_date=2026-03-10&end_date=2026-03-10')).json();
      expect(tenth.user_catering_orders.map((o: { id: number }) => o.id)).toEqual([ids.vancouver]);
      // and the rows say the dates they were filed under (issue 17 part 5)
      expect(ninth.user_catering_orders[0].display_delivery_date_time).toBe('Mar 9, 2026, 11:30 PM');
      expect(tenth.user_catering_orders[0].display_delivery_date_time).toBe('Mar 10, 2026, 10:30 PM');
      const march = (await get('?start_date=2026-03-01&end_date=2026-03-31')).json();
      expect(march.pagination).toEqual({ per_page: REPORT_PER_PAGE, total_count: 4, total_pages: 1 });
      const none = (await get('?start_date=2025-01-01&end_date=2025-01-31')).json();
      expect(none).toEqual({
        user_catering_orders: [],
        pagination: { per_page: REPORT_PER_PAGE, total_count: 0, total_pages: 0 },
      });
    });

    it('filters by vendor name, any letter case, any chef of the order; a % is a plain character', async () => {
      const name = chefs[1]!.business_name;
      const byPart = (await get(`?company=${encodeURIComponent(name.slice(1, -1).toUpperCase())}`)).json();
      expect(byPart.user_catering_orders.map((o: { id: number; chef_name: string }) => [o.id, o.chef_name])).toEqual([
        [ids.ready, `${name}, ${f.chef.business_name}`],
      ]);
      expect((await get('?company=%25')).json().pagination.total_count).toBe(0);
      const combined = (
        await get(
          `?company=${encodeURIComponent(f.chef.business_name.toLowerCase())}&start_date=2026-04-01&end_date=2026-04-10`,
        )
      ).json();
      expect(combined.pagination.total_count).toBe(10);
      // a vendor name alone is enough; one date with it too
      const vendorFrom = (
        await get(`?company=${encodeURIComponent(chefs[0]!.business_name)}&start_date=2026-03-12`)
      ).json();
      expect(vendorFrom.user_catering_orders.map((o: { id: number }) => o.id)).toEqual([ids.delivered]);
    });

    it('treats empty values as absent', async () => {
      const res = await get('?page=&start_date=&end_date=&company=');
      expect(res.statusCode).toBe(200);
      expect(res.json().pagination.total_count).toBe(24);
    });

    it("exports every order of the filters as CSV, not one page, newest first, with the report's delivery text", async () => {
      const all = await get('', owner.jwt, CSV);
      expect(all.statusCode).toBe(200);
      const lines = csvCells(all.body);
      expect(lines).toHaveLength(1 + 24);
      const report = (await get('?page=3')).json().user_catering_orders as {
        order_number: string;
        display_delivery_date_time: string;
      }[];
      // the report's last page is the export's last rows, delivery dates written the same way (quoted: they hold commas)
      const tail = all.body.replace(/\r\n$/, '').split('\r\n').slice(-4);
      expect(tail.map((line) => line.split(',')[0])).toEqual(report.map((r) => r.order_number));
      expect(tail.map((line) => /^[^,]+,"([^"]+)"/.exec(line)![1])).toEqual(
        report.map((r) => r.display_delivery_date_time),
      );
      // the report's filters, with the same rules: the late-evening Toronto order is filed under the 9th
      const ninth = csvCells((await get('?start_date=2026-03-09&end_date=2026-03-09', owner.jwt, CSV)).body);
      expect(ninth.map((cells) => cells[0])).toEqual([
        'Order Number',
        (await get('?start_date=2026-03-09&end_date=2026-03-09')).json().user_catering_orders[0].order_number,
      ]);
      const vendor = csvCells(
        (await get(`?company=${encodeURIComponent(chefs[0]!.business_name)}`, owner.jwt, CSV)).body,
      );
      expect(vendor).toHaveLength(2);
      expect(vendor[1]![0]).toBe(
        (await ctx.db.query('SELECT order_number FROM catering_orders WHERE id = $1', [ids.delivered])).rows[0]
          .order_number,
      );
      // a page number is not a filter of the export
      expect(csvCells((await get('?page=2', owner.jwt, CSV)).body)).toHaveLength(25);
    });
  });

  describe('the CSV export', () => {
    let buyer: { jwt: string; id: number };
    let quebec: { id: number; total: number };
    let ontario: { id: number; total: number };
    beforeAll(async () => {
      buyer = await signedInUser(ctx.app, ctx.db);
      const base = { userId: buyer.id, presetId: f.presetId, chefIds: [f.chef.id] };
      const qc = await insertOrder(ctx.db, {
        ...base,
        deliveryAt: '2026-05-12T16:00:00Z',
        status: 'Delivered',
        totalCents: 0,
      });
      const on = await insertOrder(ctx.db, { ...base, deliveryAt: '2026-05-11T16:00:00Z', totalCents: 0 });
      quebec = {
        id: qc,
        total: await withParts(ctx.db, qc, {
          subtotal: 10_000,
          fee: 1_500,
          cutlery: 250,
          taxes: [
            { name: 'GST', ratePercent: 5, cents: 588 },
            { name: 'QST', ratePercent: 9.975, cents: 1_172 },
          ],
          tip: 1_500,
          po: 'PO "7", rev 2',
          costCentre: '=1+2',
        }),
      };
      ontario = {
        id: on,
        total: await withParts(ctx.db, on, {
          subtotal: 20_000,
          fee: 1_000,
          taxes: [{ name: 'HST', ratePercent: 13, cents: 2_730 }],
          po: '@SUM(A1)',
          costCentre: '-5',
        }),
      };
    });

    it('is a UTF-8 attachment with a BOM and a header row; a column per tax: GST and QST for Quebec, HST for Ontario', async () => {
      const res = await get('', buyer.jwt, CSV);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
      expect(res.headers['content-disposition']).toBe('attachment; filename="caterway-spend-2026-03-02.csv"');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const number = async (id: number) =>
        (await ctx.db.query('SELECT order_number FROM catering_orders WHERE id = $1', [id])).rows[0]
          .order_number as string;
      const vendor = f.chef.business_name;
      expect(vendor).not.toMatch(/[",\r\n]/);
      // newest delivery first; PO number and cost centre quoted or kept as text, never a formula
      expect(res.body.split('\r\n')).toEqual([
        `${BOM}Order Number,Delivery Date,Vendor,PO Number,Cost Centre,Subtotal,Delivery Fee,Cutlery,GST,HST,QST,Tip,Total,Currency,Status`,
        `${await number(quebec.id)},"May 12, 2026, 12:00 PM",${vendor},"PO ""7"", rev 2",'=1+2,100.00,15.00,2.50,5.88,,11.72,15.00,${(quebec.total / 100).toFixed(2)},CAD,Delivered`,
        `${await number(ontario.id)},"May 11, 2026, 12:00 PM",${vendor},'@SUM(A1),'-5,200.00,10.00,0.00,,27.30,,0.00,${(ontario.total / 100).toFixed(2)},CAD,Accepted`,
        '',
      ]);
      // the JSON report has the same parts
      const [qcRow, onRow] = (await get('', buyer.jwt)).json().user_catering_orders;
      expect(qcRow).toMatchObject({
        po_number: 'PO "7", rev 2',
        cost_centre: '=1+2',
        subtotal_cents: 10_000,
        delivery_fee_cents: 1_500,
        cutlery_cents: 250,
        tax_lines: [
          { name: 'GST', rate_percent: 5, cents: 588, jurisdiction: null },
          { name: 'QST', rate_percent: 9.975, cents: 1_172, jurisdiction: null },
        ],
        tip_cents: 1_500,
        total_price: quebec.total,
        status: 'Delivered',
        status_label: 'Delivered',
      });
      expect(onRow).toMatchObject({
        tax_lines: [{ name: 'HST', rate_percent: 13, cents: 2_730, jurisdiction: null }],
        status: 'Accepted',
      });
    });

    it('has only the columns of the taxes in the export: the Ontario order alone has HST and no GST or QST', async () => {
      const res = await get('?start_date=2026-05-11&end_date=2026-05-11', buyer.jwt, CSV);
      expect(csvCells(res.body)[0]).toEqual([
        'Order Number',
        'Delivery Date',
        'Vendor',
        'PO Number',
        'Cost Centre',
        'Subtotal',
        'Delivery Fee',
        'Cutlery',
        'HST',
        'Tip',
        'Total',
        'Currency',
        'Status',
      ]);
      // nothing matches: the header alone
      expect((await get('?start_date=2027-01-01&end_date=2027-01-31', buyer.jwt, CSV)).body).toBe(
        `${BOM}Order Number,Delivery Date,Vendor,PO Number,Cost Centre,Subtotal,Delivery Fee,Cutlery,Tip,Total,Currency,Status\r\n`,
      );
    });
  });

  it('refuses bad filters with clear messages, the same for the report and its CSV export', async () => {
    const cases: [string, string][] = [
      [
        '?start_date=2026-02-30&end_date=2026-03-01',
        'Delivery Start Date must be a valid date (yyyy-MM-dd) between 2000-01-01 and 2099-12-31.',
      ],
      [
        '?start_date=2026-03-01&end_date=03/04/2026',
        'Delivery End Date must be a valid date (yyyy-MM-dd) between 2000-01-01 and 2099-12-31.',
      ],
      ['?start_date=2026-03-05&end_date=2026-03-01', reportMessages.startAfterEnd],
      ['?start_date=2026-03-05', reportMessages.needBothDatesOrVendor],
      ['?end_date=2026-03-05', reportMessages.needBothDatesOrVendor],
      ['?page=0', 'Page must be 1 or more.'],
      ['?page=abc', 'Page must be a whole number.'],
      [`?company=${'x'.repeat(201)}`, 'Vendor name is too long.'],
    ];
    for (const [query, message] of cases) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().messages.join(' | '), query).toContain(message);
      if (query.startsWith('?page')) continue; // the export has no page
      const csv = await get(query, owner.jwt, CSV);
      expect(csv.statusCode, `csv ${query}`).toBe(422);
      expect(csv.json().messages, `csv ${query}`).toEqual(res.json().messages);
    }
  });

  it('is in the OpenAPI document with its query and response', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths['/api/v2/user/user_catering_orders'].get;
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      'company',
      'end_date',
      'page',
      'start_date',
    ]);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '422']));
    expect(doc.paths['/api/v2/accounts'].put.requestBody).toBeDefined();
    const csv = doc.paths['/api/v2/user/user_catering_orders.csv'].get;
    expect(csv.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['company', 'end_date', 'start_date']);
    expect(Object.keys(csv.responses['200'].content)).toEqual(['text/csv']);
  });

  it('answers 401 to anonymous and 403 to unconfirmed callers, for the report and its export', async () => {
    expect((await get('', null)).statusCode).toBe(401);
    expect((await get('', 'not-a-token')).statusCode).toBe(401);
    expect((await get('', null, CSV)).statusCode).toBe(401);
    // a session whose account is (no longer) confirmed: the guard refuses it
    const lapsed = await signedInUser(ctx.app, ctx.db);
    await ctx.db.query('UPDATE users SET confirmed_at = NULL WHERE id = $1', [lapsed.id]);
    const res = await get('', lapsed.jwt);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Please confirm your email address.' });
    expect((await get('', lapsed.jwt, CSV)).json()).toEqual({ error: 'Please confirm your email address.' });
    // another user's orders are never in the export
    const stranger = await signedInUser(ctx.app, ctx.db);
    expect(csvCells((await get('', stranger.jwt, CSV)).body)).toHaveLength(1);
  });
});
