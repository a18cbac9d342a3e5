import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { auth } from '../order-lifecycle/lifecycle.test-helpers.js';
import { createPartnerRepository } from './partner.repository.js';
import { teamFixture } from './partner.test-helpers.js';

// Issue 19 (decision 047): restaurant teams. A user sees the restaurants they are on the team
// of, with their role; another restaurant answers 404 exactly like one that does not exist;
// operations staff reach every restaurant.

describe('restaurant teams', () => {
  let ctx: TestContext;
  let chefs: { id: number; name: string; slug: string }[];
  let owner: { id: number; jwt: string };
  let cook: { id: number; jwt: string };
  let customer: { id: number; jwt: string };
  let ops: { id: number; jwt: string };

  const get = (url: string, jwt: string | null) => ctx.app.inject({ method: 'GET', url, headers: auth(jwt) });

  beforeAll(async () => {
    ctx = await createTestApp();
    const team = await teamFixture(ctx, 3);
    chefs = team.chefs;
    owner = await team.member({ 0: 'owner', 1: 'manager' });
    cook = await team.member({ 0: 'staff' });
    customer = await team.member();
    ops = await team.ops();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it("lists a user's restaurants with their role there, and none for a customer", async () => {
    const mine = await get('/api/v2/partner/restaurants', owner.jwt);
    expect(mine.statusCode, mine.body).toBe(200);
    const expected = [
      { id: chefs[0]!.id, name: chefs[0]!.name, slug: chefs[0]!.slug, role: 'owner' },
      { id: chefs[1]!.id, name: chefs[1]!.name, slug: chefs[1]!.slug, role: 'manager' },
    ].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
    expect(mine.json().restaurants).toEqual(expected.map((r) => expect.objectContaining(r)));
    expect(mine.json().restaurants[0]).toEqual({
      id: expect.any(Number),
      slug: expect.any(String),
      name: expect.any(String),
      city: expect.any(String),
      time_zone: expect.stringMatching(/^America\//),
      role: expect.any(String),
      status: 'live',
    });

    const none = await get('/api/v2/partner/restaurants', customer.jwt);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ restaurants: [] });
  });

  it('asks for a signed-in user', async () => {
    expect((await get('/api/v2/partner/restaurants', null)).statusCode).toBe(401);
    expect((await get(`/api/v2/partner/restaurants/${chefs[0]!.id}`, null)).statusCode).toBe(401);
  });

  it('answers 404 for a restaurant the caller is not on the team of, as for one that does not exist', async () => {
    const own = await get(`/api/v2/partner/restaurants/${chefs[0]!.id}`, cook.jwt);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ id: chefs[0]!.id, role: 'staff' });

    const other = await get(`/api/v2/partner/restaurants/${chefs[2]!.id}`, cook.jwt);
    const unknown = await get('/api/v2/partner/restaurants/999999999', cook.jwt);
    const stranger = await get(`/api/v2/partner/restaurants/${chefs[0]!.id}`, customer.jwt);
    for (const res of [other, unknown, stranger]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(unknown.json());
    }
    expect((await get('/api/v2/partner/restaurants/not-a-number', cook.jwt)).statusCode).toBe(422);
  });

  it('lets operations staff reach every restaurant', async () => {
    const res = await get(`/api/v2/partner/restaurants/${chefs[2]!.id}`, ops.jwt);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: chefs[2]!.id, role: 'operations' });
    expect((await get('/api/v2/partner/restaurants/999999999', ops.jwt)).statusCode).toBe(404);
    // and the portal's list holds them all, as operations
    const all = (await get('/api/v2/partner/restaurants', ops.jwt)).json().restaurants as {
      id: number;
      role: string;
    }[];
    const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM chefs');
    expect(all).toHaveLength(rows[0]!.n);
    expect(all.every((r) => r.role === 'operations')).toBe(true);
  });

  it('keeps one role a restaurant per user; a second grant changes it', async () => {
    const partners = createPartnerRepository(ctx.db);
    await partners.addMember({ chefId: chefs[1]!.id, userId: cook.id, role: 'staff' });
    await partners.addMember({ chefId: chefs[1]!.id, userId: cook.id, role: 'manager' });
    const res = await get(`/api/v2/partner/restaurants/${chefs[1]!.id}`, cook.jwt);
    expect(res.json()).toMatchObject({ role: 'manager' });
    const { rows } = await ctx.db.query('SELECT count(*)::int AS n FROM restaurant_members WHERE user_id = $1', [
      cook.id,
    ]);
    expect(rows[0]).toEqual({ n: 2 });
  });
});
