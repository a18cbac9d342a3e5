import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineKm } from '@caterway/domain';
import { createDemoTestApp, type TestContext } from '../../../test/helpers.js';

// Sunday 2026-11-22, 10:00 in Toronto
const NOW = new Date('2026-11-22T15:00:00Z');
const TORONTO = { lat: 43.6487, lng: -79.3817 };

interface Card {
  id: number;
  name: string;
  distance: number | null;
  cuisine_types: string[];
  available_for_ordering: boolean;
  unavailable_reason: string | null;
  latitude: number;
  longitude: number;
  description: string;
  slug: string;
}

describe('search endpoints on the demo catalogue', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createDemoTestApp(NOW);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  const restaurants = async (query: string) => {
    const res = await get(`/api/v2/search.json?search_type=restaurant&${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<{
      presets: { all_presets: Card[]; favorite_restaurants: Card[] };
      meta_data: {
        current_page: number;
        full_count: number;
        total_page: number;
        preset_category_names: string[];
        preset_category_name_with_icon: { name: string; icon: string }[];
      };
    }>();
  };

  describe('restaurants near an address', () => {
    it('ranks by distance and pages by 12 with the counts', async () => {
      const first = await restaurants(`lat=${TORONTO.lat}&lng=${TORONTO.lng}`);
      const { count } = (
        await ctx.db.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM chefs c WHERE earth_distance(ll_to_earth(c.latitude, c.longitude), ll_to_earth($1, $2)) <= 50000`,
          [TORONTO.lat, TORONTO.lng],
        )
      ).rows[0]!;
      expect(count).toBeGreaterThan(12);
      expect(first.meta_data).toMatchObject({ current_page: 1, full_count: count, total_page: Math.ceil(count / 12) });
      expect(first.presets.all_presets).toHaveLength(12);
      const distances = first.presets.all_presets.map((c) => c.distance!);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      // the distance is the real one from the address
      const c0 = first.presets.all_presets[0]!;
      expect(c0.distance).toBeCloseTo(haversineKm(TORONTO.lat, TORONTO.lng, c0.latitude, c0.longitude), 0);

      const second = await restaurants(`lat=${TORONTO.lat}&lng=${TORONTO.lng}&page=2`);
      expect(second.meta_data.current_page).toBe(2);
      const ids1 = first.presets.all_presets.map((c) => c.id);
      expect(second.presets.all_presets.some((c) => ids1.includes(c.id))).toBe(false);
      expect(second.presets.all_presets[0]!.distance!).toBeGreaterThanOrEqual(distances.at(-1)!);
    });

    it('lists the cuisine filter cards with icons', async () => {
      const body = await restaurants('');
      expect(body.meta_data.preset_category_names).toEqual(expect.arrayContaining(['Italian', 'Japanese', 'Indian']));
      expect(body.meta_data.preset_category_name_with_icon[0]).toEqual({ name: 'Italian', icon: expect.any(String) });
      expect(body.presets.favorite_restaurants).toEqual([]);
    });

    it('places an address with the geocoder', async () => {
      const byAddress = await restaurants('address=100%20King%20St%20W%2C%20Toronto%2C%20ON%20M5X%201A9');
      expect(byAddress.presets.all_presets[0]!.distance).not.toBeNull();
      expect(byAddress.presets.all_presets[0]!.distance!).toBeLessThan(5);
    });

    it('ranks by popularity when the address is unknown', async () => {
      const body = await restaurants('');
      expect(body.presets.all_presets.every((c) => c.distance === null)).toBe(true);
      const counts = body.presets.all_presets.map((c) => (c as unknown as { order_count: number }).order_count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      expect(body.meta_data.full_count).toBe(72);
    });

    it('filters by cuisine', async () => {
      const all = await restaurants(`lat=${TORONTO.lat}&lng=${TORONTO.lng}`);
      const italian = await restaurants(
        `lat=${TORONTO.lat}&lng=${TORONTO.lng}&preset_category_names=Italian&per_page=50`,
      );
      expect(italian.meta_data.full_count).toBeGreaterThan(0);
      expect(italian.meta_data.full_count).toBeLessThan(all.meta_data.full_count);
      expect(italian.presets.all_presets.every((c) => c.cuisine_types.includes('Italian'))).toBe(true);
      const two = await restaurants(
        `lat=${TORONTO.lat}&lng=${TORONTO.lng}&preset_category_names=Italian,Japanese&per_page=50`,
      );
      expect(two.meta_data.full_count).toBeGreaterThan(italian.meta_data.full_count);
      expect(
        two.presets.all_presets.every(
          (c) => c.cuisine_types.includes('Italian') || c.cuisine_types.includes('Japanese'),
        ),
      ).toBe(true);
    });

    it('marks a restaurant closed on the delivery weekday', async () => {
      const { rows } = await ctx.db.query<{ id: number }>(
        `SELECT p.id FROM presets p JOIN preset_chefs pc ON pc.preset_id = p.id JOIN chefs c ON c.id = pc.chef_id
          WHERE p.preset_type = 'restaurant' AND c.city = 'Toronto' AND (c.store_hours -> 'sunday' ->> 'enabled')::boolean = false LIMIT 1`,
      );
      const id = rows[0]!.id;
      // Sunday 2026-11-29, a week ahead: notice is met
      const body = await restaurants(
        `lat=${TORONTO.lat}&lng=${TORONTO.lng}&per_page=50&delivery_date=2026-11-29&delivery_time=11:30%20AM`,
      );
      const card = body.presets.all_presets.find((c) => c.id === id)!;
      expect(card).toMatchObject({ available_for_ordering: false, unavailable_reason: 'closed' });
    });

    it('marks a restaurant outside its hours, and available inside them', async () => {
      const { rows } = await ctx.db.query<{ id: number; open: string; radius: number }>(
        `SELECT p.id, c.store_hours -> 'wednesday' ->> 'open' AS open, c.delivery_radius_km AS radius
           FROM presets p JOIN preset_chefs pc ON pc.preset_id = p.id JOIN chefs c ON c.id = pc.chef_id
          WHERE p.preset_type = 'restaurant' AND c.city = 'Toronto' AND (c.store_hours -> 'wednesday' ->> 'enabled')::boolean
            AND earth_distance(ll_to_earth(c.latitude, c.longitude), ll_to_earth($1, $2)) < c.delivery_radius_km * 1000 - 500
          LIMIT 1`,
        [TORONTO.lat, TORONTO.lng],
      );
      const { id } = rows[0]!;
      const early = await restaurants(
        `lat=${TORONTO.lat}&lng=${TORONTO.lng}&per_page=50&delivery_date=2026-11-25&delivery_time=05:00%20AM`,
      );
      expect(early.presets.all_presets.find((c) => c.id === id)).toMatchObject({
        available_for_ordering: false,
        unavailable_reason: 'outside_hours',
      });
      const noon = await restaurants(
        `lat=${TORONTO.lat}&lng=${TORONTO.lng}&per_page=50&delivery_date=2026-11-25&delivery_time=12:00`,
      );
      expect(noon.presets.all_presets.find((c) => c.id === id)).toMatchObject({
        available_for_ordering: true,
        unavailable_reason: null,
      });
    });

    it('marks every restaurant short of notice for a delivery within the hour', async () => {
      // now is Sunday 10:00 in Toronto; Sunday 11:00 is under every chef's 24 or 48 hours
      const body = await restaurants(
        `lat=${TORONTO.lat}&lng=${TORONTO.lng}&per_page=50&delivery_date=2026-11-22&delivery_time=11:00%20AM`,
      );
      const inRange = body.presets.all_presets.filter(
        (c) =>
          c.unavailable_reason !== 'distance' &&
          c.unavailable_reason !== 'closed' &&
          c.unavailable_reason !== 'outside_hours',
      );
      expect(inRange.length).toBeGreaterThan(0);
      expect(inRange.every((c) => c.unavailable_reason === 'notice' && !c.available_for_ordering)).toBe(true);
    });

    it('marks a restaurant whose radius does not reach the address', async () => {
      // Mississauga-ish: ~22 km west of downtown, within the 50 km listing, outside 10-20 km radii
      const body = await restaurants('lat=43.59&lng=-79.64&per_page=50');
      const far = body.presets.all_presets.filter((c) => c.unavailable_reason === 'distance');
      expect(far.length).toBeGreaterThan(0);
      expect(far.every((c) => c.available_for_ordering === false && c.distance! > 10)).toBe(true);
    });
  });

  describe('presets', () => {
    const presets = async (query: string) => {
      const res = await get(`/api/v2/search?search_type=preset&${query}`);
      expect(res.statusCode).toBe(200);
      return res.json<{
        presets: {
          all_presets: [
            string,
            {
              id: number;
              price_per_person_cents: number;
              number_of_guests: number;
              order_count: number;
              cuisine_types: string[];
              preset_type: string;
              name: string;
              description: string;
            }[],
          ][];
        };
        meta_data: { full_count: number; total_page: number };
      }>();
    };
    const flat = (body: Awaited<ReturnType<typeof presets>>) => body.presets.all_presets.flatMap(([, list]) => list);

    it('groups a page of catering presets by category and sorts the flat list', async () => {
      type Body = Awaited<ReturnType<typeof presets>>;
      // each group keeps the sort order; the page is the first per_page presets of the whole sort
      const sortedWithin = (
        body: Body,
        key: 'price_per_person_cents' | 'number_of_guests' | 'order_count',
        dir: 1 | -1,
      ) => {
        for (const [name, list] of body.presets.all_presets) {
          expect(typeof name).toBe('string');
          expect(list.length).toBeGreaterThan(0);
          const values = list.map((p) => p[key]);
          expect(values).toEqual([...values].sort((a, b) => dir * (a - b)));
        }
      };
      const page1 = await presets('sort=price_asc&per_page=20');
      const page2 = await presets('sort=price_asc&per_page=20&page=2');
      expect(flat(page1)).toHaveLength(20);
      expect(flat(page1).every((p) => p.preset_type === 'catering')).toBe(true);
      sortedWithin(page1, 'price_per_person_cents', 1);
      expect(Math.max(...flat(page1).map((p) => p.price_per_person_cents))).toBeLessThanOrEqual(
        Math.min(...flat(page2).map((p) => p.price_per_person_cents)),
      );
      const { rows } = await ctx.db.query<{ id: number }>(
        `SELECT id FROM presets WHERE preset_type = 'catering' ORDER BY price_per_person_cents, id LIMIT 20`,
      );
      expect(
        flat(page1)
          .map((p) => p.id)
          .sort(),
      ).toEqual(rows.map((r) => r.id).sort());
      // grouped by the preset's first category
      for (const [name, list] of page1.presets.all_presets) {
        expect(list.every((p) => (p as unknown as { category_names: string[] }).category_names[0] === name)).toBe(true);
      }

      sortedWithin(await presets('sort=price_desc&per_page=20'), 'price_per_person_cents', -1);
      sortedWithin(await presets('sort=headcount_desc'), 'number_of_guests', -1);
      sortedWithin(await presets('sort=headcount_asc'), 'number_of_guests', 1);
      sortedWithin(await presets(''), 'order_count', -1);
    });

    it('pages the flat list', async () => {
      const p1 = await presets('per_page=12');
      const p2 = await presets('per_page=12&page=2');
      const total = (
        await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM presets WHERE preset_type = 'catering'`)
      ).rows[0]!.n;
      expect(p1.meta_data).toMatchObject({ full_count: total, total_page: Math.ceil(total / 12) });
      const ids1 = new Set(flat(p1).map((p) => p.id));
      expect(flat(p2).some((p) => ids1.has(p.id))).toBe(false);
    });

    it('filters by cuisine and by words, near an address', async () => {
      const indian = flat(
        await presets(`preset_category_names=Indian&lat=${TORONTO.lat}&lng=${TORONTO.lng}&per_page=50`),
      );
      expect(indian.length).toBeGreaterThan(0);
      expect(indian.every((p) => p.cuisine_types.includes('Indian'))).toBe(true);
      const breakfast = await presets('q=breakfast');
      expect(breakfast.meta_data.full_count).toBeGreaterThan(0);
      // the typo finds at least what the right spelling finds
      const typo = await presets('q=breakfst&per_page=50');
      const exact = await presets('q=breakfast&per_page=50');
      expect(typo.meta_data.full_count).toBeGreaterThanOrEqual(breakfast.meta_data.full_count);
      const typoIds = new Set(flat(typo).map((p) => p.id));
      expect(flat(exact).filter((p) => typoIds.has(p.id)).length).toBeGreaterThan(0);
    });
  });

  describe('quick search (elastic_search)', () => {
    const quick = async (query: string) => {
      const res = await get(`/api/v2/search/elastic_search?${query}`);
      expect(res.statusCode).toBe(200);
      return res.json<{ presets: Card[]; query: string }>();
    };

    it('finds restaurants by name, cuisine and dish, despite typos', async () => {
      const sushi = await quick('q=sushi');
      expect(sushi.presets.length).toBeGreaterThan(0);
      expect(sushi.presets[0]!.cuisine_types).toContain('Japanese');
      const typo = await quick('q=sushii');
      expect(typo.presets.map((p) => p.id)).toEqual(sushi.presets.map((p) => p.id));
      // two letters swapped (issue 20 §2): found as the word was meant
      const swapped = await quick('q=suhsi');
      expect(swapped.presets.map((p) => p.id)).toEqual(sushi.presets.map((p) => p.id));
      const indain = await quick('q=indain');
      expect(indain.presets.length).toBeGreaterThan(0);
      expect(indain.presets.every((p) => p.cuisine_types.includes('Indian'))).toBe(true);

      const italian = await quick('q=itlian');
      expect(italian.presets.length).toBeGreaterThan(0);
      expect(italian.presets.every((p) => p.cuisine_types.includes('Italian'))).toBe(true);

      // the catalogue spells it shawarma
      const shawerma = await quick('q=shawerma');
      expect(shawerma.presets.length).toBeGreaterThan(0);
      const ids = shawerma.presets.map((p) => p.id);
      const { rows } = await ctx.db.query<{ id: number }>(
        `SELECT DISTINCT pc.preset_id AS id FROM menus m JOIN preset_chefs pc ON pc.chef_id = m.chef_id
           JOIN presets p ON p.id = pc.preset_id AND p.preset_type = 'restaurant'
          WHERE m.name ILIKE '%shawarma%' OR p.description ILIKE '%shawarma%'`,
      );
      expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining(ids));
      expect(shawerma.query).toBe('shawerma');
    });

    it('orders equally relevant restaurants by distance from the city', async () => {
      const toronto = await quick('q=sushi&limit=20');
      const vancouver = await quick('q=sushi&city=Vancouver&limit=20');
      expect(toronto.presets[0]!.description).toContain('Toronto');
      expect(vancouver.presets[0]!.description).toContain('Vancouver');
      // an unknown city falls back to Toronto
      const unknown = await quick('q=sushi&city=Atlantis&limit=20');
      expect(unknown.presets.map((p) => p.id)).toEqual(toronto.presets.map((p) => p.id));
      const withPoint = await quick(`q=sushi&lat=${TORONTO.lat}&lng=${TORONTO.lng}&limit=20`);
      expect(withPoint.presets[0]!.distance).not.toBeNull();
    });

    it('answers an empty list for words the catalogue does not know', async () => {
      expect((await quick('q=zzzqqqxx')).presets).toEqual([]);
    });

    it('refuses a query under 3 characters', async () => {
      const res = await get('/api/v2/search/elastic_search?q=su');
      expect(res.statusCode).toBe(422);
      expect(res.json().messages).toEqual(['Type at least 3 characters']);
    });
  });

  describe('invalid queries', () => {
    it('refuses an impossible date, a bad time and a bad page with messages', async () => {
      const date = await get('/api/v2/search.json?search_type=restaurant&delivery_date=2026-02-30');
      expect(date.statusCode).toBe(422);
      expect(date.json()).toEqual({ error: 'Please select valid date.', messages: ['Please select valid date.'] });
      const badFormat = await get('/api/v2/search.json?delivery_date=29-11-2026');
      expect(badFormat.statusCode).toBe(422);
      expect(badFormat.json().messages).toEqual(['Please select valid date.']);
      const time = await get('/api/v2/search.json?delivery_date=2026-11-29&delivery_time=25:99');
      expect(time.statusCode).toBe(422);
      expect(time.json().messages).toEqual(['Please select valid time.']);
      // midnight is no delivery time, as an order refuses it (issue 17 part 5)
      for (const midnight of ['00:00', '12:00%20AM']) {
        const at = await get(`/api/v2/search.json?delivery_date=2026-11-29&delivery_time=${midnight}`);
        expect([at.statusCode, at.json().messages], midnight).toEqual([422, ['Please select valid time.']]);
      }
      const page = await get('/api/v2/search?search_type=preset&page=0');
      expect(page.statusCode).toBe(422);
      expect(page.json().messages).toHaveLength(1);
      const type = await get('/api/v2/search?search_type=everything');
      expect(type.statusCode).toBe(422);
      const sort = await get('/api/v2/search?search_type=preset&sort=cheapest');
      expect(sort.statusCode).toBe(422);
    });
  });

  describe('user data', () => {
    it('needs a signed-in user', async () => {
      const res = await get('/api/v2/search?search_type=user_data');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Not authorized' });
    });

    it("lists the user's saved carts and empty favourites", async () => {
      const signIn = await ctx.app.inject({
        method: 'POST',
        url: '/user_token',
        payload: { auth: { email: 'demo@caterway.ca', password: 'Lunch4Forty' } },
      });
      expect(signIn.statusCode).toBe(200);
      const { jwt, user } = signIn.json<{ jwt: string; user: { id: number } }>();
      const { rows } = await ctx.db.query<{ id: number }>(
        `INSERT INTO presets (slug, name, preset_type, base_preset_id, owner_user_id, number_of_guests)
         SELECT 'my-saved-lunch', 'My saved lunch', 'save_for_later', p.id, $1, 10 FROM presets p WHERE p.id = 2 RETURNING id`,
        [user.id],
      );
      await ctx.db.query(
        'INSERT INTO preset_chefs (preset_id, chef_id, position) SELECT $1, chef_id, position FROM preset_chefs WHERE preset_id = 2',
        [rows[0]!.id],
      );
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/v2/search?search_type=user_data',
        headers: { authorization: `Bearer ${jwt}` },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.presets.favorite_restaurants).toEqual([]);
      expect(
        body.presets.saved_for_later_restaurants.map((p: { id: number; preset_type: string }) => [p.id, p.preset_type]),
      ).toEqual([[rows[0]!.id, 'save_for_later']]);
    });
  });
});
