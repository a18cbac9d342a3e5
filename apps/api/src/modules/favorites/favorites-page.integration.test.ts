// The Favorites page's calls (browse-account-orders §2 Favorites page, §4 Favorites, §7):
// GET api/v2/search?search_type=user_data, DELETE api/v2/favorites/remove, DELETE api/v2/presets/{id}.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { fixedClock } from '../../lib/clock.js';
import { signedInUser } from '../auth/auth.test-helpers.js';
import {
  cards,
  orderPayload,
  restaurantFixture,
  sandboxCard,
  type RestaurantFixture,
} from '../orders/orders.test-helpers.js';

const NOW = new Date('2026-03-02T14:00:00Z');
const quiet = { info() {}, warn() {} };

interface Card {
  id: number;
  preset_type: string;
  base_preset_type?: string | null;
  name: string;
}

describe('favorites page lists and removals', () => {
  let ctx: TestContext;
  let f: RestaurantFixture;
  let cateringId: number;

  beforeAll(async () => {
    ctx = await createTestApp({ clock: fixedClock(NOW) });
    await ensureDemoData(ctx.db, quiet);
    f = await restaurantFixture(ctx.db); // a restaurant-kind preset
    cateringId = (
      await ctx.db.query<{ id: number }>(
        "SELECT id::int AS id FROM presets WHERE preset_type = 'catering' AND is_active ORDER BY order_count DESC, id LIMIT 1",
      )
    ).rows[0]!.id;
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });

  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string | null, payload?: object) =>
    ctx.app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const lists = async (token: string) => {
    const res = await send('GET', '/api/v2/search?search_type=user_data', token);
    expect(res.statusCode).toBe(200);
    return res.json().presets as {
      favorite_restaurants: Card[];
      saved_for_later_restaurants: Card[];
      all_presets: [string, Card[]][];
    };
  };
  const saveCart = async (token: string, basePresetId: number, name: string) => {
    const detail = (await send('GET', `/api/v2/presets/${basePresetId}`, token)).json().preset;
    const res = await send('POST', '/api/v2/presets', token, {
      preset: {
        preset_type: 'save_for_later',
        base_preset_id: basePresetId,
        name,
        preset_items: detail.preset_items.map(
          (i: { id: number; menu_id: number; quantity: number; menu_items_mapping: Record<string, number> }) => ({
            id: i.id,
            menu_id: i.menu_id,
            quantity: i.quantity,
            menu_items_mapping: i.menu_items_mapping,
          }),
        ),
      },
    });
    expect(res.statusCode).toBe(201);
    return res.json().preset.id as number;
  };

  it('lists favourites of both kinds, saved carts with the kind of their base, and recently ordered presets', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    expect((await send('POST', '/api/v2/favorites', user.jwt, { preset_id: f.presetId })).statusCode).toBe(200);
    expect((await send('POST', '/api/v2/favorites', user.jwt, { preset_id: cateringId })).statusCode).toBe(200);
    const fromRestaurant = await saveCart(user.jwt, f.presetId, 'Restaurant draft');
    const fromCatering = await saveCart(user.jwt, cateringId, 'Catering draft');

    const created = await send('POST', '/api/v2/catering_orders', user.jwt, {
      catering_order: orderPayload(f, NOW),
      is_eft: false,
    });
    expect(created.statusCode).toBe(201);
    const order = created.json().catering_order;
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/catering_orders/${order.id}/finalize`,
      headers: { authorization: `Bearer ${user.jwt}`, 'idempotency-key': crypto.randomUUID() },
      payload: { purchase_id: order.purchase_id, payment_method_id: await sandboxCard(ctx.deps.payments, cards.ok) },
    });
    expect(paid.statusCode).toBe(200);

    const l = await lists(user.jwt);
    expect(l.favorite_restaurants.map((c) => [c.id, c.preset_type]).sort()).toEqual(
      [
        [f.presetId, 'restaurant'],
        [cateringId, 'catering'],
      ].sort(),
    );
    expect(l.saved_for_later_restaurants.map((c) => [c.id, c.base_preset_type])).toEqual([
      [fromCatering, 'catering'],
      [fromRestaurant, 'restaurant'],
    ]);
    expect(l.all_presets).toEqual([
      ['Recently Ordered', [expect.objectContaining({ id: f.presetId, preset_type: 'restaurant' })]],
    ]);
  });

  it('removes a favourite: it leaves the list, and removing again is harmless', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    await send('POST', '/api/v2/favorites', user.jwt, { preset_id: cateringId });
    const res = await send('DELETE', '/api/v2/favorites/remove', user.jwt, { preset_id: cateringId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ favorite: false });
    expect((await lists(user.jwt)).favorite_restaurants).toEqual([]);
    expect((await send('DELETE', '/api/v2/favorites/remove', user.jwt, { preset_id: cateringId })).statusCode).toBe(
      200,
    );
  });

  it("removes a saved cart for its owner only: another user's answers 404 and stays", async () => {
    const owner = await signedInUser(ctx.app, ctx.db);
    const other = await signedInUser(ctx.app, ctx.db);
    const saved = await saveCart(owner.jwt, cateringId, 'Keep me');
    const foreign = await send('DELETE', `/api/v2/presets/${saved}`, other.jwt);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual((await send('DELETE', '/api/v2/presets/99999999', other.jwt)).json());
    expect((await lists(owner.jwt)).saved_for_later_restaurants.map((c) => c.id)).toEqual([saved]);
    expect((await send('DELETE', `/api/v2/presets/${saved}`, owner.jwt)).statusCode).toBe(200);
    expect((await lists(owner.jwt)).saved_for_later_restaurants).toEqual([]);
    expect((await send('DELETE', `/api/v2/presets/${saved}`, owner.jwt)).statusCode).toBe(404);
  });

  it('answers 401 to anonymous callers and 403 to unconfirmed ones', async () => {
    expect((await send('GET', '/api/v2/search?search_type=user_data', null)).statusCode).toBe(401);
    expect((await send('DELETE', '/api/v2/favorites/remove', null, { preset_id: cateringId })).statusCode).toBe(401);
    expect((await send('DELETE', '/api/v2/presets/1', null)).statusCode).toBe(401);
    const lapsed = await signedInUser(ctx.app, ctx.db);
    await ctx.db.query('UPDATE users SET confirmed_at = NULL WHERE id = $1', [lapsed.id]);
    expect((await send('DELETE', '/api/v2/favorites/remove', lapsed.jwt, { preset_id: cateringId })).statusCode).toBe(
      403,
    );
    expect((await send('DELETE', '/api/v2/presets/1', lapsed.jwt)).statusCode).toBe(403);
  });
});
