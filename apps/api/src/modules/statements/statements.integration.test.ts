import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerCommission, PartnerStatement } from '@caterway/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { renderPdfPage } from '../../../test/pdf-image.js';
import { fixedClock } from '../../lib/clock.js';
import { createCatalogueChangesService } from '../catalogue-changes/catalogue-changes.service.js';
import { auth } from '../order-lifecycle/lifecycle.test-helpers.js';
import { teamFixture, type SignedIn } from '../partner/partner.test-helpers.js';
import { insertOrder } from './statements.test-helpers.js';

// Decision 057: a restaurant's statement counts its delivered orders by delivery day in its own
// time zone, splits a shared order's figures exactly, charges the rate in force on the day, and
// is for owners, managers and operations only.

describe('restaurant statements', () => {
  let ctx: TestContext;
  let team: Awaited<ReturnType<typeof teamFixture>>;
  let A: number;
  let B: number;
  let owner: SignedIn;
  let manager: SignedIn;
  let staff: SignedIn;
  let stranger: SignedIn;
  let ops: SignedIn;
  const orders: Record<string, { id: number; number: string }> = {};
  const clock = fixedClock(new Date('2026-12-02T18:00:00Z'));

  const get = (url: string, who: SignedIn | null) =>
    ctx.app.inject({ method: 'GET', url, headers: auth(who?.jwt ?? null) });
  const statement = async (chefId: number, query: string, who: SignedIn = owner) => {
    const res = await get(`/api/v2/partner/restaurants/${chefId}/statements?${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PartnerStatement>();
  };

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    team = await teamFixture(ctx, 3);
    [A, B] = [team.chefs[0]!.id, team.chefs[1]!.id];
    // the restaurant is in Vancouver: its day ends at 08:00 UTC the next day in winter
    await ctx.db.query(`UPDATE chefs SET time_zone = 'America/Vancouver' WHERE id = $1`, [A]);
    owner = await team.member({ 0: 'owner', 1: 'owner' });
    manager = await team.member({ 0: 'manager' });
    staff = await team.member({ 0: 'staff' });
    stranger = await team.member({ 2: 'owner' });
    ops = await team.ops();
    const userId = stranger.id;
    // a rate from Nov 11 on (set before the tests: the API refuses a past day)
    await ctx.db.query(
      `INSERT INTO restaurant_commissions (chef_id, effective_from, rate_bps) VALUES ($1, '2026-11-11', 1200)`,
      [A],
    );
    orders.one = await insertOrder(ctx.db, {
      userId,
      status: 'Delivered',
      deliveryAt: '2026-11-10T20:00:00Z',
      food: [{ chefId: A, cents: 10_000 }],
      deliveryFee: 1500,
      tax: 1495,
      tip: 500,
      company: 'Northwind',
    });
    orders.shared = await insertOrder(ctx.db, {
      userId,
      status: 'customer_paid',
      deliveryAt: '2026-11-12T20:00:00Z',
      food: [
        { chefId: A, cents: 6000 },
        { chefId: B, cents: 3000 },
      ],
      deliveryFee: 1001,
      cutlery: 250,
      tax: 1333,
      tip: 999,
      company: '=HYPERLINK("http://evil.example","x")',
    });
    orders.cancelled = await insertOrder(ctx.db, {
      userId,
      status: 'Canceled',
      deliveryAt: '2026-11-13T20:00:00Z',
      food: [{ chefId: A, cents: 5000 }],
    });
    orders.declined = await insertOrder(ctx.db, {
      userId,
      status: 'declined',
      deliveryAt: '2026-11-13T21:00:00Z',
      food: [{ chefId: A, cents: 5000 }],
    });
    orders.upcoming = await insertOrder(ctx.db, {
      userId,
      status: 'Accepted',
      deliveryAt: '2026-11-30T20:00:00Z',
      food: [{ chefId: A, cents: 5000 }],
    });
    // Nov 30, 22:00 in Vancouver (Dec 1 in UTC and in Toronto): November's
    orders.lateEvening = await insertOrder(ctx.db, {
      userId,
      status: 'Delivered',
      deliveryAt: '2026-12-01T06:00:00Z',
      food: [{ chefId: A, cents: 2000 }],
      tax: 260,
    });
    // Oct 31, 22:00 in Vancouver (Nov 1 in UTC): October's
    orders.october = await insertOrder(ctx.db, {
      userId,
      status: 'Delivered',
      deliveryAt: '2026-11-01T05:00:00Z',
      food: [{ chefId: A, cents: 4000 }],
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('lets owners, managers and operations read statements; staff get 403, another restaurant 404', async () => {
    for (const suffix of ['statements', 'statements.csv', 'statements.pdf', 'commission']) {
      const url = `/api/v2/partner/restaurants/${A}/${suffix}?period=month&start=2026-11-01`.replace(
        'commission?period=month&start=2026-11-01',
        'commission',
      );
      for (const who of [owner, manager, ops]) expect((await get(url, who)).statusCode, `${suffix}`).toBe(200);
      expect((await get(url, staff)).statusCode).toBe(403);
      expect((await get(url, stranger)).statusCode).toBe(404);
      expect((await get(url, null)).statusCode).toBe(401);
    }
  });

  it("counts delivered orders by delivery day in the restaurant's zone, cancelled and declined excluded", async () => {
    const s = await statement(A, 'period=month&start=2026-11-17');
    expect(s.period).toEqual({ period: 'month', start: '2026-11-01', end: '2026-11-30', label: 'November 2026' });
    expect(s.lines.map((l) => l.order_number)).toEqual([
      orders.one!.number,
      orders.shared!.number,
      orders.lateEvening!.number,
    ]);
    expect(s.lines.at(-1)!.delivery_date).toBe('2026-11-30');
    expect(s.previous.start).toBe('2026-10-01');
    expect(s.next?.start).toBe('2026-12-01');
    // December has begun, January not
    expect((await statement(A, 'period=month')).next).toBeNull();
    expect(s.periods_with_orders.map((p) => [p.start, p.orders])).toEqual([
      ['2026-11-01', 3],
      ['2026-10-01', 1],
    ]);
    const october = await statement(A, 'period=month&start=2026-10-01');
    expect(october.lines.map((l) => l.order_number)).toEqual([orders.october!.number]);
    expect(october.next?.start).toBe('2026-11-01');
  });

  it('splits a shared order exactly, charges the rate in force on each day, and totals every figure', async () => {
    const a = await statement(A, 'period=month&start=2026-11-01');
    expect(a.lines[0]).toMatchObject({
      customer: 'Northwind',
      food_cents: 10_000,
      delivery_fee_cents: 1500,
      tax_cents: 1495,
      tip_cents: 500,
      commission_rate_bps: 1500,
      commission_cents: 1500,
      net_cents: 11_995,
      shared: false,
    });
    const sharedA = a.lines[1]!;
    expect(sharedA).toMatchObject({
      food_cents: 6167,
      delivery_fee_cents: 667,
      tax_cents: 889,
      tip_cents: 666,
      commission_rate_bps: 1200,
      commission_cents: 740,
      net_cents: 7649,
      shared: true,
    });
    expect(a.totals).toEqual({
      orders: 3,
      food_cents: 18_167,
      delivery_fee_cents: 2167,
      tax_cents: 2644,
      tip_cents: 1166,
      commission_cents: 2480,
      net_cents: 21_664,
    });
    const b = await statement(B, 'period=month&start=2026-11-01');
    expect(b.lines).toHaveLength(1);
    const sharedB = b.lines[0]!;
    expect(sharedB).toMatchObject({ food_cents: 3083, commission_rate_bps: 1500, commission_cents: 462 });
    // the two restaurants' shares are the order's figures, to the cent
    expect(sharedA.food_cents + sharedB.food_cents).toBe(9000 + 250);
    expect(sharedA.delivery_fee_cents + sharedB.delivery_fee_cents).toBe(1001);
    expect(sharedA.tax_cents + sharedB.tax_cents).toBe(1333);
    expect(sharedA.tip_cents + sharedB.tip_cents).toBe(999);
  });

  it('answers weeks Monday to Sunday, and 422 for a bad period or date', async () => {
    const w = await statement(A, 'period=week&start=2026-11-12');
    expect(w.period).toMatchObject({ start: '2026-11-09', end: '2026-11-15', label: 'Week of Nov 9, 2026' });
    expect(w.lines.map((l) => l.order_number)).toEqual([orders.one!.number, orders.shared!.number]);
    const empty = await statement(A, 'period=week&start=2026-11-16');
    expect(empty.lines).toEqual([]);
    expect(empty.totals).toMatchObject({ orders: 0, net_cents: 0 });
    for (const q of ['period=year', 'start=2026-02-30', 'start=yesterday']) {
      const res = await get(`/api/v2/partner/restaurants/${A}/statements?${q}`, owner);
      expect(res.statusCode, q).toBe(422);
    }
  });

  it('exports the statement as CSV, safe against formula injection, under its file name', async () => {
    const res = await get(`/api/v2/partner/restaurants/${A}/statements.csv?period=month&start=2026-11-05`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="caterway-statement-${A}-month-2026-11-01.csv"`,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = res.body.slice(1).trimEnd().split('\r\n');
    expect(rows[0]).toBe(
      'Order Number,Delivery Date,Customer,Food Sales,Delivery Fee,Taxes,Tip,Commission Rate,Commission,Net Owed,Currency',
    );
    expect(rows[1]).toBe(`${orders.one!.number},2026-11-10,Northwind,100.00,15.00,14.95,5.00,15.00%,15.00,119.95,CAD`);
    // the company's formula is text: a leading apostrophe, quoted because it holds commas and quotes
    expect(rows[2]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(rows[2]).toContain(',61.67,6.67,8.89,6.66,12.00%,7.40,76.49,CAD');
    expect(rows).toHaveLength(5);
    expect(rows[4]).toBe('Total (3 orders),2026-11-01 to 2026-11-30,,181.67,21.67,26.44,11.66,,24.80,216.64,CAD');
  });

  it('draws the statement as a PDF with its figures', async () => {
    const res = await get(`/api/v2/partner/restaurants/${A}/statements.pdf?period=month&start=2026-11-05`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="caterway-statement-${A}-month-2026-11-01.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const page = await renderPdfPage(new Uint8Array(res.rawPayload));
    expect(page.pages).toBe(1);
    for (const text of ['STATEMENT', team.chefs[0]!.name, 'November 2026', '$216.64', '$181.67', orders.one!.number])
      expect(page.inked(text), text).toBe(true);
  });

  it('keeps rate history: operations set a rate from today on, past statements keep theirs, all audited', async () => {
    const url = `/api/v2/partner/restaurants/${A}/commission`;
    const put = (who: SignedIn, body: unknown) =>
      ctx.app.inject({ method: 'PUT', url, headers: auth(who.jwt), payload: body as object });
    const read = await get(url, owner);
    expect(read.json<PartnerCommission>()).toMatchObject({ current_bps: 1200, default_bps: 1500, can_edit: false });
    expect((await put(owner, { rate_bps: 1000, effective_from: '2026-12-02' })).statusCode).toBe(403);
    expect((await put(manager, { rate_bps: 1000, effective_from: '2026-12-02' })).statusCode).toBe(403);
    const past = await put(ops, { rate_bps: 1000, effective_from: '2026-12-01' });
    expect(past.statusCode).toBe(422);
    expect(past.body).toContain('today (2026-12-02) or later');
    for (const bad of [
      { rate_bps: 10_001, effective_from: '2026-12-05' },
      { rate_bps: 12.5, effective_from: '2026-12-05' },
    ])
      expect((await put(ops, bad)).statusCode).toBe(422);
    const before = await statement(A, 'period=month&start=2026-11-01');
    const set = await put(ops, { rate_bps: 1000, effective_from: '2026-12-02' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<PartnerCommission>()).toMatchObject({ current_bps: 1000, can_edit: true });
    expect(set.json<PartnerCommission>().history.map((h) => [h.effective_from, h.rate_bps])).toEqual([
      ['2026-12-02', 1000],
      ['2026-11-11', 1200],
    ]);
    expect(await statement(A, 'period=month&start=2026-11-01')).toEqual(before);
    const log = await createCatalogueChangesService(ctx.db).auditLog(A, { limit: 5 });
    expect(log[0]).toMatchObject({
      entity: 'commission',
      action: 'create',
      summary: 'Commission from 2026-12-02: 12.00% → 10.00%',
    });
    // a delivered order from today on is charged the new rate
    const today = await insertOrder(ctx.db, {
      userId: stranger.id,
      status: 'Delivered',
      deliveryAt: '2026-12-02T20:00:00Z',
      food: [{ chefId: A, cents: 1000 }],
    });
    const after = await statement(A, 'period=week&start=2026-12-02');
    expect(after.lines.find((l) => l.order_id === today.id)).toMatchObject({
      commission_rate_bps: 1000,
      commission_cents: 100,
    });
  });
});
