// Local delivery dates in the operations console and the spend reports (issue 15 §5, decision
// 025): the day of an order is its day in its own zone with the runtime's time zone data, not
// PostgreSQL's (whose data here still has British Columbia going back to UTC-8 on 2026-11-01).
// Orders are inserted as rows so the instants and zones are exact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsMessages } from '@caterway/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { fixedClock } from '../../lib/clock.js';
import { signedInUser } from '../auth/auth.test-helpers.js';
import { restaurantFixture, type RestaurantFixture } from '../orders/orders.test-helpers.js';
import { auth, insertPlacedOrder, staffUser } from './lifecycle.test-helpers.js';

const NOW = new Date('2026-11-26T15:00:00Z');
const quiet = { info() {}, warn() {}, error() {} };

describe('local delivery dates with current time zone data', () => {
  let ctx: TestContext;
  let f: RestaurantFixture;
  let staff: { jwt: string };
  let owner: { jwt: string; id: number };
  let ids: Record<string, number>;

  beforeAll(async () => {
    ctx = await createTestApp({ clock: fixedClock(NOW) });
    await ensureDemoData(ctx.db, quiet);
    f = await restaurantFixture(ctx.db);
    staff = await staffUser(ctx.app, ctx.db);
    owner = await signedInUser(ctx.app, ctx.db);
    const seed = (deliveryAt: string, timeZone: string) =>
      insertPlacedOrder(ctx.db, {
        userId: owner.id,
        presetId: f.presetId,
        chefIds: [f.chef.id],
        deliveryAt,
        timeZone,
        totalCents: 10_000,
      });
    ids = {
      // Vancouver is UTC-7 all winter now: 00:30 and 23:30 on 2026-12-01 are 07:30Z and 06:30Z the next day
      vanEarly: await seed('2026-12-01T07:30:00Z', 'America/Vancouver'),
      vanLate: await seed('2026-12-02T06:30:00Z', 'America/Vancouver'),
      vanNextDay: await seed('2026-12-02T07:30:00Z', 'America/Vancouver'),
      // 23:30 on 2026-12-01 in St John's (UTC-3:30) and Regina (UTC-6)
      stJohns: await seed('2026-12-02T03:00:00Z', 'America/St_Johns'),
      regina: await seed('2026-12-02T05:30:00Z', 'America/Regina'),
      // 00:30 on 2026-12-01 in Toronto (UTC-5) and Los Angeles (UTC-8)
      toronto: await seed('2026-12-01T05:30:00Z', 'America/Toronto'),
      losAngeles: await seed('2026-12-01T08:30:00Z', 'America/Los_Angeles'),
      // 23:30 on 2026-11-30 in Halifax (UTC-4): the day before
      halifaxBefore: await seed('2026-12-01T03:30:00Z', 'America/Halifax'),
    };
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });

  const ops = (query: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/v2/ops/orders${query}`, headers: auth(staff.jwt) });
  const reports = (query: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/v2/user/user_catering_orders${query}`, headers: auth(owner.jwt) });

  it('lists a Vancouver order at 23:30 and at 00:30 local on 2026-12-01, not on the days around it', async () => {
    const res = await ops('?from=2026-12-01&to=2026-12-01');
    expect(res.statusCode).toBe(200);
    const listed = res.json().orders as { id: number; delivery_date: string; display_delivery_date_time: string }[];
    expect(listed.map((o) => o.id).sort()).toEqual(
      [ids.vanEarly, ids.vanLate, ids.stJohns, ids.regina, ids.toronto, ids.losAngeles].sort(),
    );
    for (const o of listed) expect(o.delivery_date).toBe('2026-12-01');
    expect(listed.find((o) => o.id === ids.vanLate)!.display_delivery_date_time).toBe(
      'Tuesday, December 1, 2026 at 11:30 PM',
    );
    expect(listed.find((o) => o.id === ids.vanEarly)!.display_delivery_date_time).toBe(
      'Tuesday, December 1, 2026 at 12:30 AM',
    );

    const next = (await ops('?from=2026-12-02&to=2026-12-02')).json().orders as { id: number; delivery_date: string }[];
    expect(next.map((o) => o.id)).toEqual([ids.vanNextDay]);
    expect(next[0]!.delivery_date).toBe('2026-12-02');
    const before = (await ops('?from=2026-11-30&to=2026-11-30')).json().orders as { id: number }[];
    expect(before.map((o) => o.id)).toEqual([ids.halifaxBefore]);
  });

  it('gives the detail the same local date', async () => {
    const res = await ops(`/${ids.vanEarly}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().order.delivery_date).toBe('2026-12-01');
  });

  it('filters the spend report by the same local dates', async () => {
    const res = await reports('?start_date=2026-12-01&end_date=2026-12-01');
    expect(res.statusCode).toBe(200);
    const rows = res.json().user_catering_orders as { id: number; display_delivery_date_time: string }[];
    expect(rows.map((o) => o.id).sort()).toEqual(
      [ids.vanEarly, ids.vanLate, ids.stJohns, ids.regina, ids.toronto, ids.losAngeles].sort(),
    );
    expect(res.json().pagination.total_count).toBe(6);
    // each row's text says the date it was filed under: the server formats it, not the browser (issue 17 part 5)
    const text = Object.fromEntries(rows.map((o) => [o.id, o.display_delivery_date_time]));
    expect([text[ids.vanEarly!], text[ids.vanLate!], text[ids.stJohns!], text[ids.losAngeles!]]).toEqual([
      'Dec 1, 2026, 12:30 AM',
      'Dec 1, 2026, 11:30 PM',
      'Dec 1, 2026, 11:30 PM',
      'Dec 1, 2026, 12:30 AM',
    ]);
    const range = (await reports('?start_date=2026-11-30&end_date=2026-12-02')).json();
    expect(range.pagination.total_count).toBe(8);
  });

  it('answers absurd dates with 422 and a clear message, never 500', async () => {
    for (const q of [
      '?from=0000-01-01&to=2026-12-01',
      '?from=2026-12-01&to=9999-12-31',
      '?from=0001-01-01&to=0001-01-02',
      '?from=2026-02-30&to=2026-03-01',
      '?from=-2026-01-01&to=2026-01-02',
    ]) {
      const res = await ops(q);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().messages, q).toEqual([opsMessages.invalidDates]);
    }
    for (const q of [
      '?start_date=0000-01-01&end_date=2026-12-01',
      '?start_date=2026-12-01&end_date=275760-09-13',
      '?start_date=1900-01-01&end_date=2026-12-01',
    ]) {
      const res = await reports(q);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().messages.join(' '), q).toMatch(
        /must be a valid date \(yyyy-MM-dd\) between 2000-01-01 and 2099-12-31\./,
      );
    }
    // the other date query parameters: the search's delivery date
    const search = await ctx.app.inject({
      method: 'GET',
      url: '/api/v2/search.json?search_type=restaurant&delivery_date=0000-01-01&delivery_time=11:30%20AM',
    });
    expect(search.statusCode).toBe(422);
    expect(search.json().messages).toEqual(['Please select valid date.']);
  });
});
