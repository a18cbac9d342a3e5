// Issue 20 §1 "too soon is never a dead end" (decision 072): a delivery time the restaurant's
// notice or hours refuse is answered with the documents' messages as before, plus why in plain
// words and the earliest time the same rules take; that time is then accepted. Checkout, the
// group order's details and the restaurant page's availability answer alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@caterway/domain';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { fixedClock } from '../../lib/clock.js';
import { signedInUser } from '../auth/auth.test-helpers.js';
import { groupOrderDetails } from '../group-orders/group-orders.test-helpers.js';
import { auth } from '../order-lifecycle/lifecycle.test-helpers.js';
import { orderPayload, restaurantFixture, type RestaurantFixture } from './orders.test-helpers.js';

const NOW = new Date('2026-11-30T14:00:00Z'); // Monday 9:00 AM in Toronto
const quiet = { info() {}, warn() {}, error() {} };
const weekday = { enabled: true, open: '10:00', close: '20:00' };
const weekend = { enabled: false, open: '10:00', close: '20:00' };
const HOURS = {
  monday: weekday,
  tuesday: weekday,
  wednesday: weekday,
  thursday: weekday,
  friday: weekday,
  saturday: weekend,
  sunday: weekend,
};
// with 24 hours' notice from Monday 9:00 AM, the first time is Tuesday's opening
const TUESDAY_10 = {
  delivery_date: '2026-12-01',
  delivery_time: '10:00 AM',
  delivery_seconds: 10 * 3600,
  text: 'Tue, Dec 1 at 10:00 AM',
  label: 'Deliver Tue, Dec 1 at 10:00 AM instead',
};

describe('a refused delivery time names why and the earliest time that works', () => {
  let ctx: TestContext;
  let f: RestaurantFixture;
  let jwt: string;

  beforeAll(async () => {
    ctx = await createTestApp({ clock: fixedClock(NOW) });
    await ensureDemoData(ctx.db, quiet);
    f = await restaurantFixture(ctx.db);
    await ctx.db.query('UPDATE chefs SET pre_order_notice_hours = 24, store_hours = $2 WHERE id = $1', [
      f.chef.id,
      JSON.stringify(HOURS),
    ]);
    f.chef.pre_order_notice_hours = 24;
    f.chef.store_hours = HOURS;
    jwt = (await signedInUser(ctx.app, ctx.db)).jwt;
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });

  const checkout = (when: { delivery_date: string; delivery_time: string }) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v2/catering_orders',
      headers: auth(jwt),
      payload: { catering_order: orderPayload(f, NOW, when) },
    });

  it('checkout: too soon keeps the spec message, says why and offers a time it then accepts', async () => {
    const refused = await checkout({ delivery_date: '2026-11-30', delivery_time: '12:00 PM' });
    expect(refused.statusCode).toBe(422);
    const body = refused.json();
    expect(body.messages).toEqual([messages.leadTimeNotMet(24)]);
    expect(body.why).toBe(`${f.chef.business_name} needs 24 hours' notice`);
    expect(body.earliest_available).toEqual(TUESDAY_10);
    const taken = await checkout(TUESDAY_10);
    expect(taken.statusCode, taken.body).toBe(201);
  });

  it('checkout: a closed day and a time before opening say so in plain words', async () => {
    const sunday = await checkout({ delivery_date: '2026-12-06', delivery_time: '12:00 PM' });
    expect([sunday.statusCode, sunday.json().messages, sunday.json().why]).toEqual([
      422,
      [messages.storeClosedOnDay],
      'Closed on Sundays',
    ]);
    expect(sunday.json().earliest_available.text).toBe('Mon, Dec 7 at 10:00 AM');
    const early = await checkout({ delivery_date: '2026-12-03', delivery_time: '08:00 AM' });
    expect([early.json().why, early.json().earliest_available.text]).toEqual([
      'Opens at 10:00 AM',
      'Thu, Dec 3 at 10:00 AM',
    ]);
  });

  it('checkout: other refusals carry no earliest time', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/catering_orders',
      headers: auth(jwt),
      payload: { catering_order: orderPayload(f, NOW, { ...TUESDAY_10, company_name: ' ' }) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).not.toHaveProperty('earliest_available');
    expect(res.json()).not.toHaveProperty('why');
  });

  it('group order: the details refuse too soon with why and the earliest time, then take it', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/group_orders',
      headers: auth(jwt),
      payload: { preset_id: f.presetId, delivery_params: {} },
    });
    expect(created.statusCode, created.body).toBe(201);
    const put = (delivery_date: string, delivery_time: number) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/v2/group_orders/${created.json().uuid}`,
        headers: auth(jwt),
        // the cut-off the day before at 5:00 PM: Tuesday's (Monday 5:00 PM) is still ahead
        payload: groupOrderDetails(f, { budget_cents: 5000, delivery_date }, { delivery_time }),
      });
    const refused = await put('2026-11-30', 12 * 3600);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().messages).toContain(messages.leadTimeNotMet(24));
    expect(refused.json().why).toBe(`${f.chef.business_name} needs 24 hours' notice`);
    expect(refused.json().earliest_available).toEqual(TUESDAY_10);
    const taken = await put(TUESDAY_10.delivery_date, TUESDAY_10.delivery_seconds);
    expect(taken.statusCode, taken.body).toBe(200);
  });

  it('restaurant page: the availability answer carries why and the one-click time', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/presets/${f.presetId}/availability?delivery_date=2026-11-30&delivery_time=12:00%20PM`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      available: false,
      reason: 'notice',
      why: `${f.chef.business_name} needs 24 hours' notice`,
      earliest_available: TUESDAY_10,
    });
  });
});
