import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchAllResponseSchema, type SearchAllResponse } from '@caterway/contracts';
import { createDemoTestApp, type TestContext } from '../../../test/helpers.js';
import { withTransaction } from '../../db/pool.js';
import { createCatalogueChangesService } from '../catalogue-changes/catalogue-changes.service.js';

// GET api/v2/search/all, the full results page's call (issue 20 §2, decision 065), and the
// forgiving words of every search, on the demo catalogue.

// Sunday 2026-11-22, 10:00 in Toronto
const NOW = new Date('2026-11-22T15:00:00Z');
const TORONTO = 'lat=43.6487&lng=-79.3817';

describe('GET api/v2/search/all', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createDemoTestApp(NOW);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  const all = async (query: string): Promise<SearchAllResponse> => {
    const res = await get(`/api/v2/search/all?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return searchAllResponseSchema.parse(res.json());
  };

  it('finds sushi for "suhsi": restaurants, presets and dishes, grouped, with counts and a correction', async () => {
    const exact = await all(`q=sushi&${TORONTO}`);
    const typo = await all(`q=suhsi&${TORONTO}`);
    expect(exact.did_you_mean).toBeNull();
    expect(typo.did_you_mean).toBe('sushi');
    expect(typo.query).toBe('suhsi');
    for (const result of [exact, typo]) {
      expect(result.restaurants.total).toBeGreaterThan(0);
      expect(result.restaurants.items.length).toBe(Math.min(6, result.restaurants.total));
      expect(result.restaurants.items.every((r) => r.cuisine_types.includes('Japanese'))).toBe(true);
      // within the delivery radius (50 km)
      expect(result.restaurants.items.every((r) => r.distance !== null && r.distance <= 50)).toBe(true);
      expect(result.dishes.total).toBeGreaterThan(0);
      expect(result.dishes.items.every((d) => /sushi/i.test(d.name))).toBe(true);
      expect(result.dishes.items[0]!.restaurant.slug).toBeTruthy();
    }
    expect(typo.restaurants).toEqual(exact.restaurants);
    expect(typo.presets.total).toBe(exact.presets.total);
    expect(typo.dishes.total).toBe(exact.dishes.total);
  });

  it('finds Indian for "indain" and what the dishes are called in the plural or singular', async () => {
    const indian = await all(`q=indain&${TORONTO}`);
    expect(indian.did_you_mean).toBe('indian');
    expect(indian.restaurants.total).toBeGreaterThan(0);
    expect(indian.restaurants.items.every((r) => r.cuisine_types.includes('Indian'))).toBe(true);

    const salads = await all(`q=salads&${TORONTO}`);
    const salad = await all(`q=salad&${TORONTO}`);
    expect(salads.did_you_mean).toBeNull();
    expect(salads.dishes.total).toBeGreaterThan(0);
    expect(salads.dishes.total).toBe(salad.dishes.total);
    expect(salads.presets.total).toBe(salad.presets.total);

    const sandwiches = await all(`q=sandwiches&${TORONTO}`);
    const sandwich = await all(`q=sandwich&${TORONTO}`);
    expect(sandwich.dishes.total).toBeGreaterThan(0);
    expect(sandwiches.dishes.total).toBe(sandwich.dishes.total);
    expect(sandwiches.restaurants.total).toBe(sandwich.restaurants.total);
  });

  it('forgives a missing and an extra letter', async () => {
    const pizza = await all(`q=pizza&${TORONTO}`);
    expect(pizza.restaurants.total).toBeGreaterThan(0);
    const extra = await all(`q=pizzza&${TORONTO}`);
    expect(extra.did_you_mean).toBe('pizza');
    expect(extra.restaurants).toEqual(pizza.restaurants);
    // "piza" is one letter from pita too: pizza is the correction, and both are found
    const missing = await all(`q=piza&${TORONTO}`);
    expect(missing.did_you_mean).toBe('pizza');
    const ids = new Set(missing.restaurants.items.map((r) => r.id));
    expect(missing.restaurants.total).toBeGreaterThan(pizza.restaurants.total);
    expect(pizza.restaurants.items.some((r) => ids.has(r.id))).toBe(true);
  });

  it('applies the browse filters: cuisine, delivery date and time, the presets sort and per_group', async () => {
    const everything = await all(`q=chicken&${TORONTO}&per_group=3`);
    expect(everything.restaurants.items.length).toBeLessThanOrEqual(3);
    expect(everything.presets.items.length).toBeLessThanOrEqual(3);
    expect(everything.dishes.items.length).toBeLessThanOrEqual(3);
    const indian = await all(`q=chicken&${TORONTO}&preset_category_names=Indian`);
    expect(indian.restaurants.total).toBeGreaterThan(0);
    expect(indian.restaurants.total).toBeLessThan(everything.restaurants.total);
    expect(indian.restaurants.items.every((r) => r.cuisine_types.includes('Indian'))).toBe(true);
    expect(indian.presets.items.every((p) => p.cuisine_types.includes('Indian'))).toBe(true);
    // Tuesday at noon: each card says whether the restaurant can take the order
    const dated = await all(`q=chicken&${TORONTO}&delivery_date=2026-11-24&delivery_time=12:00`);
    expect(dated.restaurants.items.some((r) => r.available_for_ordering)).toBe(true);
    const cheap = await all(`q=chicken&${TORONTO}&sort=price_asc&per_group=10`);
    const prices = cheap.presets.items.map((p) => p.price_per_person_cents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('answers empty groups for words unlike any of the catalogue', async () => {
    const none = await all('q=zzzqqqxx');
    expect(none).toEqual({
      query: 'zzzqqqxx',
      did_you_mean: null,
      restaurants: { total: 0, items: [] },
      presets: { total: 0, capped: false, items: [] },
      dishes: { total: 0, capped: false, items: [] },
    });
  });

  it('refuses a missing or empty query and bad filters with messages', async () => {
    for (const url of ['/api/v2/search/all', '/api/v2/search/all?q=%20%20']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().messages, url).toHaveLength(1);
    }
    expect((await get('/api/v2/search/all?q=%20')).json().messages).toEqual(['Type what you are looking for']);
    const date = await get('/api/v2/search/all?q=sushi&delivery_date=2026-02-30');
    expect(date.json()).toEqual({ error: 'Please select valid date.', messages: ['Please select valid date.'] });
    expect((await get('/api/v2/search/all?q=sushi&sort=cheapest')).statusCode).toBe(422);
    expect((await get('/api/v2/search/all?q=sushi&per_group=0')).statusCode).toBe(422);
    expect((await get(`/api/v2/search/all?q=${'a'.repeat(201)}`)).statusCode).toBe(422);
  });

  it('is documented in the OpenAPI document with its query and answer', async () => {
    const doc = (await get('/api/docs/json')).json<{
      paths: Record<string, { get?: { parameters?: { name: string }[]; responses: Record<string, unknown> } }>;
    }>();
    const op = doc.paths['/api/v2/search/all']?.get;
    expect(op).toBeDefined();
    expect(op!.parameters!.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'q',
        'lat',
        'lng',
        'address',
        'delivery_date',
        'delivery_time',
        'preset_category_names',
        'sort',
      ]),
    );
    expect(Object.keys(op!.responses)).toEqual(expect.arrayContaining(['200', '422']));
  });

  it('finds a dish renamed by a catalogue change within a second, typos forgiven', async () => {
    expect((await all(`q=zanzibarian&${TORONTO}`)).dishes.total).toBe(0);
    const { rows } = await ctx.db.query<{ chef_id: number; preset_id: number; menu_id: number }>(
      `SELECT pc.chef_id::int AS chef_id, p.id::int AS preset_id, m.id::int AS menu_id
         FROM presets p JOIN preset_chefs pc ON pc.preset_id = p.id
         JOIN menus m ON m.chef_id = pc.chef_id AND NOT m.is_deleted
        WHERE p.preset_type = 'restaurant' AND p.is_active AND p.description LIKE '%Toronto%'
        ORDER BY p.id, m.id LIMIT 1`,
    );
    const dish = rows[0]!;
    const started = performance.now();
    // a rename as the menu editor writes it: the dish, the search columns, the announcement (decision 051)
    await withTransaction(ctx.db, async (tx) => {
      await tx.query(`UPDATE menus SET name = 'Zanzibarian Pilau' WHERE id = $1`, [dish.menu_id]);
      await tx.query('SELECT refresh_preset_search($1::bigint[])', [[dish.preset_id]]);
      await createCatalogueChangesService(ctx.db).catalogueChanged([dish.chef_id], tx);
    });
    let found = await all(`q=zanzibarien&${TORONTO}`);
    while (found.dishes.total === 0) {
      expect(performance.now() - started).toBeLessThan(1_000);
      await new Promise((r) => setTimeout(r, 10));
      found = await all(`q=zanzibarien&${TORONTO}`);
    }
    expect(found.did_you_mean).toBe('zanzibarian');
    expect(found.dishes.items.map((d) => d.id)).toEqual([dish.menu_id]);
    expect(found.restaurants.items.map((r) => r.id)).toEqual([dish.preset_id]);
  });
});
