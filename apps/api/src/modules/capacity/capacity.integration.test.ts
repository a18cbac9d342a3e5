// A restaurant's capacity at checkout (issue 19 part 2, decision 050): real checkouts through the
// API on their own database. 50 concurrent checkouts into a window with room for 10 place exactly
// 10; the rest are refused with the next time that has room; a declined order frees its place.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capacityMessages } from '@caterway/domain';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { fixedClock } from '../../lib/clock.js';
import { signedInUser } from '../auth/auth.test-helpers.js';
import { auth, orderRow, staffUser } from '../order-lifecycle/lifecycle.test-helpers.js';
import {
  cards,
  orderPayload,
  restaurantFixture,
  sandboxCard,
  type RestaurantFixture,
} from '../orders/orders.test-helpers.js';
import { createPartnerRepository } from '../partner/partner.repository.js';

const NOW = new Date('2026-03-02T14:00:00Z'); // a Monday, 9:00 in Toronto
const quiet = { info() {}, warn() {}, error() {} };

describe('restaurant capacity at checkout', () => {
  let ctx: TestContext;
  let f: RestaurantFixture;
  let customer: { jwt: string };
  let manager: { jwt: string };
  let ops: { jwt: string };

  beforeAll(async () => {
    ctx = await createTestApp({ clock: fixedClock(NOW), env: { SESSION_IDLE_MINUTES: '525600' } });
    const { ensureDemoData } = await import('../../db/seed/demo.js');
    await ensureDemoData(ctx.db, quiet);
    f = await restaurantFixture(ctx.db);
    customer = await signedInUser(ctx.app, ctx.db);
    const m = await signedInUser(ctx.app, ctx.db);
    await createPartnerRepository(ctx.db).addMember({ chefId: f.chef.id, userId: m.id, role: 'manager' });
    manager = m;
    ops = await staffUser(ctx.app, ctx.db);
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });

  const setCapacity = (body: object, jwt = manager.jwt) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/v2/partner/restaurants/${f.chef.id}/capacity`,
      headers: auth(jwt),
      payload: body,
    });

  /** A draft of the same order (same slot) and a card to pay it with. */
  async function draft(): Promise<{ id: number; purchase_id: string; pm: string }> {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/catering_orders',
      headers: auth(customer.jwt),
      payload: { catering_order: orderPayload(f, NOW), is_eft: false },
    });
    expect(created.statusCode, created.body).toBe(201);
    const o = created.json().catering_order as { id: number; purchase_id: string };
    return { ...o, pm: await sandboxCard(ctx.deps.payments, cards.ok) };
  }

  const finalize = (d: { id: number; purchase_id: string; pm: string }) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v2/catering_orders/${d.id}/finalize`,
      headers: { ...auth(customer.jwt), 'idempotency-key': crypto.randomUUID() },
      payload: { purchase_id: d.purchase_id, payment_method_id: d.pm },
    });

  it('lets a manager set it (staff read it), and refuses what is not a limit', async () => {
    const refused = await setCapacity({ unit: 'orders', per_day: 0, per_window: null, window_minutes: 60 });
    expect(refused.statusCode).toBe(422);
    const odd = await setCapacity({ unit: 'orders', per_day: null, per_window: 5, window_minutes: 45 });
    expect(odd.statusCode).toBe(422);
    const saved = await setCapacity({ unit: 'orders', per_day: null, per_window: 10, window_minutes: 60 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().capacity).toEqual({ unit: 'orders', per_day: null, per_window: 10, window_minutes: 60 });
  });

  it('places exactly 10 of 50 concurrent checkouts into a window with room for 10', async () => {
    await setCapacity({ unit: 'orders', per_day: null, per_window: 10, window_minutes: 60 });
    const drafts = [];
    for (let i = 0; i < 50; i++) drafts.push(await draft());
    const started = Date.now();
    const answers = await Promise.all(drafts.map(finalize));
    const elapsed = Date.now() - started;
    const placed = answers.filter((a) => a.statusCode === 200);
    const full = answers.filter((a) => a.statusCode === 409);
    console.log(
      `capacity race: 50 concurrent checkouts, ${placed.length} placed, ${full.length} refused, ${elapsed} ms`,
    );
    expect(placed).toHaveLength(10);
    expect(full).toHaveLength(40);
    const message = full[0]!.json().error as string;
    expect(message).toContain(capacityMessages.full(f.chef.business_name, '').split(' for ')[0]!);
    expect(message).toMatch(/The next time with room is .+\./);
    const { rows } = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM catering_orders WHERE id = ANY($1::bigint[]) AND status = 'New'`,
      [drafts.map((d) => d.id)],
    );
    expect(rows[0]!.n).toBe(10);
    // a refused draft stays a draft, its payment untouched
    const refusedId = drafts[answers.indexOf(full[0]!)]!.id;
    expect(await orderRow(ctx.db, refusedId)).toMatchObject({ status: 'draft', payment_status: 'unpaid' });

    // a declined order gives its place back
    const one = placed[0]!.json().catering_order as { id: number };
    const declined = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/ops/orders/${one.id}/events`,
      headers: auth(ops.jwt),
      payload: { event: 'decline' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await finalize(drafts[answers.indexOf(full[1]!)]!)).statusCode).toBe(200);
    expect((await finalize(drafts[answers.indexOf(full[2]!)]!)).statusCode).toBe(409);
  }, 120_000);

  it('counts servings per day when the restaurant counts servings', async () => {
    await setCapacity({ unit: 'servings', per_day: null, per_window: null, window_minutes: 60 });
    const servings = orderPayload(f, NOW).preset_items.reduce((n, l) => n + l.quantity, 0);
    const { rows } = await ctx.db.query<{ held: number }>(
      `SELECT COALESCE(sum(i.quantity), 0)::int AS held FROM catering_order_items i JOIN catering_orders o ON o.id = i.catering_order_id
        WHERE o.status NOT IN ('draft', 'declined', 'Canceled') AND o.chef_id = $1`,
      [f.chef.id],
    );
    // room for exactly one more order of this size that day
    await setCapacity({ unit: 'servings', per_day: rows[0]!.held + servings, per_window: null, window_minutes: 60 });
    expect((await finalize(await draft())).statusCode).toBe(200);
    const refused = await finalize(await draft());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain('is fully booked for');
    await setCapacity({ unit: 'orders', per_day: null, per_window: null, window_minutes: 60 });
    expect((await finalize(await draft())).statusCode).toBe(200);
  }, 60_000);

  it("says on the listings' cards that a full restaurant is full, with the next time it has room", async () => {
    const payload = orderPayload(f, NOW);
    const delivery_date = payload.delivery_date!;
    const delivery_time = payload.delivery_time!;
    const card = async () => {
      const query = new URLSearchParams({
        search_type: 'restaurant',
        lat: String(f.chef.latitude),
        lng: String(f.chef.longitude),
        delivery_date,
        delivery_time,
        per_page: '50',
      });
      const res = await ctx.app.inject({ method: 'GET', url: `/api/v2/search.json?${query.toString()}` });
      expect(res.statusCode, res.body).toBe(200);
      const cards = res.json().presets.all_presets as Array<Record<string, unknown>>;
      return cards.find((c) => c.id === f.presetId);
    };
    await setCapacity({ unit: 'orders', per_day: null, per_window: null, window_minutes: 60 });
    expect(await card()).toMatchObject({
      available_for_ordering: true,
      unavailable_reason: null,
      next_available: null,
    });

    // the orders placed above fill the day: a limit of what it holds leaves no room
    const { rows } = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM catering_orders WHERE chef_id = $1 AND status NOT IN ('draft', 'declined', 'Canceled')`,
      [f.chef.id],
    );
    await setCapacity({ unit: 'orders', per_day: rows[0]!.n, per_window: null, window_minutes: 60 });
    const full = await card();
    expect(full).toMatchObject({ available_for_ordering: false, unavailable_reason: 'full' });
    const next = full!.next_available as { delivery_date: string; delivery_time: string; text: string };
    expect(next.delivery_date > delivery_date).toBe(true); // the day is full: another day
    expect(next.text).toMatch(/ at \d{1,2}:\d{2} [AP]M$/);
    // the preset's own availability says the same
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/presets/${f.presetId}/availability?${new URLSearchParams({ delivery_date, delivery_time }).toString()}`,
    });
    expect(own.json()).toMatchObject({ available: false, reason: 'full', next_available: next });
    await setCapacity({ unit: 'orders', per_day: null, per_window: null, window_minutes: 60 });
    expect(await card()).toMatchObject({ available_for_ordering: true, unavailable_reason: null });
  }, 60_000);
});
