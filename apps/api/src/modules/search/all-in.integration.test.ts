import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxOn } from '@caterway/domain';
import { createDemoTestApp, type TestContext } from '../../../test/helpers.js';

// Issue 20 §1 (decision 071): every restaurant and preset card carries the all-in price per
// person for the chosen address and headcount, computed on the server.

// Sunday 2026-11-22, 10:00 in Toronto; the delivery a week on, at noon
const NOW = new Date('2026-11-22T15:00:00Z');
const HERE = 'lat=43.6487&lng=-79.3817';
const WHEN = 'delivery_date=2026-11-29&delivery_time=12%3A00%20PM';

interface Card {
  id: number;
  slug: string;
  number_of_guests?: number;
  delivery_fee_cents?: number | null;
  all_in_per_person_cents: number | null;
  all_in_heads: number;
}

describe('the all-in price per person on the cards', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createDemoTestApp(NOW);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  const restaurants = async (query: string) => {
    const res = await get(`/api/v2/search.json?search_type=restaurant&per_page=12&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ presets: { all_presets: Card[] } }>().presets.all_presets;
  };
  const presets = async (query: string) => {
    const res = await get(`/api/v2/search.json?search_type=preset&per_page=12&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ presets: { all_presets: [string, Card[]][] } }>().presets.all_presets.flatMap(([, c]) => c);
  };
  /** What the card's basis is: the preset's default cart, guests and minimum, from the database. */
  const basis = async (id: number) => {
    const { rows } = await ctx.db.query<{ total: string; guests: number; minimum: number }>(
      `SELECT COALESCE((SELECT SUM(pi.quantity * m.price_cents) FROM preset_items pi JOIN menus m ON m.id = pi.menu_id
                         WHERE pi.preset_id = p.id), 0) AS total,
              p.number_of_guests AS guests, p.minimum_order_amount_cents AS minimum
         FROM presets p WHERE p.id = $1`,
      [id],
    );
    const lines = await ctx.db.query<{ quantity: number; price: number; serves: number; min: number }>(
      `SELECT pi.quantity, m.price_cents AS price, m.serves, m.min_order_amount AS min
         FROM preset_items pi JOIN menus m ON m.id = pi.menu_id WHERE pi.preset_id = $1`,
      [id],
    );
    /**
     * The default cart scaled to `heads` as the storefront's cart does (decision 070), worked by
     * hand: every chosen line times heads / the servings the cart feeds, rounded up, at least the
     * dish's minimum.
     */
    const foodFor = (heads: number) => {
      const feeds = lines.rows.reduce((sum, l) => sum + l.quantity * Math.max(1, l.serves), 0);
      return lines.rows.reduce((sum, l) => {
        if (l.quantity <= 0) return sum;
        const quantity = Math.max(Math.max(1, l.min), Math.ceil((l.quantity * heads) / feeds));
        return sum + quantity * l.price;
      }, 0);
    };
    return { total: Number(rows[0]!.total), guests: rows[0]!.guests, minimum: rows[0]!.minimum, foodFor };
  };
  /** Worked by hand for Toronto: (food + fee + 50 cents a head + HST 13% of all three) / heads, rounded up. */
  const ontarioShare = (food: number, fee: number, heads: number, minimum: number) => {
    const taxable = food + fee + 50 * heads;
    return Math.ceil(Math.max(taxable + taxOn(taxable, 13), minimum) / heads);
  };

  it('restaurants: food for the headcount + delivery + cutlery + HST, per head, in Toronto', async () => {
    const cards = await restaurants(`${HERE}&${WHEN}&headcount=40`);
    const priced = cards.filter((c) => c.delivery_fee_cents !== null);
    expect(priced.length).toBeGreaterThan(3);
    for (const card of priced) {
      const b = await basis(card.id);
      const food = b.foodFor(40);
      expect(card.all_in_heads).toBe(40);
      expect(card.all_in_per_person_cents, card.slug).toBe(ontarioShare(food, card.delivery_fee_cents!, 40, b.minimum));
    }
  });

  it('presets without a headcount: their own default cart for their own guests', async () => {
    const cards = await presets(`${HERE}&${WHEN}`);
    expect(cards.length).toBeGreaterThan(3);
    for (const card of cards.slice(0, 4)) {
      const res = await get(`/api/v2/presets/${card.slug}?${HERE}&${WHEN}`);
      expect(res.statusCode).toBe(200);
      const detail = res.json<{ preset: Card & { number_of_guests: number } }>().preset;
      // the detail answer carries the same figure as the card (its visitor fields)
      expect(detail.all_in_per_person_cents).toBe(card.all_in_per_person_cents);
      expect(card.all_in_heads).toBe(detail.number_of_guests);
    }
    for (const card of cards.slice(0, 4)) {
      const b = await basis(card.id);
      const fee = await feeOf(card.id);
      expect(card.all_in_per_person_cents, card.slug).toBe(ontarioShare(b.total, fee, b.guests, b.minimum));
    }
  });

  /** The checkout's delivery fee for the Toronto point: the delivery fee answer of the preset's first restaurant. */
  const feeOf = async (presetId: number) => {
    const { rows } = await ctx.db.query<{ chef_id: string }>(
      'SELECT chef_id FROM preset_chefs WHERE preset_id = $1 ORDER BY position LIMIT 1',
      [presetId],
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/delivery_fee_by_distance',
      payload: { chef_id: Number(rows[0]!.chef_id), user_lat: 43.6487, user_lng: -79.3817 },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ delivery_fee: number }>().delivery_fee;
  };

  it('Quebec: GST and QST each rounded on its own', async () => {
    const MONTREAL = 'lat=45.5017&lng=-73.5673';
    const cards = (await restaurants(`${MONTREAL}&headcount=25`)).filter((c) => c.delivery_fee_cents !== null);
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards.slice(0, 3)) {
      const b = await basis(card.id);
      const food = b.foodFor(25);
      const taxable = food + card.delivery_fee_cents! + 50 * 25;
      const total = taxable + taxOn(taxable, 5) + taxOn(taxable, 9.975);
      expect(card.all_in_per_person_cents).toBe(Math.ceil(Math.max(total, b.minimum) / 25));
    }
  });

  it('without an address there is no figure, never a guess', async () => {
    for (const card of [...(await restaurants(`${WHEN}&headcount=40`)), ...(await presets(WHEN))]) {
      expect(card.all_in_per_person_cents).toBeNull();
      expect(card.all_in_heads).toBeGreaterThan(0);
    }
  });

  it('refuses a headcount that is not 1 to 2,000 people', async () => {
    for (const bad of ['0', '2001', '2.5', 'many']) {
      const res = await get(`/api/v2/search.json?search_type=restaurant&${HERE}&headcount=${bad}`);
      expect(res.statusCode, bad).toBe(422);
    }
  });
});
