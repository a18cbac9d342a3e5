import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsRestaurantMessages, type OpsNewRestaurantBody } from '@caterway/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { fixedClock } from '../../lib/clock.js';
import { emailsTo, signedInUser, uniqueEmail } from '../auth/auth.test-helpers.js';
import { auth, staffUser } from '../order-lifecycle/lifecycle.test-helpers.js';
import { orderPayload, restaurantFixture, type RestaurantFixture } from '../orders/orders.test-helpers.js';

// Issue 19 "Who and where" (decision 059): operations add a restaurant (onboarding, off the
// storefront, its owner invited), publish it once it has a priced dish, and suspend it with a
// reason: its presets leave the storefront, checkout refuses its food, and publishing brings back
// exactly the presets that were live.

const NOW = new Date('2026-03-02T14:00:00Z'); // a Monday, 9:00 in Toronto
const quiet = { info() {}, warn() {}, error() {} };

const newRestaurant = (overrides: Partial<OpsNewRestaurantBody> = {}): OpsNewRestaurantBody => ({
  business_name: 'Bánh Mì Corner',
  description: 'Vietnamese sandwiches and bowls for the office.',
  first_name: 'Linh',
  last_name: 'Tran',
  owner_email: uniqueEmail('owner'),
  address1: '100 King St W',
  city: 'Toronto',
  province: 'on',
  zip: 'M5X 1A9',
  country: 'CA',
  time_zone: 'America/Toronto',
  cuisine_types: ['Vietnamese'],
  ...overrides,
});

describe('operations onboard, publish and suspend restaurants', () => {
  let ctx: TestContext;
  let ops: { id: number; jwt: string };
  let customer: { id: number; jwt: string };
  let f: RestaurantFixture;

  const send = (method: 'GET' | 'POST', url: string, jwt: string | null, payload?: object) =>
    ctx.app.inject({ method, url, headers: auth(jwt), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    ctx = await createTestApp({ clock: fixedClock(NOW) });
    await ensureDemoData(ctx.db, quiet);
    f = await restaurantFixture(ctx.db);
    ops = await staffUser(ctx.app, ctx.db);
    customer = await signedInUser(ctx.app, ctx.db);
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });

  it('adds a restaurant off the storefront, invites its owner, and publishes it once it has a priced dish', async () => {
    const body = newRestaurant();
    const created = await send('POST', '/api/v2/ops/restaurants', ops.jwt, body);
    expect(created.statusCode, created.body).toBe(201);
    const restaurant = created.json().restaurant;
    expect(restaurant).toMatchObject({
      name: 'Bánh Mì Corner',
      slug: 'banh-mi-corner',
      city: 'Toronto',
      province: 'ON',
      status: 'onboarding',
      dishes: 0,
      team: 0,
      pending_invites: 1,
    });
    const { rows: chef } = await ctx.db.query(
      `SELECT c.time_zone, c.latitude, c.longitude, p.is_active, p.held_by_restaurant, p.preset_type, p.location IS NOT NULL AS located
         FROM chefs c JOIN preset_chefs pc ON pc.chef_id = c.id JOIN presets p ON p.id = pc.preset_id WHERE c.id = $1`,
      [restaurant.id],
    );
    expect(chef).toEqual([
      expect.objectContaining({
        time_zone: 'America/Toronto',
        is_active: false,
        held_by_restaurant: true,
        preset_type: 'restaurant',
        located: true,
      }),
    ]);
    expect(Math.abs(chef[0].latitude - 43.65)).toBeLessThan(0.2);
    const invite = await emailsTo(ctx.db, body.owner_email, 'restaurant_invite');
    expect(invite).toHaveLength(1);
    expect(invite[0]!.subject).toBe('Join Bánh Mì Corner on Caterway');

    // a second restaurant of the same name gets its own address
    const twin = await send('POST', '/api/v2/ops/restaurants', ops.jwt, newRestaurant());
    expect(twin.json().restaurant.slug).toBe('banh-mi-corner-toronto');

    // no dish yet: it cannot go live
    const early = await send('POST', `/api/v2/ops/restaurants/${restaurant.id}/status`, ops.jwt, { status: 'live' });
    expect(early.statusCode).toBe(422);
    expect(early.json().messages).toEqual([opsRestaurantMessages.liveNeedsDish]);

    await ctx.db.query(
      `INSERT INTO menus (chef_id, name, category_name, price_cents, serves) VALUES ($1, 'Lemongrass Chicken Bánh Mì', 'Sandwiches', 1295, 1)`,
      [restaurant.id],
    );
    const live = await send('POST', `/api/v2/ops/restaurants/${restaurant.id}/status`, ops.jwt, { status: 'live' });
    expect(live.statusCode, live.body).toBe(200);
    expect(live.json().restaurant).toMatchObject({ status: 'live', dishes: 1 });
    const page = await send('GET', `/api/v2/presets/${restaurant.slug}`, null);
    expect(page.statusCode, page.body).toBe(200);

    const { rows: log } = await ctx.db.query(
      `SELECT action, actor_role FROM audit_log WHERE chef_id = $1 ORDER BY id`,
      [restaurant.id],
    );
    expect(log).toEqual([
      { action: 'create', actor_role: 'operations' },
      { action: 'publish', actor_role: 'operations' },
    ]);
  });

  it('refuses an address it cannot place, and a body without the owner', async () => {
    const lost = await send(
      'POST',
      '/api/v2/ops/restaurants',
      ops.jwt,
      newRestaurant({ address1: '1 Nowhere Road', city: 'Qqqzzz', zip: 'X0X 0X0', province: 'NU' }),
    );
    expect(lost.statusCode).toBe(422);
    expect(lost.json().messages).toEqual([opsRestaurantMessages.addressNotFound]);
    const { owner_email: _dropped, ...noOwner } = newRestaurant();
    expect((await send('POST', '/api/v2/ops/restaurants', ops.jwt, noOwner)).statusCode).toBe(422);
    const badZone = await send(
      'POST',
      '/api/v2/ops/restaurants',
      ops.jwt,
      newRestaurant({ time_zone: 'Mars/Olympus' }),
    );
    expect(badZone.statusCode).toBe(422);
    expect(badZone.body).toContain(opsRestaurantMessages.timeZone);
  });

  it('suspends with a reason: its presets leave the storefront and checkout refuses it; publishing restores them', async () => {
    const { rows: before } = await ctx.db.query<{ id: number; is_active: boolean }>(
      `SELECT p.id::int AS id, p.is_active FROM presets p JOIN preset_chefs pc ON pc.preset_id = p.id
        WHERE pc.chef_id = $1 AND p.preset_type IN ('restaurant', 'catering') ORDER BY p.id`,
      [f.chef.id],
    );
    expect(before.filter((p) => p.is_active).length).toBeGreaterThan(1);
    // the team had switched one preset off themselves: it stays off after the suspension ends
    const switchedOff = before.find((p) => p.is_active && p.id !== f.presetId)!;
    await ctx.db.query('UPDATE presets SET is_active = false WHERE id = $1', [switchedOff.id]);

    const url = `/api/v2/ops/restaurants/${f.chef.id}/status`;
    const vague = await send('POST', url, ops.jwt, { status: 'suspended', reason: '' });
    expect(vague.statusCode).toBe(422);
    expect(vague.body).toContain(opsRestaurantMessages.reasonNeeded);
    const suspended = await send('POST', url, ops.jwt, { status: 'suspended', reason: 'Health inspection pending' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json().restaurant).toMatchObject({
      status: 'suspended',
      status_reason: 'Health inspection pending',
    });
    expect((await send('POST', url, ops.jwt, { status: 'suspended', reason: 'again' })).statusCode).toBe(409);

    const { rows: held } = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM presets p JOIN preset_chefs pc ON pc.preset_id = p.id
        WHERE pc.chef_id = $1 AND p.is_active AND p.preset_type IN ('restaurant', 'catering')`,
      [f.chef.id],
    );
    expect(held[0]!.n).toBe(0);
    // its preset cannot be ordered; a cart that is still active (a saved cart) is refused by name
    const order = (jwt: string) =>
      send('POST', '/api/v2/catering_orders', jwt, { catering_order: orderPayload(f, NOW), is_eft: false });
    expect((await order(customer.jwt)).statusCode).toBe(404);
    await ctx.db.query('UPDATE presets SET is_active = true WHERE id = $1', [f.presetId]);
    const refused = await order(customer.jwt);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().messages).toEqual([opsRestaurantMessages.notTakingOrders(f.chef.business_name)]);
    await ctx.db.query('UPDATE presets SET is_active = false WHERE id = $1', [f.presetId]);

    // the portal tells its team
    const listed = await send('GET', '/api/v2/ops/restaurants?status=suspended', ops.jwt);
    expect(listed.json().restaurants.map((r: { id: number }) => r.id)).toContain(f.chef.id);

    const back = await send('POST', url, ops.jwt, { status: 'live' });
    expect(back.statusCode, back.body).toBe(200);
    const { rows: after } = await ctx.db.query<{ id: number; is_active: boolean }>(
      `SELECT p.id::int AS id, p.is_active FROM presets p JOIN preset_chefs pc ON pc.preset_id = p.id
        WHERE pc.chef_id = $1 AND p.preset_type IN ('restaurant', 'catering') ORDER BY p.id`,
      [f.chef.id],
    );
    expect(after).toEqual(before.map((p) => ({ id: p.id, is_active: p.is_active && p.id !== switchedOff.id })));
    expect((await order(customer.jwt)).statusCode).toBe(201);
  });

  it('is for operations only', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/v2/ops/restaurants', undefined],
      ['POST', '/api/v2/ops/restaurants', newRestaurant()],
      ['POST', `/api/v2/ops/restaurants/${f.chef.id}/status`, { status: 'suspended', reason: 'Closed for renovation' }],
    ] as const) {
      expect((await send(method, url, null, payload)).statusCode, `${url} anonymous`).toBe(401);
      expect((await send(method, url, customer.jwt, payload)).statusCode, `${url} customer`).toBe(403);
    }
    expect((await send('POST', '/api/v2/ops/restaurants/999999/status', ops.jwt, { status: 'live' })).statusCode).toBe(
      404,
    );
  });
});
