// Browser and server agree to the cent (cart issue, item 2): for random carts, the totals the
// storefront computes from what the API gives it (the preset detail's menus and prices, the
// delivery-fee answer, the tax rate) with the shared priceCart + computeTotals equal the totals
// the server charges when it creates the order.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeTotals, priceCart, type PricingMenu, type TaxComponent } from '@caterway/domain';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { fixedClock } from '../../lib/clock.js';
import { signedInUser } from '../auth/auth.test-helpers.js';
import { orderPayload, restaurantFixture, type RestaurantFixture } from './orders.test-helpers.js';

const NOW = new Date('2026-03-02T14:00:00Z');
const quiet = { info() {}, warn() {} };

interface WireMenu {
  id: number;
  price_cents: number;
  is_deleted: boolean;
  tax_category: 'prepared_food' | 'soda_beverage';
  menu_items: { id: number; price_cents: number }[];
}

describe('browser and server totals', () => {
  let ctx: TestContext;
  let f: RestaurantFixture;
  let jwt: string;
  let menus: Map<number, PricingMenu>;
  let taxes: TaxComponent[];
  let deliveryFee: number;

  beforeAll(async () => {
    ctx = await createTestApp({ clock: fixedClock(NOW) });
    await ensureDemoData(ctx.db, quiet);
    f = await restaurantFixture(ctx.db, { presetType: 'catering' });
    jwt = (await signedInUser(ctx.app, ctx.db)).jwt;
    // what the storefront receives
    const preset = (await ctx.app.inject({ method: 'GET', url: `/api/v2/presets/${f.presetId}` })).json().preset;
    taxes = (
      preset.tax_lines as {
        name: string;
        rate_percent: number;
        jurisdiction: string | null;
        only_on: TaxComponent['onlyOn'];
      }[]
    ).map((t) => ({
      name: t.name,
      ratePercent: t.rate_percent,
      jurisdiction: t.jurisdiction,
      onlyOn: t.only_on,
    }));
    menus = new Map(
      (preset.chefs as { menus: WireMenu[] }[])
        .flatMap((c) => c.menus)
        .map((m) => [
          m.id,
          {
            id: m.id,
            priceCents: m.price_cents,
            isDeleted: m.is_deleted,
            taxCategory: m.tax_category,
            menuItems: m.menu_items.map((i) => ({ id: i.id, priceCents: i.price_cents })),
          },
        ]),
    );
    const base = orderPayload(f, NOW);
    const fee = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/delivery_fee_by_distance',
      payload: { chef_id: f.chef.id, user_lat: base.latitude, user_lng: base.longitude },
    });
    deliveryFee = fee.json().delivery_fee;
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });

  it('match to the cent for random carts, cutlery and receiving methods (property)', async () => {
    const base = orderPayload(f, NOW);
    await fc.assert(
      fc.asyncProperty(
        // scale each default line (which meets every minimum) up by 1..5, so the cart stays valid
        fc.array(fc.integer({ min: 1, max: 5 }), {
          minLength: base.preset_items.length,
          maxLength: base.preset_items.length,
        }),
        fc.integer({ min: 0, max: 120 }),
        fc.constantFrom<'delivery' | 'pickup'>('delivery', 'pickup'),
        async (factors, cutlery, receivingMethod) => {
          const lines = base.preset_items.map((l, i) => ({
            ...l,
            quantity: l.quantity * factors[i]!,
            menu_items_mapping: Object.fromEntries(
              Object.entries(l.menu_items_mapping ?? {}).map(([id, q]) => [id, q * factors[i]!]),
            ),
            price_cents: 1, // a forged browser price: ignored by the server
          }));
          const payload = {
            ...base,
            preset_items: lines,
            num_cutlery: cutlery,
            receiving_method: receivingMethod,
            delivery_fee: deliveryFee, // the fee the storefront showed (a different one is refused)
            ...(receivingMethod === 'pickup'
              ? { pickup_date: base.delivery_date, pickup_time: base.delivery_time, pickup_instruction: 'Lobby' }
              : {}),
          };
          const browser = computeTotals({
            lines: priceCart(
              lines.map((l) => ({ menuId: l.menu_id, quantity: l.quantity, menuItemsMapping: l.menu_items_mapping })),
              menus,
            ),
            receivingMethod,
            deliveryFeeCents: deliveryFee,
            cutleryCount: cutlery,
            taxes,
          });
          const res = await ctx.app.inject({
            method: 'POST',
            url: '/api/v2/catering_orders',
            headers: { authorization: `Bearer ${jwt}` },
            payload: { catering_order: payload, is_eft: false },
          });
          expect(res.statusCode, res.body).toBe(201);
          const server = res.json().catering_order.totals;
          expect({
            subtotalCents: server.subtotal_cents,
            deliveryFeeCents: server.delivery_fee_cents,
            cutleryCents: server.cutlery_cents,
            taxCents: server.tax_cents,
            totalCents: server.total_cents,
            taxLines: server.tax_lines.map(
              (l: { name: string; rate_percent: number; cents: number; jurisdiction: string | null }) => ({
                name: l.name,
                ratePercent: l.rate_percent,
                cents: l.cents,
                jurisdiction: l.jurisdiction,
              }),
            ),
            tipCents: server.tip_cents,
          }).toEqual(browser);
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});
