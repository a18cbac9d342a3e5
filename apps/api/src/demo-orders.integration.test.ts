import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editRuleMessages } from '@caterway/domain';
import { createTestApp, type TestContext } from '../test/helpers.js';
import { ensureDemoData } from './db/seed/demo.js';
import { demoCapacity, ensureDemoOrderHistory, ensureDemoRestaurantTeam } from './demo-orders.js';
import { fixedClock } from './lib/clock.js';
import { demoAccounts, demoRestaurantTeam } from './lib/demo-accounts.js';
import { signIn } from './modules/auth/auth.test-helpers.js';

const quiet = { info() {}, warn() {} };

// Two clocks: a weekday morning and a Saturday night, so the slot choice works at any hour.
describe.each([
  ['a Monday morning', new Date('2026-03-02T14:00:00Z')],
  ['a Saturday night', new Date('2026-03-08T03:30:00Z')],
])('demo order history on %s', (_name, NOW) => {
  let ctx: TestContext;
  let created: number;

  beforeAll(async () => {
    const clock = fixedClock(NOW);
    ctx = await createTestApp({ clock });
    await ensureDemoData(ctx.db, quiet);
    created = (
      await ensureDemoOrderHistory(ctx.db, {
        payments: ctx.deps.payments,
        geocoder: ctx.deps.geocoder,
        clock,
        log: quiet,
      })
    ).created;
  }, 180_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('places the orders through checkout and the state machine, once', async () => {
    expect(created).toBe(7);
    const { rows } = await ctx.db.query(
      `SELECT o.id, o.status, o.payment_status, o.processing, o.delivery_at, o.order_processing_at, o.captured_cents, o.total_cents,
              (SELECT array_agg(e.event ORDER BY e.id) FROM order_events e WHERE e.catering_order_id = o.id) AS events
         FROM catering_orders o JOIN users u ON u.id = o.user_id WHERE u.email = 'demo@caterway.ca' ORDER BY o.created_at`,
    );
    expect(rows.map((r) => r.status)).toEqual([
      'customer_paid',
      'Delivered',
      'Delivered',
      'Accepted',
      'Accepted',
      'Accepted',
      'New',
    ]);
    expect(rows[0].events).toEqual(['pay', 'accept', 'mark_delivery_ready', 'mark_delivered', 'settle']);
    expect(rows[6].events).toEqual(['pay']);
    expect(rows[5].events).toEqual(['pay', 'accept']);
    for (const r of rows.slice(0, 4))
      expect(r).toMatchObject({ payment_status: 'captured', processing: 'processed', captured_cents: r.total_cents });
    const prepared = rows[3];
    expect(prepared.order_processing_at.getTime()).toBeLessThanOrEqual(NOW.getTime());
    expect(prepared.delivery_at.getTime()).toBeGreaterThan(NOW.getTime());
    expect(rows[4].order_processing_at.getTime()).toBeGreaterThan(NOW.getTime());
    expect(rows[5].order_processing_at.getTime()).toBeGreaterThan(NOW.getTime());

    const again = await ensureDemoOrderHistory(ctx.db, {
      payments: ctx.deps.payments,
      geocoder: ctx.deps.geocoder,
      clock: fixedClock(NOW),
      log: quiet,
    });
    expect(again.created).toBe(0);
  });

  it('shows in the demo customer’s My Orders with the rule messages', async () => {
    const customer = demoAccounts.find((a) => a.role === 'customer')!;
    const jwt = (await signIn(ctx.app, customer.email, customer.password)).json().jwt;
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v2/order_history',
      headers: { authorization: `Bearer ${jwt}` },
    });
    const { upcoming, past } = res.json();
    expect(past).toHaveLength(3);
    expect(past.every((o: { invoice_available: boolean }) => o.invoice_available)).toBe(true);
    expect(
      upcoming.map(
        (o: { status: string; editable: boolean; edit_message: string | null; display_status: string | null }) => [
          o.status,
          o.editable,
          o.edit_message,
          o.display_status,
        ],
      ),
    ).toEqual([
      ['Accepted', false, editRuleMessages.beingPrepared, 'Processed'],
      ['Accepted', true, null, null],
      ['New', false, editRuleMessages.notAccepted, null],
      ['Accepted', true, null, null],
    ]);
    const invoice = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/catering_order_invoices/${past[0].id}.pdf`,
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(invoice.statusCode).toBe(200);
  });

  it('makes the demo restaurant team once: two restaurants with orders waiting for its answer', async () => {
    const deps = { payments: ctx.deps.payments, geocoder: ctx.deps.geocoder, clock: fixedClock(NOW), log: quiet };
    const team = await ensureDemoRestaurantTeam(ctx.db, deps);
    expect(team?.restaurants).toHaveLength(demoRestaurantTeam.restaurants);
    expect(team?.waiting).toBe(demoRestaurantTeam.waitingOrders);
    expect(await ensureDemoRestaurantTeam(ctx.db, deps)).toBeNull();

    const jwt = (await signIn(ctx.app, demoRestaurantTeam.email, demoRestaurantTeam.password)).json().jwt;
    const headers = { authorization: `Bearer ${jwt}` };
    const mine = (await ctx.app.inject({ method: 'GET', url: '/api/v2/partner/restaurants', headers })).json()
      .restaurants as { id: number; name: string; role: string }[];
    expect(mine.map((r) => [r.name, r.role])).toEqual(
      [...team!.restaurants].sort((a, b) => a.localeCompare(b)).map((name) => [name, 'owner']),
    );
    let waiting = 0;
    for (const r of mine) {
      const list = await ctx.app.inject({
        method: 'GET',
        url: `/api/v2/partner/restaurants/${r.id}/orders?view=waiting`,
        headers,
      });
      waiting += (list.json().orders as { actions: string[] }[]).filter((o) => o.actions.includes('accept')).length;
    }
    expect(waiting).toBeGreaterThanOrEqual(demoRestaurantTeam.waitingOrders);

    // one restaurant near capacity (not the team's): its 12:00 window a week on is full
    const busy = team!.nearCapacity!;
    expect(busy.slot).toMatch(/^\d{4}-\d{2}-\d{2} 12:00$/);
    expect(team!.restaurants).not.toContain(busy.restaurant);
    const { rows: rule } = await ctx.db.query(
      'SELECT unit, per_day, per_window, window_minutes FROM restaurant_capacity WHERE chef_id = $1',
      [busy.chefId],
    );
    expect(rule).toEqual([
      {
        unit: demoCapacity.unit,
        per_day: demoCapacity.perDay,
        per_window: demoCapacity.perWindow,
        window_minutes: demoCapacity.windowMinutes,
      },
    ]);
    const { rows } = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM catering_orders
        WHERE chef_id = $1 AND status = 'Accepted' AND (delivery_at AT TIME ZONE time_zone)::date = $2::date`,
      [busy.chefId, busy.slot.slice(0, 10)],
    );
    expect(rows[0]!.n).toBe(demoCapacity.perWindow);
    // its restaurants have delivered orders, so that their statements are not empty (decision 057)
    expect(team?.delivered).toBe(demoRestaurantTeam.deliveredDaysAgo.length);
    let orders = 0;
    for (const r of mine) {
      let own = 0;
      for (const start of ['', `&start=${new Date(NOW.getTime() - 16 * 86_400_000).toISOString().slice(0, 10)}`]) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/v2/partner/restaurants/${r.id}/statements?period=month${start}`,
          headers,
        });
        expect(res.statusCode, res.body).toBe(200);
        own += res.json<{ totals: { orders: number } }>().totals.orders;
      }
      expect(own, r.name).toBeGreaterThan(0);
      orders += own;
    }
    // the demo customer's own history may have gone to it too; these two periods hold the last 12 days'
    expect(orders).toBeGreaterThanOrEqual(demoRestaurantTeam.deliveredDaysAgo.filter((d) => d <= 12).length);
    // and a record to show on their pages: answered in the portal within minutes, delivered on time
    for (const r of mine) {
      const { rows: presets } = await ctx.db.query<{ id: number }>(
        `SELECT p.id::int AS id FROM presets p JOIN preset_chefs pc ON pc.preset_id = p.id
          WHERE pc.chef_id = $1 AND p.preset_type = 'restaurant' LIMIT 1`,
        [r.id],
      );
      const res = await ctx.app.inject({ method: 'GET', url: `/api/v2/presets/${presets[0]!.id}/reliability` });
      const reliability = res.json().reliability as { text: string; median_minutes_to_accept: number } | null;
      expect(reliability?.text, r.name).toMatch(/^Usually confirms in \d+ min · 100% on time, last 90 days$/);
      expect(reliability!.median_minutes_to_accept).toBeGreaterThanOrEqual(6);
      expect(reliability!.median_minutes_to_accept).toBeLessThanOrEqual(18);
    }
  });
});
