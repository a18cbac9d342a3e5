// Issue 15 §4 (c) and §1: a group order's delivery meets its restaurant's store hours, notice
// (lead time) and the 90-day horizon with the catering order's messages on every details
// update; a storefront date and time the restaurant cannot serve is not prefilled on create.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupOrderDetailsBody } from '@caterway/contracts';
import {
  DEFAULT_GROUP_DELIVERY_SECONDS,
  formatStoreTime,
  lastOrderableDate,
  MAX_DAYS_AHEAD,
  messages,
  parseTimeOfDay,
} from '@caterway/domain';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { fixedClock } from '../../lib/clock.js';
import { signedInUser } from '../auth/auth.test-helpers.js';
import { auth } from '../order-lifecycle/lifecycle.test-helpers.js';
import { deliverySlot, restaurantFixture, type RestaurantFixture } from '../orders/orders.test-helpers.js';
import { groupOrderDetails } from './group-orders.test-helpers.js';

const NOW = new Date('2026-11-23T15:00:00Z'); // Monday 10:00 in Toronto
const quiet = { info() {}, warn() {}, error() {} };
const seconds = (time12: string) => parseTimeOfDay(time12)! * 60;

describe('group orders keep the catering schedule rules', () => {
  let ctx: TestContext;
  let f: RestaurantFixture;
  let jwt: string;

  beforeAll(async () => {
    ctx = await createTestApp({ clock: fixedClock(NOW) });
    await ensureDemoData(ctx.db, quiet);
    // a single-chef preset: group orders need exactly one chef
    f = await restaurantFixture(ctx.db);
    // four days of notice: a delivery on Wednesday (its cut-off Tuesday, still ahead) is too soon
    await ctx.db.query('UPDATE chefs SET pre_order_notice_hours = 96 WHERE id = $1', [f.chef.id]);
    f.chef.pre_order_notice_hours = 96;
    jwt = (await signedInUser(ctx.app, ctx.db)).jwt;
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });

  const inject = (method: 'POST' | 'PUT', url: string, payload: object) =>
    ctx.app.inject({ method, url, headers: auth(jwt), payload });
  const create = (params: Record<string, unknown> = {}) =>
    inject('POST', '/api/v2/group_orders', { preset_id: f.presetId, delivery_params: params });
  const update = async (overrides: Partial<GroupOrderDetailsBody> & Pick<GroupOrderDetailsBody, 'delivery_date'>) => {
    const created = await create();
    expect(created.statusCode, created.body).toBe(201);
    return inject(
      'PUT',
      `/api/v2/group_orders/${created.json().uuid}`,
      groupOrderDetails(f, { budget_cents: 5000, delivery_date: overrides.delivery_date }, overrides),
    );
  };
  const hoursOf = (date: string) => {
    const weekday = new Date(`${date}T12:00:00Z`)
      .toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' })
      .toLowerCase();
    return f.chef.store_hours[weekday as keyof typeof f.chef.store_hours]!;
  };

  it('accepts a delivery the catering checkout accepts', async () => {
    const ok = deliverySlot(f, NOW);
    const res = await update({ delivery_date: ok.date, delivery_time: seconds(ok.time) });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a time outside store hours and a closed day with the catering messages', async () => {
    const outside = deliverySlot(f, NOW, { outside: true });
    const day = hoursOf(outside.date);
    const early = await update({ delivery_date: outside.date, delivery_time: seconds(outside.time) });
    expect([early.statusCode, early.json().messages]).toEqual([
      422,
      [messages.outsideStoreHours(formatStoreTime(day.open), formatStoreTime(day.close))],
    ]);
    const closed = deliverySlot(f, NOW, { closed: true });
    const shut = await update({ delivery_date: closed.date, delivery_time: seconds(closed.time) });
    expect([shut.statusCode, shut.json().messages]).toEqual([422, [messages.storeClosedOnDay]]);
  });

  it('refuses a delivery within the notice, with the lead-time message', async () => {
    // Wednesday: the cut-off (gap 1 day, Tuesday 00:05) is still ahead, the 96 hours of notice are not met
    const soon = deliverySlot(f, NOW, { afterHours: 44 });
    expect(soon.date).toBe('2026-11-25');
    const notice = f.chef.pre_order_notice_hours;
    const res = await update({ delivery_date: soon.date, delivery_time: seconds(soon.time), cutoff_time: 300 });
    expect(res.statusCode).toBe(422);
    expect(res.json().messages).toEqual([messages.leadTimeNotMet(notice)]);
  });

  it(`refuses a delivery more than ${MAX_DAYS_AHEAD} days ahead`, async () => {
    const far = deliverySlot(f, NOW, { afterHours: (MAX_DAYS_AHEAD + 1) * 24 });
    const res = await update({ delivery_date: far.date, delivery_time: seconds(far.time) });
    expect([res.statusCode, res.json().messages]).toEqual([
      422,
      [messages.tooFarAhead(MAX_DAYS_AHEAD, lastOrderableDate(NOW, f.chef.time_zone))],
    ]);
  });

  it('refuses a delivery at midnight, and takes the default time over a storefront midnight (issue 17 part 5)', async () => {
    const ok = deliverySlot(f, NOW);
    for (const delivery_time of [0, 59]) {
      const res = await update({ delivery_date: ok.date, delivery_time });
      expect([res.statusCode, res.json().messages], String(delivery_time)).toEqual([
        422,
        ['Midnight (12:00 AM) is not a delivery time. Please select another time.'],
      ]);
    }
    // the storefront's old closing '12:00 AM' slot meant the end of the date: not taken as its start
    const get = async (uuid: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/v2/group_orders/${uuid}`, headers: auth(jwt) })).json()
        .group_order;
    const created = await create({ delivery_date: ok.date, delivery_time: '12:00 AM' });
    expect(created.statusCode).toBe(201);
    expect((await get(created.json().uuid)).delivery_time).toBe(DEFAULT_GROUP_DELIVERY_SECONDS);
  });

  it("does not prefill the storefront's date and time when the restaurant cannot deliver then", async () => {
    const get = async (uuid: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/v2/group_orders/${uuid}`, headers: auth(jwt) })).json()
        .group_order;
    const outside = deliverySlot(f, NOW, { outside: true });
    const refused = await create({ delivery_date: outside.date, delivery_time: outside.time });
    expect(refused.statusCode).toBe(201);
    expect(await get(refused.json().uuid)).toMatchObject({ delivery_date: null, delivery_at: null, cutoff_at: null });
    const ok = deliverySlot(f, NOW);
    const taken = await create({ delivery_date: ok.date, delivery_time: ok.time });
    expect(await get(taken.json().uuid)).toMatchObject({ delivery_date: ok.date, delivery_time: seconds(ok.time) });
  });
});
