// A signed-in user's favourites and saved carts show on the catalogue's cards and in
// search_type=user_data (browse-account-orders §2 Favorites page, §3 Preset.favorite, §7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { signedInUser } from '../auth/auth.test-helpers.js';

const quiet = { info() {}, warn() {} };

describe("the viewer's favourites and saved carts", () => {
  let ctx: TestContext;
  let user: { jwt: string; id: number };
  let other: { jwt: string };
  let presetId: number;
  let restaurantId: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    await ensureDemoData(ctx.db, quiet);
    user = await signedInUser(ctx.app, ctx.db);
    other = await signedInUser(ctx.app, ctx.db);
    presetId = (
      await ctx.db.query<{ id: number }>(
        "SELECT id FROM presets WHERE preset_type = 'catering' ORDER BY order_count DESC, id LIMIT 1",
      )
    ).rows[0]!.id;
    restaurantId = (
      await ctx.db.query<{ id: number }>(
        "SELECT id FROM presets WHERE preset_type = 'restaurant' ORDER BY order_count DESC, id LIMIT 1",
      )
    ).rows[0]!.id;
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });

  const get = (url: string, token?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const post = (url: string, payload: object, token: string) =>
    ctx.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}` } });

  it('marks favourites on detail, home and search cards for their owner only', async () => {
    expect((await post('/api/v2/favorites', { preset_id: presetId }, user.jwt)).statusCode).toBe(200);
    expect((await post('/api/v2/favorites', { preset_id: restaurantId }, user.jwt)).statusCode).toBe(200);

    expect((await get(`/api/v2/presets/${presetId}`, user.jwt)).json().preset.favorite).toBe(true);
    expect((await get(`/api/v2/presets/${presetId}`, other.jwt)).json().preset.favorite).toBe(false);
    expect((await get(`/api/v2/presets/${presetId}`)).json().preset.favorite).toBe(false);

    const home = (await get('/api/v2/presets', user.jwt)).json();
    expect(home.presets.trending_restaurants.find((c: { id: number }) => c.id === restaurantId)?.favorite).toBe(true);

    const restaurants = (await get('/api/v2/search.json?search_type=restaurant&per_page=50', user.jwt)).json();
    const card = restaurants.presets.all_presets.find((c: { id: number }) => c.id === restaurantId);
    expect(card?.favorite).toBe(true);
    expect(restaurants.presets.all_presets.filter((c: { favorite: boolean }) => c.favorite)).toHaveLength(1);
  });

  it('lists favourites and saved carts under user_data, and refuses visitors', async () => {
    const detail = (await get(`/api/v2/presets/${presetId}`)).json().preset;
    const saved = await post(
      '/api/v2/presets',
      {
        preset: {
          preset_type: 'save_for_later',
          base_preset_id: presetId,
          name: 'Team offsite lunch',
          description: 'Our usual',
          preset_items: detail.preset_items.map(
            (i: { id: number; menu_id: number; quantity: number; menu_items_mapping: Record<string, number> }) => ({
              id: i.id,
              menu_id: i.menu_id,
              quantity: i.quantity,
              menu_items_mapping: i.menu_items_mapping,
            }),
          ),
        },
      },
      user.jwt,
    );
    expect(saved.statusCode).toBe(201);
    const savedId = saved.json().preset.id as number;

    const lists = (await get('/api/v2/search?search_type=user_data', user.jwt)).json();
    expect(lists.presets.favorite_restaurants.map((c: { id: number }) => c.id).sort()).toEqual(
      [presetId, restaurantId].sort(),
    );
    expect(lists.presets.saved_for_later_restaurants.map((c: { id: number; name: string }) => [c.id, c.name])).toEqual([
      [savedId, 'Team offsite lunch'],
    ]);
    expect(lists.presets.all_presets).toEqual([]); // no placed orders yet

    const others = (await get('/api/v2/search?search_type=user_data', other.jwt)).json();
    expect(others.presets.favorite_restaurants).toEqual([]);
    expect(others.presets.saved_for_later_restaurants).toEqual([]);

    expect((await get('/api/v2/search?search_type=user_data')).statusCode).toBe(401);
  });
});
