import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeTotals, messages } from '@caterway/domain';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { fixedClock } from '../../lib/clock.js';
import { signedInUser } from '../auth/auth.test-helpers.js';
import { orderPayload, restaurantFixture, type RestaurantFixture } from './orders.test-helpers.js';

// The tax of the place of supply (issue 17; docs/decisions/033): the delivery address's
// province or state (and US city) for a delivery, the restaurant's for a pickup, each tax its own
// rounded line. Every case goes through POST api/v2/catering_orders against the demo catalogue;
// the delivery points are real places the offline gazetteer knows.

const NOW = new Date('2026-12-01T15:00:00Z');
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

type Line = { name: string; rate_percent: number; cents: number; jurisdiction: string | null };
type Totals = {
  subtotal_cents: number;
  delivery_fee_cents: number;
  cutlery_cents: number;
  tax_cents: number;
  tip_cents: number;
  total_cents: number;
  tax_name: string;
  tax_rate: number;
  tax_lines: Line[];
};

describe('tax by place of supply', () => {
  let ctx: TestContext;
  let jwt: string;
  const fixtures = new Map<string, RestaurantFixture>();

  beforeAll(async () => {
    ctx = await createTestApp({ clock: fixedClock(NOW) });
    await ensureDemoData(ctx.db, quiet);
    jwt = (await signedInUser(ctx.app, ctx.db)).jwt;
    for (const city of ['Toronto', 'Ottawa', 'Montreal', 'Vancouver', 'New York', 'Seattle']) {
      const f = await restaurantFixture(ctx.db, { city });
      // a wide area, so each cross-border point below is deliverable and the tax is what is tested
      await ctx.db.query(
        `UPDATE chefs SET delivery_radius_km = 60, delivery_fee_ranges = '[{"min_km":0,"max_km":60,"fee_cents":1500}]' WHERE id = $1`,
        [f.chef.id],
      );
      fixtures.set(city, f);
    }
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  async function order(
    city: string,
    overrides: Record<string, unknown>,
  ): Promise<{ status: number; totals: Totals; body: string }> {
    const f = fixtures.get(city)!;
    const payload = { ...orderPayload(f, NOW), num_cutlery: 7, ...overrides };
    delete (payload as { delivery_fee?: number }).delivery_fee;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/catering_orders',
      headers: { authorization: `Bearer ${jwt}` },
      payload: { catering_order: payload, is_eft: false },
    });
    return { status: res.statusCode, totals: res.json().catering_order?.totals, body: res.body };
  }
  const deliverTo = (latitude: number, longitude: number, address: string) => ({
    receiving_method: 'delivery',
    latitude,
    longitude,
    delivery_address: address,
  });
  const pickup = (city: string) => {
    const slot = orderPayload(fixtures.get(city)!, NOW);
    return {
      receiving_method: 'pickup',
      pickup_date: slot.delivery_date,
      pickup_time: slot.delivery_time,
      pickup_instruction: 'Front counter',
    };
  };

  /** The lines add up, each within half a cent of its exact value, and match the expected taxes. */
  function expectTaxes(t: Totals, expected: [string, number, string | null][]) {
    expect(t.tax_lines.map((l) => [l.name, l.rate_percent, l.jurisdiction])).toEqual(expected);
    const base = t.subtotal_cents + t.delivery_fee_cents + t.cutlery_cents;
    const again = computeTotals({
      lines: [{ unitPriceCents: t.subtotal_cents, quantity: 1, menuItems: [] }],
      receivingMethod: 'pickup',
      deliveryFeeCents: 0,
      cutleryCount: 0,
      taxes: expected.map(([name, ratePercent]) => ({ name, ratePercent })),
    });
    for (const [i, l] of t.tax_lines.entries()) {
      expect(Math.abs(l.cents - (base * l.rate_percent) / 100)).toBeLessThanOrEqual(0.5);
      if (t.delivery_fee_cents + t.cutlery_cents === 0) expect(l.cents).toBe(again.taxLines[i]!.cents);
    }
    expect(t.tax_cents).toBe(t.tax_lines.reduce((s, l) => s + l.cents, 0));
    expect(t.total_cents).toBe(base + t.tax_cents + t.tip_cents);
    expect(t.tax_name).toBe(expected.map(([n]) => n).join('+'));
  }

  it('Ontario: a Toronto delivery pays HST 13%', async () => {
    const r = await order('Toronto', {});
    expect(r.status, r.body).toBe(201);
    expectTaxes(r.totals, [['HST', 13, null]]);
  });

  it('Quebec: a Montreal pickup pays GST 5% and QST 9.975%, two lines each rounded', async () => {
    const r = await order('Montreal', pickup('Montreal'));
    expect(r.status, r.body).toBe(201);
    expectTaxes(r.totals, [
      ['GST', 5, null],
      ['QST', 9.975, null],
    ]);
    expect(r.totals.tax_rate).toBe(14.975);
  });

  it('British Columbia: a Vancouver delivery pays GST 5% only (no PST on prepared food)', async () => {
    const r = await order('Vancouver', deliverTo(49.2827, -123.1207, '800 Robson St, Vancouver, BC'));
    expect(r.status, r.body).toBe(201);
    expectTaxes(r.totals, [['GST', 5, null]]);
  });

  it('British Columbia: soft drinks in the cart add PST 7% on their price alone (soda beverages since 2021-04-01)', async () => {
    const f = await restaurantFixture(ctx.db, { city: 'Vancouver', sellsSoda: true });
    const { rows } = await ctx.db.query<{ id: number; price_cents: number; min_order_amount: number }>(
      `SELECT id, price_cents, min_order_amount FROM menus WHERE chef_id = $1 AND tax_category = 'soda_beverage' AND NOT is_deleted ORDER BY id LIMIT 1`,
      [f.chef.id],
    );
    const soda = rows[0]!;
    const quantity = Math.max(10, soda.min_order_amount);
    // the drink with its first option (each option chosen for every can), as the cart sends it
    const { rows: options } = await ctx.db.query<{ id: number; price_cents: number }>(
      'SELECT id, price_cents FROM menu_items WHERE menu_id = $1 ORDER BY id LIMIT 1',
      [soda.id],
    );
    const option = options[0];
    const mapping = option ? { [String(option.id)]: quantity } : {};
    const sodaCents = soda.price_cents * quantity + (option ? option.price_cents * quantity : 0);
    const payload = orderPayload(f, NOW);
    const withSoda = {
      ...payload,
      preset_items: [
        ...payload.preset_items,
        {
          id: 'soda',
          menu_id: soda.id,
          quantity,
          menu_items_mapping: mapping,
          special_instruction: '',
          serving_details: [],
        },
      ],
    };
    delete (withSoda as { delivery_fee?: number }).delivery_fee;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/catering_orders',
      headers: { authorization: `Bearer ${jwt}` },
      payload: { catering_order: withSoda, is_eft: false },
    });
    expect(res.statusCode, res.body).toBe(201);
    const t: Totals = res.json().catering_order.totals;
    const base = t.subtotal_cents + t.delivery_fee_cents + t.cutlery_cents;
    expect(t.tax_lines).toEqual([
      { name: 'GST', rate_percent: 5, cents: Math.floor((base * 5) / 100 + 0.5), jurisdiction: null },
      {
        name: 'PST (soda beverages)',
        rate_percent: 7,
        cents: Math.floor((sodaCents * 7) / 100 + 0.5),
        jurisdiction: null,
      },
    ]);
    // the order's combined name and rate are those of the whole order: GST 5%
    expect({ name: t.tax_name, rate: t.tax_rate }).toEqual({ name: 'GST', rate: 5 });
    expect(t.total_cents).toBe(base + t.tax_cents + t.tip_cents);
  });

  it('Washington: a Seattle delivery pays 10.55%, a Bellevue one 10.3%', async () => {
    const seattle = await order('Seattle', deliverTo(47.6062, -122.3321, '600 4th Ave, Seattle, WA'));
    expect(seattle.status, seattle.body).toBe(201);
    expectTaxes(seattle.totals, [['Sales Tax', 10.55, 'Seattle, WA']]);
    const bellevue = await order('Seattle', deliverTo(47.6101, -122.2015, '450 110th Ave NE, Bellevue, WA'));
    expect(bellevue.status, bellevue.body).toBe(201);
    expectTaxes(bellevue.totals, [['Sales Tax', 10.3, 'Bellevue, WA']]);
  });

  it('New York: a Manhattan delivery pays 8.875%', async () => {
    const r = await order('New York', deliverTo(40.7484, -73.9857, '350 5th Ave, New York, NY'));
    expect(r.status, r.body).toBe(201);
    expectTaxes(r.totals, [['Sales Tax', 8.875, 'New York City, NY']]);
  });

  describe('cross-border: the delivery address decides, the restaurant only for pickup', () => {
    it('an Ottawa restaurant delivering to Gatineau charges Quebec GST + QST', async () => {
      const r = await order('Ottawa', deliverTo(45.4765, -75.7013, '25 Rue Laurier, Gatineau, QC'));
      expect(r.status, r.body).toBe(201);
      expectTaxes(r.totals, [
        ['GST', 5, null],
        ['QST', 9.975, null],
      ]);
    });

    it('a Gatineau restaurant delivering to Ottawa charges Ontario HST; its pickup charges GST + QST', async () => {
      const f = fixtures.get('Ottawa')!;
      await ctx.db.query(
        `UPDATE chefs SET province = 'QC', city = 'Gatineau', zip = 'J8X 3X5', latitude = 45.4765, longitude = -75.7013 WHERE id = $1`,
        [f.chef.id],
      );
      try {
        const delivered = await order('Ottawa', deliverTo(45.4215, -75.6972, '111 Wellington St, Ottawa, ON'));
        expect(delivered.status, delivered.body).toBe(201);
        expectTaxes(delivered.totals, [['HST', 13, null]]);
        const picked = await order('Ottawa', pickup('Ottawa'));
        expect(picked.status, picked.body).toBe(201);
        expectTaxes(picked.totals, [
          ['GST', 5, null],
          ['QST', 9.975, null],
        ]);
      } finally {
        await ctx.db.query(
          `UPDATE chefs SET province = 'ON', city = 'Ottawa', latitude = $2, longitude = $3 WHERE id = $1`,
          [f.chef.id, f.chef.latitude, f.chef.longitude],
        );
      }
    });

    it('a New York restaurant delivering to Jersey City charges New Jersey 6.625%', async () => {
      const r = await order('New York', deliverTo(40.7178, -74.0431, '30 Montgomery St, Jersey City, NJ'));
      expect(r.status, r.body).toBe(201);
      expectTaxes(r.totals, [['Sales Tax', 6.625, 'New Jersey, NJ']]);
    });

    it('a delivery to a US city without a rate in the table is refused, not guessed', async () => {
      const r = await order('Seattle', deliverTo(47.5707, -122.2221, '7800 SE 27th St, Mercer Island, WA'));
      expect(r.status).toBe(422);
      expect(r.body).toContain(messages.taxNotSetUp);
    });
  });

  it('a tip is added after tax, untaxed, as its own amount', async () => {
    const without = await order('Toronto', {});
    const tipped = await order('Toronto', { tip_percent: 15 });
    expect(tipped.status, tipped.body).toBe(201);
    expect(tipped.totals.tax_cents).toBe(without.totals.tax_cents);
    expect(tipped.totals.tip_cents).toBe(Math.floor((tipped.totals.subtotal_cents * 15) / 100 + 0.5));
    expect(tipped.totals.total_cents).toBe(without.totals.total_cents + tipped.totals.tip_cents);
    const both = await order('Toronto', { tip_percent: 10, tip_cents: 500 });
    expect(both.status).toBe(422);
    expect(both.body).toContain('Choose a tip percent or an amount, not both.');
  });

  it('the preset answers the combined rate and the lines of the delivery address', async () => {
    const f = fixtures.get('Ottawa')!;
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/presets/${f.presetId}?lat=45.4765&lng=-75.7013`,
    });
    expect(detail.statusCode).toBe(200);
    const preset = detail.json().preset;
    expect({ name: preset.tax_name, rate: preset.tax_rate }).toEqual({ name: 'GST+QST', rate: 14.975 });
    expect(preset.tax_lines).toEqual([
      { name: 'GST', rate_percent: 5, jurisdiction: null, only_on: null },
      { name: 'QST', rate_percent: 9.975, jurisdiction: null, only_on: null },
    ]);
    const home = (await ctx.app.inject({ method: 'GET', url: `/api/v2/presets/${f.presetId}` })).json().preset;
    expect({ name: home.tax_name, rate: home.tax_rate }).toEqual({ name: 'HST', rate: 13 });
  });
});
