// Spend reports: GET api/v2/user/user_catering_orders (ordering-payments §2 'Reports page', §5, §7).
// One order is placed through the real checkout (create + finalize with a sandbox card); the
// rest of the history is inserted as rows (insertOrder) so dates, zones, vendors and statuses
// can be chosen exactly.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLocalDateTime, REPORT_PER_PAGE, reportMessages } from '@caterway/domain';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { fixedClock } from '../../lib/clock.js';
import { signedInUser } from '../auth/auth.test-helpers.js';
import { orderPayload, restaurantFixture, sandboxCard, cards, type RestaurantFixture } from '../orders/orders.test-helpers.js';
import { insertPlacedOrder as insertOrder } from '../order-lifecycle/lifecycle.test-helpers.js';

const NOW = new Date('2026-03-02T14:00:00Z');
const quiet = { info() {}, warn() {} };
const URL_ = '/api/v2/user/user_catering_orders';

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
    presetSlug = (await ctx.db.query<{ slug: string }>('SELECT slug FROM presets WHERE id = $1', [f.presetId])).rows[0]!.slug;
    // two other vendors with distinct names for the vendor filter
    chefs = (await ctx.db.query<{ id: number; business_name: string }>(
      `SELECT id::int AS id, business_name FROM chefs WHERE id <> $1 AND business_name NOT ILIKE $2 ORDER BY id LIMIT 2`,
      [f.chef.id, `%${f.chef.business_name.slice(0, 4)}%`],
    )).rows;
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });

  const get = (query: string, token: string | null = owner.jwt) =>
    ctx.app.inject({ method: 'GET', url: `${URL_}${query}`, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('lists an order placed through checkout, with the spec fields and no invoice yet', async () => {
    const fresh = await signedInUser(ctx.app, ctx.db);
    const headers = { authorization: `Bearer ${fresh.jwt}` };
    const created = await ctx.app.inject({ method: 'POST', url: '/api/v2/catering_orders', headers, payload: { catering_order: orderPayload(f, NOW), is_eft: false } });
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
    const { rows } = await ctx.db.query('SELECT delivery_at, total_cents FROM catering_orders WHERE id = $1', [order.id]);
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
        lateEvening: await insertOrder(ctx.db, { ...base, chefIds: mine, deliveryAt: '2026-03-10T03:30:00Z', totalCents: 10_000 }),
        vancouver: await insertOrder(ctx.db, { ...base, chefIds: mine, deliveryAt: '2026-03-11T05:30:00Z', timeZone: 'America/Vancouver', totalCents: 20_000 }),
        delivered: await insertOrder(ctx.db, { ...base, chefIds: [chefs[0]!.id], deliveryAt: '2026-03-12T16:00:00Z', status: 'Delivered', totalCents: 30_000 }),
        ready: await insertOrder(ctx.db, { ...base, chefIds: [chefs[1]!.id, f.chef.id], deliveryAt: '2026-03-13T16:00:00Z', status: 'DeliveryReady', totalCents: 40_000 }),
        declined: await insertOrder(ctx.db, { ...base, chefIds: mine, deliveryAt: '2026-03-12T16:00:00Z', status: 'declined', totalCents: 99_999 }),
        canceled: await insertOrder(ctx.db, { ...base, chefIds: mine, deliveryAt: '2026-03-12T16:00:00Z', status: 'Canceled', totalCents: 99_999 }),
        draft: await insertOrder(ctx.db, { ...base, chefIds: mine, deliveryAt: '2026-03-12T16:00:00Z', status: 'draft', totalCents: 99_999 }),
        othersOrder: await insertOrder(ctx.db, { ...base, userId: other.id, chefIds: mine, deliveryAt: '2026-03-12T16:00:00Z', totalCents: 77_777 }),
      };
      // 20 more in April: with the 4 above, 24 orders = 3 pages
      for (let i = 0; i < 20; i++) {
        await insertOrder(ctx.db, { ...base, chefIds: mine, deliveryAt: `2026-04-${String(i + 1).padStart(2, '0')}T16:00:00Z`, totalCents: 1000 + i });
      }
    });

    it('pages the placed orders newest first; drafts, declined, cancelled and other users\' orders are not spend', async () => {
      const first = (await get('')).json();
      expect(first.pagination).toEqual({ per_page: REPORT_PER_PAGE, total_count: 24, total_pages: 3 });
      expect(first.user_catering_orders).toHaveLength(10);
      expect(first.user_catering_orders[0].order_date_time).toBe('2026-04-20T16:00:00.000Z');
      const last = (await get('?page=3')).json();
      expect(last.user_catering_orders.map((o: { id: number }) => o.id)).toEqual([ids.ready, ids.delivered, ids.vancouver, ids.lateEvening]);
      const all = [...first.user_catering_orders, ...(await get('?page=2')).json().user_catering_orders, ...last.user_catering_orders].map((o: { id: number }) => o.id);
      expect(new Set(all).size).toBe(24);
      for (const hidden of [ids.declined, ids.canceled, ids.draft, ids.othersOrder]) expect(all).not.toContain(hidden);
      // a page past the end is empty, with the same totals
      const beyond = (await get('?page=4')).json();
      expect(beyond.user_catering_orders).toEqual([]);
      expect(beyond.pagination.total_pages).toBe(3);
    });

    it('flags the invoice on delivery-ready and delivered orders only', async () => {
      const rows = (await get('?page=3')).json().user_catering_orders as { id: number; invoice_available: boolean }[];
      expect(Object.fromEntries(rows.map((r) => [r.id, r.invoice_available]))).toEqual({ [ids.ready!]: true, [ids.delivered!]: true, [ids.vancouver!]: false, [ids.lateEvening!]: false });
    });

    it('filters by delivery date in the order\'s own zone, both ends included', async () => {
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
      expect(none).toEqual({ user_catering_orders: [], pagination: { per_page: REPORT_PER_PAGE, total_count: 0, total_pages: 0 } });
    });

    it('filters by vendor name, any letter case, any chef of the order; a % is a plain character', async () => {
      const name = chefs[1]!.business_name;
      const byPart = (await get(`?company=${encodeURIComponent(name.slice(1, -1).toUpperCase())}`)).json();
      expect(byPart.user_catering_orders.map((o: { id: number; chef_name: string }) => [o.id, o.chef_name])).toEqual([[ids.ready, `${name}, ${f.chef.business_name}`]]);
      expect((await get('?company=%25')).json().pagination.total_count).toBe(0);
      const combined = (await get(`?company=${encodeURIComponent(f.chef.business_name.toLowerCase())}&start_date=2026-04-01&end_date=2026-04-10`)).json();
      expect(combined.pagination.total_count).toBe(10);
      // a vendor name alone is enough; one date with it too
      const vendorFrom = (await get(`?company=${encodeURIComponent(chefs[0]!.business_name)}&start_date=2026-03-12`)).json();
      expect(vendorFrom.user_catering_orders.map((o: { id: number }) => o.id)).toEqual([ids.delivered]);
    });

    it('treats empty values as absent', async () => {
      const res = await get('?page=&start_date=&end_date=&company=');
      expect(res.statusCode).toBe(200);
      expect(res.json().pagination.total_count).toBe(24);
    });
  });

  it('refuses bad filters with clear messages', async () => {
    const cases: [string, string][] = [
      ['?start_date=2026-02-30&end_date=2026-03-01', 'Delivery Start Date must be a valid date (yyyy-MM-dd) between 2000-01-01 and 2099-12-31.'],
      ['?start_date=2026-03-01&end_date=03/04/2026', 'Delivery End Date must be a valid date (yyyy-MM-dd) between 2000-01-01 and 2099-12-31.'],
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
    }
  });

  it('is in the OpenAPI document with its query and response', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths['/api/v2/user/user_catering_orders'].get;
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['company', 'end_date', 'page', 'start_date']);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '422']));
    expect(doc.paths['/api/v2/accounts'].put.requestBody).toBeDefined();
  });

  it('answers 401 to anonymous and 403 to unconfirmed callers', async () => {
    expect((await get('', null)).statusCode).toBe(401);
    expect((await get('', 'not-a-token')).statusCode).toBe(401);
    // a session whose account is (no longer) confirmed: the guard refuses it
    const lapsed = await signedInUser(ctx.app, ctx.db);
    await ctx.db.query('UPDATE users SET confirmed_at = NULL WHERE id = $1', [lapsed.id]);
    const res = await get('', lapsed.jwt);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Please confirm your email address.' });
  });
});
