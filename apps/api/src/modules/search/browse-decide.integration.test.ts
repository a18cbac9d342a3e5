import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIETARY_NEEDS, deliveryFeeForDistance, haversineKm, priceLevel } from '@caterway/domain';
import { createDemoTestApp, type TestContext } from '../../../test/helpers.js';
import { wallTimeKey } from './search.service.js';

// Issue 20 §2 (decision 067): the restaurant cards' facts that decide an order, the restaurant
// sorts, and the dietary filters of restaurants and presets, on the demo catalogue.

// Sunday 2026-11-22, 10:00 in Toronto; the delivery a week on, at noon
const NOW = new Date('2026-11-22T15:00:00Z');
const TORONTO = { lat: 43.6487, lng: -79.3817 };
const WHEN = 'delivery_date=2026-11-29&delivery_time=12%3A00%20PM';
const HERE = `lat=${TORONTO.lat}&lng=${TORONTO.lng}`;

interface Card {
  id: number;
  name: string;
  chef_ids: number[];
  distance: number | null;
  latitude: number;
  longitude: number;
  available_for_ordering: boolean;
  unavailable_reason: string | null;
  next_available: { delivery_date: string; delivery_time: string; text: string } | null;
  average_rating: number;
  rating_count: number;
  order_count: number;
  price_level: number;
  price_per_person_cents: number;
  delivery_fee_cents: number | null;
  minimum_order_cents: number;
  pre_order_notice_hour: number;
}

describe('browse: cards that decide, sorts and dietary filters', () => {
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
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ presets: { all_presets: Card[] }; meta_data: { full_count: number; total_page: number } }>();
  };
  /** Every restaurant of a listing, page after page. */
  const everyRestaurant = async (query: string) => {
    const first = await restaurants(`${query}&per_page=50`);
    const all = [...first.presets.all_presets];
    for (let page = 2; page <= first.meta_data.total_page; page++)
      all.push(...(await restaurants(`${query}&per_page=50&page=${page}`)).presets.all_presets);
    return { all, total: first.meta_data.full_count };
  };

  it("shows each restaurant's delivery fee to the address, minimum, reviews and price level", async () => {
    const { presets } = await restaurants(`${HERE}&${WHEN}&per_page=20`);
    const ids = presets.all_presets.map((c) => c.id);
    const { rows } = await ctx.db.query<{
      id: number;
      minimum_order_amount_cents: number;
      rating_count: number;
      price_per_person_cents: number;
      latitude: number;
      longitude: number;
      delivery_fee_ranges: { min_km: number; max_km: number; fee_cents: number }[];
    }>(
      `SELECT p.id::int AS id, p.minimum_order_amount_cents, p.rating_count, p.price_per_person_cents,
              c.latitude, c.longitude, c.delivery_fee_ranges
         FROM presets p JOIN preset_chefs pc ON pc.preset_id = p.id AND pc.position = 0 JOIN chefs c ON c.id = pc.chef_id
        WHERE p.id = ANY($1::bigint[])`,
      [ids],
    );
    expect(rows).toHaveLength(ids.length);
    for (const card of presets.all_presets) {
      const row = rows.find((r) => r.id === card.id)!;
      const km = haversineKm(TORONTO.lat, TORONTO.lng, row.latitude, row.longitude);
      const fee = deliveryFeeForDistance(
        row.delivery_fee_ranges.map((r) => ({ minKm: r.min_km, maxKm: r.max_km, feeCents: r.fee_cents })),
        km,
      );
      expect(card.delivery_fee_cents, card.name).toBe(fee);
      expect(card.minimum_order_cents).toBe(row.minimum_order_amount_cents);
      expect(card.rating_count).toBe(row.rating_count);
      expect(card.rating_count).toBeGreaterThan(0);
      expect(card.price_per_person_cents).toBe(row.price_per_person_cents);
      expect(card.price_level).toBe(priceLevel(row.price_per_person_cents));
    }
    // a fee needs an address
    const nowhere = await restaurants(WHEN);
    expect(nowhere.presets.all_presets.every((c) => c.delivery_fee_cents === null)).toBe(true);
  });

  it('gives every restaurant that cannot take the chosen time its next time, which it then takes', async () => {
    // Monday: at 6:00 AM before most open, at noon short of a 48-hour notice (now is Sunday 10:00)
    const reasons = new Set<string | null>();
    for (const time of ['06:00 AM', '12:00 PM']) {
      const listing = await restaurants(
        `${HERE}&delivery_date=2026-11-23&delivery_time=${encodeURIComponent(time)}&per_page=20`,
      );
      const unavailable = listing.presets.all_presets.filter((c) => !c.available_for_ordering);
      expect(unavailable.length).toBeGreaterThan(2);
      for (const card of unavailable) {
        reasons.add(card.unavailable_reason);
        expect(card.next_available, `${card.name} (${card.unavailable_reason})`).not.toBeNull();
        const next = card.next_available!;
        expect(wallTimeKey(next.delivery_date, next.delivery_time)).toBeGreaterThan(wallTimeKey('2026-11-23', time));
        // the listing at that time says it can deliver then
        const then = await restaurants(
          `${HERE}&delivery_date=${next.delivery_date}&delivery_time=${encodeURIComponent(next.delivery_time)}&per_page=50`,
        );
        const again = then.presets.all_presets.find((c) => c.id === card.id)!;
        expect(again.available_for_ordering, `${card.name} at ${next.text}`).toBe(true);
        expect(again.next_available).toBeNull();
      }
    }
    expect([...reasons]).toEqual(expect.arrayContaining(['notice', 'outside_hours']));
  });

  it('sorts restaurants by rating, popularity, price and soonest, over the same restaurants', async () => {
    const byDistance = await everyRestaurant(`${HERE}&${WHEN}`);
    expect(byDistance.all.length).toBe(byDistance.total);
    const sameSet = (cards: Card[]) =>
      expect(cards.map((c) => c.id).sort()).toEqual(byDistance.all.map((c) => c.id).sort());

    const rating = (await everyRestaurant(`${HERE}&${WHEN}&restaurant_sort=rating`)).all;
    sameSet(rating);
    for (let i = 1; i < rating.length; i++) {
      const [a, b] = [rating[i - 1]!, rating[i]!];
      expect(
        a.average_rating > b.average_rating ||
          (a.average_rating === b.average_rating && a.rating_count >= b.rating_count),
      ).toBe(true);
    }
    const popular = (await everyRestaurant(`${HERE}&${WHEN}&restaurant_sort=popularity`)).all;
    sameSet(popular);
    expect(popular.map((c) => c.order_count)).toEqual([...popular.map((c) => c.order_count)].sort((a, b) => b - a));
    const price = (await everyRestaurant(`${HERE}&${WHEN}&restaurant_sort=price`)).all;
    sameSet(price);
    const prices = price.map((c) => c.price_per_person_cents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    // soonest: those that take the chosen time first (nearest first), then by their next time
    const soonest = (await everyRestaurant(`${HERE}&${WHEN}&restaurant_sort=soonest`)).all;
    sameSet(soonest);
    const chosen = wallTimeKey('2026-11-29', '12:00 PM');
    const keys = soonest.map((c) =>
      c.available_for_ordering
        ? chosen
        : c.next_available
          ? wallTimeKey(c.next_available.delivery_date, c.next_available.delivery_time)
          : Infinity,
    );
    expect(keys).toEqual([...keys].sort((a, b) => a - b));
    expect(soonest.some((c) => !c.available_for_ordering)).toBe(true);
    const firstAvailable = soonest.filter((c) => c.available_for_ordering).map((c) => c.distance!);
    expect(firstAvailable).toEqual([...firstAvailable].sort((a, b) => a - b));
  });

  it('refuses an unknown sort or dietary need with 422', async () => {
    const badSort = await get(`/api/v2/search.json?search_type=restaurant&restaurant_sort=cheapest`);
    expect(badSort.statusCode).toBe(422);
    const badNeed = await get(`/api/v2/search.json?search_type=restaurant&dietary_types=Vegan,Paleo`);
    expect(badNeed.statusCode).toBe(422);
    expect(badNeed.json<{ messages: string[] }>().messages.join(' ')).toMatch(/Paleo/);
  });

  it("keeps the restaurants with a dish tagged for every dietary need chosen (the dishes' tags)", async () => {
    const { rows } = await ctx.db.query<{ id: number }>(
      `SELECT p.id::int AS id FROM presets p
        WHERE p.preset_type = 'restaurant' AND p.is_active
          AND earth_distance(p.location, ll_to_earth($1, $2)) <= 50000
          AND EXISTS (SELECT 1 FROM preset_chefs pc JOIN menus m ON m.chef_id = pc.chef_id AND NOT m.is_deleted
                       WHERE pc.preset_id = p.id AND 'Halal' = ANY(m.dietary_types))
          AND EXISTS (SELECT 1 FROM preset_chefs pc JOIN menus m ON m.chef_id = pc.chef_id AND NOT m.is_deleted
                       WHERE pc.preset_id = p.id AND 'Vegan' = ANY(m.dietary_types))`,
      [TORONTO.lat, TORONTO.lng],
    );
    expect(rows.length).toBeGreaterThan(0);
    const all = await everyRestaurant(HERE);
    expect(rows.length).toBeLessThan(all.total);
    for (const sort of ['distance', 'rating']) {
      const halalVegan = await everyRestaurant(`${HERE}&dietary_types=Halal,Vegan&restaurant_sort=${sort}`);
      expect(halalVegan.total).toBe(rows.length);
      expect(halalVegan.all.map((c) => c.id).sort()).toEqual(rows.map((r) => r.id).sort());
    }
  });

  it('keeps the presets whose dishes carry every dietary need chosen', async () => {
    const res = await get(`/api/v2/search?search_type=preset&${HERE}&dietary_types=Vegan,Halal&per_page=50`);
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      presets: { all_presets: [string, { id: number; dietary_types: string[] }[]][] };
      meta_data: { full_count: number };
    }>();
    const listed = body.presets.all_presets.flatMap(([, list]) => list);
    const { rows } = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM presets p
        WHERE p.preset_type = 'catering' AND p.is_active AND p.dietary_types @> '{Vegan,Halal}'
          AND earth_distance(p.location, ll_to_earth($1, $2)) <= 50000`,
      [TORONTO.lat, TORONTO.lng],
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
    expect(body.meta_data.full_count).toBe(rows[0]!.n);
    expect(listed.length).toBe(Math.min(50, rows[0]!.n));
    for (const p of listed) expect(p.dietary_types).toEqual(expect.arrayContaining(['Vegan', 'Halal']));
    // the preset's tags are its dishes' tags
    const { rows: dishes } = await ctx.db.query<{ id: number; tags: string[] }>(
      `SELECT pi.preset_id::int AS id, array_agg(DISTINCT d) AS tags
         FROM preset_items pi JOIN menus m ON m.id = pi.menu_id, unnest(m.dietary_types) d
        WHERE pi.preset_id = ANY($1::bigint[]) GROUP BY pi.preset_id`,
      [listed.map((p) => p.id)],
    );
    for (const d of dishes) expect(d.tags).toEqual(expect.arrayContaining(['Vegan', 'Halal']));
    expect(DIETARY_NEEDS).toContain('Kosher');
  });
});
