// A restaurant's calendar (issue 19 part 2; decision 055) through the API on its own database:
// roles, validation, audit rows and catalogue versions; checkout refused on a closure and during
// a pause; an edit moved into a full slot refused; the storefront's availability answer.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarMessages, formatStoreTime, messages, parseTimeOfDay, pauseMessages } from '@caterway/domain';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { fixedClock } from '../../lib/clock.js';
import { signedInUser } from '../auth/auth.test-helpers.js';
import { auth, staffUser } from '../order-lifecycle/lifecycle.test-helpers.js';
import {
  cards,
  deliverySlot,
  orderPayload,
  restaurantFixture,
  sandboxCard,
  type RestaurantFixture,
} from '../orders/orders.test-helpers.js';
import { createPartnerRepository } from '../partner/partner.repository.js';

const NOW = new Date('2026-03-02T14:00:00Z'); // a Monday, 9:00 in Toronto
const quiet = { info() {}, warn() {}, error() {} };
const week = (windows: { open: string; close: string }[]) =>
  Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
      d,
      { enabled: true, windows },
    ]),
  );

describe('the restaurant calendar', () => {
  let ctx: TestContext;
  let f: RestaurantFixture;
  let customer: { jwt: string };
  let manager: { id: number; jwt: string };
  let staff: { jwt: string };
  let stranger: { jwt: string };
  let ops: { jwt: string };
  let base: string;

  beforeAll(async () => {
    ctx = await createTestApp({ clock: fixedClock(NOW), env: { SESSION_IDLE_MINUTES: '525600' } });
    const { ensureDemoData } = await import('../../db/seed/demo.js');
    await ensureDemoData(ctx.db, quiet);
    f = await restaurantFixture(ctx.db);
    base = `/api/v2/partner/restaurants/${f.chef.id}/calendar`;
    const partners = createPartnerRepository(ctx.db);
    customer = await signedInUser(ctx.app, ctx.db);
    manager = await signedInUser(ctx.app, ctx.db);
    await partners.addMember({ chefId: f.chef.id, userId: manager.id, role: 'manager' });
    const s = await signedInUser(ctx.app, ctx.db);
    await partners.addMember({ chefId: f.chef.id, userId: s.id, role: 'staff' });
    staff = s;
    // the owner of another restaurant
    const other = await signedInUser(ctx.app, ctx.db);
    const { rows } = await ctx.db.query<{ id: number }>('SELECT id::int AS id FROM chefs WHERE id <> $1 LIMIT 1', [
      f.chef.id,
    ]);
    await partners.addMember({ chefId: rows[0]!.id, userId: other.id, role: 'owner' });
    stranger = other;
    ops = await staffUser(ctx.app, ctx.db);
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, jwt: string, payload?: object) =>
    ctx.app.inject({ method, url: `${base}${path}`, headers: auth(jwt), ...(payload ? { payload } : {}) });
  const version = async () =>
    (
      await ctx.db.query<{ v: number }>(
        'SELECT COALESCE(max(version), 0)::int AS v FROM catalogue_versions WHERE chef_id = $1',
        [f.chef.id],
      )
    ).rows[0]!.v;
  const lastAudit = async () =>
    (
      await ctx.db.query<{ entity: string; action: string; actor_role: string; summary: string }>(
        'SELECT entity, action, actor_role, summary FROM audit_log WHERE chef_id = $1 ORDER BY id DESC LIMIT 1',
        [f.chef.id],
      )
    ).rows[0];

  it('lets staff read it, managers and operations change it, and hides it from other restaurants', async () => {
    const read = await call('GET', '', staff.jwt);
    expect(read.statusCode, read.body).toBe(200);
    const calendar = read.json().calendar;
    expect(calendar.time_zone).toBe(f.chef.time_zone);
    expect(calendar.today).toBe('2026-03-02');
    expect(calendar.pause).toEqual({ paused_until: null, reason: null });
    expect(calendar.ordering.notice_hours).toBe(f.chef.pre_order_notice_hours);
    expect((await call('PUT', '/pause', staff.jwt, { rest_of_today: true })).statusCode).toBe(403);
    expect((await call('GET', '', stranger.jwt)).statusCode).toBe(404);
    expect((await call('PUT', '/pause', stranger.jwt, { rest_of_today: true })).statusCode).toBe(404);
    expect((await call('GET', '/holidays', stranger.jwt)).statusCode).toBe(404);
    expect((await call('GET', '', customer.jwt)).statusCode).toBe(404);
    const byOps = await call('PUT', '/ordering', ops.jwt, {
      notice_hours: f.chef.pre_order_notice_hours,
      min_order_cents: 5000,
    });
    expect(byOps.statusCode, byOps.body).toBe(200);
    expect(byOps.json().calendar.ordering.min_order_cents).toBe(5000);
    expect(await lastAudit()).toMatchObject({ entity: 'settings', action: 'update', actor_role: 'operations' });
    await call('PUT', '/ordering', ops.jwt, {
      notice_hours: f.chef.pre_order_notice_hours,
      min_order_cents: f.chef.pre_order_min_order_amount_cents,
    });
  });

  it('saves several windows a day, keeping open/close as the span, with an audit row and a new version', async () => {
    const before = await version();
    const windows = [
      { open: '07:00', close: '10:30' },
      { open: '11:00', close: '21:00' },
    ];
    const saved = await call('PUT', '/hours', manager.jwt, week(windows));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().calendar.weekly_hours.monday).toEqual({ enabled: true, windows });
    const { rows } = await ctx.db.query<{ store_hours: Record<string, object> }>(
      'SELECT store_hours FROM chefs WHERE id = $1',
      [f.chef.id],
    );
    expect(rows[0]!.store_hours.monday).toEqual({ enabled: true, open: '07:00', close: '21:00', windows });
    expect(await version()).toBe(before + 1);
    expect(await lastAudit()).toMatchObject({ entity: 'hours', action: 'update', actor_role: 'manager' });
  });

  it('refuses overlapping, off-step and reversed windows with clear messages', async () => {
    const overlapping = await call(
      'PUT',
      '/hours',
      manager.jwt,
      week([
        { open: '07:00', close: '11:30' },
        { open: '11:00', close: '14:00' },
      ]),
    );
    expect(overlapping.statusCode).toBe(422);
    expect(overlapping.json().messages).toContain(calendarMessages.overlap('Monday'));
    const offStep = await call('PUT', '/hours', manager.jwt, week([{ open: '07:05', close: '11:00' }]));
    expect(offStep.json().messages).toContain(calendarMessages.notOnStep('Monday'));
    const reversed = await call('PUT', '/hours', manager.jwt, week([{ open: '12:00', close: '11:00' }]));
    expect(reversed.json().messages).toContain(calendarMessages.closeBeforeOpen('Monday'));
    const bad = await call('PUT', '/hours', manager.jwt, week([{ open: '25:00', close: '26:00' }]));
    expect(bad.statusCode).toBe(422);
  });

  it('adds and removes closures, refusing a range that ends before it starts or overlaps another', async () => {
    const reversed = await call('POST', '/closures', manager.jwt, {
      starts_on: '2026-04-10',
      ends_on: '2026-04-09',
      reason: 'Inventory',
    });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().messages).toEqual([calendarMessages.endBeforeStart]);
    const noReason = await call('POST', '/closures', manager.jwt, {
      starts_on: '2026-04-10',
      ends_on: '2026-04-10',
      reason: ' ',
    });
    expect(noReason.json().messages).toEqual([calendarMessages.reasonRequired]);
    const past = await call('POST', '/closures', manager.jwt, {
      starts_on: '2026-02-10',
      ends_on: '2026-02-11',
      reason: 'x',
    });
    expect(past.json().messages).toEqual([calendarMessages.inThePast]);

    const before = await version();
    const added = await call('POST', '/closures', manager.jwt, {
      starts_on: '2026-04-10',
      ends_on: '2026-04-12',
      reason: 'Private event',
    });
    expect(added.statusCode, added.body).toBe(200);
    const closure = added.json().calendar.closures.find((c: { reason: string }) => c.reason === 'Private event');
    expect(closure).toMatchObject({ starts_on: '2026-04-10', ends_on: '2026-04-12', windows: null });
    expect(await version()).toBe(before + 1);
    expect(await lastAudit()).toMatchObject({ entity: 'closure', action: 'create' });

    const clash = await call('POST', '/closures', manager.jwt, {
      starts_on: '2026-04-12',
      ends_on: '2026-04-13',
      reason: 'Again',
    });
    expect(clash.json().messages).toEqual([
      calendarMessages.overlapsClosure('2026-04-10', '2026-04-12', 'Private event'),
    ]);

    expect((await call('DELETE', `/closures/${closure.id}`, stranger.jwt)).statusCode).toBe(404);
    const removed = await call('DELETE', `/closures/${closure.id}`, manager.jwt);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().calendar.closures).toEqual([]);
    expect(await lastAudit()).toMatchObject({ entity: 'closure', action: 'delete' });
    expect((await call('DELETE', `/closures/${closure.id}`, manager.jwt)).statusCode).toBe(404);
  });

  it("offers the next 12 months' statutory holidays of the restaurant's province", async () => {
    const answer = await call('GET', '/holidays', staff.jwt);
    expect(answer.statusCode, answer.body).toBe(200);
    const { region, holidays } = answer.json<{ region: string; holidays: { date: string; name: string }[] }>();
    expect(region).toMatch(/^(CA|US)(-[A-Z]{2})?$/);
    expect(holidays.length).toBeGreaterThan(5);
    expect(holidays[0]!.date >= '2026-03-02').toBe(true);
    expect(holidays.at(-1)!.date <= '2027-03-02').toBe(true);
    expect(holidays.map((h) => h.name)).toContain('Christmas Day');
  });

  /** A draft through the checkout API: its status and body. */
  const create = (payload: ReturnType<typeof orderPayload>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v2/catering_orders',
      headers: auth(customer.jwt),
      payload: { catering_order: payload, is_eft: false },
    });

  it('refuses checkout on a closed date, and shows the restaurant unavailable with the next time', async () => {
    await call('PUT', '/hours', manager.jwt, week([{ open: '07:00', close: '21:00' }]));
    const slot = deliverySlot(f, NOW);
    const added = await call('POST', '/closures', manager.jwt, {
      starts_on: slot.date,
      ends_on: slot.date,
      reason: 'Thanksgiving',
    });
    expect(added.statusCode, added.body).toBe(200);
    const refused = await create(orderPayload(f, NOW));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().messages).toContain(messages.storeClosedOnDay);

    const shown = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/presets/${f.presetId}/availability?delivery_date=${slot.date}&delivery_time=${encodeURIComponent(slot.time)}`,
    });
    expect(shown.statusCode, shown.body).toBe(200);
    const a = shown.json();
    expect(a).toMatchObject({ available: false, reason: 'closed' });
    expect(a.message).toContain(messages.storeClosedOnDay);
    expect(a.next_available.delivery_date > slot.date).toBe(true);
    expect(a.message).toContain(calendarMessages.nextAvailable(a.next_available.text));

    const id = added.json().calendar.closures[0].id;
    await call('DELETE', `/closures/${id}`, manager.jwt);
    expect((await create(orderPayload(f, NOW))).statusCode).toBe(201);
  });

  it('refuses new orders placed during a pause, whatever their delivery time', async () => {
    const paused = await call('PUT', '/pause', manager.jwt, { rest_of_today: true, reason: 'Kitchen repair' });
    expect(paused.statusCode, paused.body).toBe(200);
    // 9:00 Monday in Toronto: the rest of the day ends at midnight, 05:00 UTC Tuesday
    expect(paused.json().calendar.pause).toEqual({
      paused_until: '2026-03-03T05:00:00.000Z',
      reason: 'Kitchen repair',
    });
    expect(await lastAudit()).toMatchObject({ entity: 'pause', action: 'update' });
    const far = deliverySlot(f, NOW, { afterHours: 24 * 10 });
    const refused = await create(orderPayload(f, NOW, { delivery_date: far.date, delivery_time: far.time }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().messages).toContain(pauseMessages.pausedUntil('Mar 3, 2026, 12:00 AM', 'Kitchen repair'));
    const slot = deliverySlot(f, NOW);
    const shown = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/presets/${f.presetId}/availability?delivery_date=${slot.date}&delivery_time=${encodeURIComponent(slot.time)}`,
    });
    expect(shown.json()).toMatchObject({ available: false, reason: 'paused' });

    expect((await call('PUT', '/pause', manager.jwt, { until: '2026-03-01T00:00:00Z' })).json().messages).toEqual([
      calendarMessages.pauseInPast,
    ]);
    const resumed = await call('DELETE', '/pause', manager.jwt);
    expect(resumed.json().calendar.pause).toEqual({ paused_until: null, reason: null });
    expect((await create(orderPayload(f, NOW))).statusCode).toBe(201);
  });

  it("shows customers the coming closures, one-off hours and the pause, without the team's reasons", async () => {
    const pub = () => ctx.app.inject({ method: 'GET', url: `/api/v2/presets/${f.presetId}/calendar` });
    expect((await pub()).json()).toEqual({
      time_zone: 'America/Toronto',
      today: '2026-03-02',
      closures: [],
      paused_until: null,
    });
    const ids: number[] = [];
    for (const body of [
      { starts_on: '2026-04-03', ends_on: '2026-04-03', reason: 'Staff party', holiday: '2026-04-03 Good Friday' },
      {
        starts_on: '2026-03-20',
        ends_on: '2026-03-21',
        reason: 'Short staffed',
        windows: [{ open: '11:00', close: '14:00' }],
      },
      // beyond the 60 days the modal lists
      { starts_on: '2026-06-01', ends_on: '2026-06-01', reason: 'Far away' },
    ]) {
      const added = await call('POST', '/closures', manager.jwt, body);
      expect(added.statusCode, added.body).toBe(200);
      ids.push(...added.json().calendar.closures.map((c: { id: number }) => c.id));
    }
    await call('PUT', '/pause', manager.jwt, { rest_of_today: true, reason: 'Kitchen repair' });
    const shown = await pub();
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual({
      time_zone: 'America/Toronto',
      today: '2026-03-02',
      closures: [
        { starts_on: '2026-03-20', ends_on: '2026-03-21', windows: [{ open: '11:00', close: '14:00' }], holiday: null },
        { starts_on: '2026-04-03', ends_on: '2026-04-03', windows: null, holiday: 'Good Friday' },
      ],
      paused_until: '2026-03-03T05:00:00.000Z',
    });
    expect(shown.body).not.toMatch(/Staff party|Short staffed|Kitchen repair/);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v2/presets/no-such-preset/calendar' })).statusCode).toBe(
      404,
    );

    await call('DELETE', '/pause', manager.jwt);
    for (const id of new Set(ids)) await call('DELETE', `/closures/${id}`, manager.jwt);
    expect((await pub()).json()).toMatchObject({ closures: [], paused_until: null });
  });

  /** A paid order delivered at `time` on the fixture's usual date. */
  async function placeAt(time: string, date?: string): Promise<number> {
    const payload = orderPayload(f, NOW, { delivery_time: time, ...(date ? { delivery_date: date } : {}) });
    const created = await create(payload);
    expect(created.statusCode, created.body).toBe(201);
    const o = created.json().catering_order as { id: number; purchase_id: string };
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/catering_orders/${o.id}/finalize`,
      headers: { ...auth(customer.jwt), 'idempotency-key': crypto.randomUUID() },
      payload: { purchase_id: o.purchase_id, payment_method_id: await sandboxCard(ctx.deps.payments, cards.ok) },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // an order is edited once the restaurant accepted it
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/ops/orders/${o.id}/events`,
      headers: auth(ops.jwt),
      payload: { event: 'accept' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    return o.id;
  }

  it('refuses an edit that moves an order into a full window, keeps one that stays, and shows the slot full', async () => {
    const slot = deliverySlot(f, NOW);
    const first = parseTimeOfDay(slot.time)!;
    const later = formatStoreTime(
      `${String(Math.floor((first + 120) / 60)).padStart(2, '0')}:${String(first % 60).padStart(2, '0')}`,
    );
    await placeAt(slot.time);
    const moved = await placeAt(later);
    const capacity = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v2/partner/restaurants/${f.chef.id}/capacity`,
      headers: auth(manager.jwt),
      payload: { unit: 'orders', per_day: null, per_window: 1, window_minutes: 60 },
    });
    expect(capacity.statusCode, capacity.body).toBe(200);

    const edit = (time: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/v2/catering_orders/${moved}`,
        headers: auth(customer.jwt),
        payload: { catering_order: orderPayload(f, NOW, { delivery_time: time }), is_eft: false },
      });
    const refused = await edit(slot.time);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toContain('is fully booked for');
    const kept = await edit(later);
    expect(kept.statusCode, kept.body).toBe(200);

    const shown = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/presets/${f.presetId}/availability?delivery_date=${slot.date}&delivery_time=${encodeURIComponent(slot.time)}`,
    });
    const a = shown.json();
    expect(a).toMatchObject({ available: false, reason: 'full' });
    expect(a.message).toMatch(/is fully booked for .+ The next time with room is .+\./);
    // the next window after the full one (both orders' windows are full: the one after the first)
    expect(a.next_available.delivery_date).toBe(slot.date);
    expect(parseTimeOfDay(a.next_available.delivery_time)! > first).toBe(true);
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/v2/partner/restaurants/${f.chef.id}/capacity`,
      headers: auth(manager.jwt),
      payload: { unit: 'orders', per_day: null, per_window: null, window_minutes: 60 },
    });
  }, 60_000);
  it('lets exactly one of two concurrent edits take the last place in a window', async () => {
    // a day of its own, whose windows the tests above left empty
    const taken = deliverySlot(f, NOW).date;
    const slot = deliverySlot(f, NOW, { afterHours: f.chef.pre_order_notice_hours + 72 });
    expect(slot.date).not.toBe(taken);
    const first = parseTimeOfDay(slot.time)!;
    const on = (time: string) => orderPayload(f, NOW, { delivery_date: slot.date, delivery_time: time });
    const at = (minutes: number) =>
      formatStoreTime(
        `${String(Math.floor((first + minutes) / 60)).padStart(2, '0')}:${String((first + minutes) % 60).padStart(2, '0')}`,
      );
    const a = await placeAt(at(60), slot.date);
    const b = await placeAt(at(120), slot.date);
    const limit = (perWindow: number | null) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/v2/partner/restaurants/${f.chef.id}/capacity`,
        headers: auth(manager.jwt),
        payload: { unit: 'orders', per_day: null, per_window: perWindow, window_minutes: 60 },
      });
    expect((await limit(1)).statusCode).toBe(200);
    // both move into the first window at once; its slot lock lets one in
    const moved = await Promise.all(
      [a, b].map((id) =>
        ctx.app.inject({
          method: 'PUT',
          url: `/api/v2/catering_orders/${id}`,
          headers: auth(customer.jwt),
          payload: { catering_order: on(slot.time), is_eft: false },
        }),
      ),
    );
    expect(moved.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const { rows } = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM catering_orders WHERE id = ANY($1::bigint[]) AND delivery_at = (
         SELECT delivery_at FROM catering_orders WHERE id = ANY($1::bigint[]) ORDER BY delivery_at LIMIT 1)`,
      [[a, b]],
    );
    expect(rows[0]!.n).toBe(1);
    await limit(null);
  }, 60_000);
});
