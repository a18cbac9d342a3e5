import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerDish, PartnerMenu } from '@caterway/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { withTransaction } from '../../db/pool.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { fixedClock } from '../../lib/clock.js';
import { signedInUser } from '../auth/auth.test-helpers.js';
import { applyOrderEvent } from '../order-lifecycle/lifecycle.repository.js';
import { auth } from '../order-lifecycle/lifecycle.test-helpers.js';
import {
  cards,
  orderPayload,
  restaurantFixture,
  sandboxCard,
  type RestaurantFixture,
} from '../orders/orders.test-helpers.js';
import { createPartnerRepository } from '../partner/partner.repository.js';

// Decision 052: a price change in the menu editor never alters a placed order (its lines, totals
// and invoice keep what it was charged; an edit reprices only what it adds), and a dish's own
// lead time refuses a delivery sooner than it, naming the dish.

const NOW = new Date('2026-03-02T14:00:00Z'); // a Monday, 9:00 in Toronto

describe('price changes and lead times of dishes', () => {
  let ctx: TestContext;
  let f: RestaurantFixture;
  let customer: string;
  let owner: string;
  const clock = fixedClock(NOW);

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    await ensureDemoData(ctx.db, { info() {}, warn() {} });
    f = await restaurantFixture(ctx.db);
    customer = (await signedInUser(ctx.app, ctx.db)).jwt;
    const cook = await signedInUser(ctx.app, ctx.db);
    await createPartnerRepository(ctx.db).addMember({ chefId: f.chef.id, userId: cook.id, role: 'owner' });
    owner = cook.jwt;
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });

  const menuUrl = () => `/api/v2/partner/restaurants/${f.chef.id}/menu`;
  const dishOf = async (id: number) =>
    (await ctx.app.inject({ method: 'GET', url: menuUrl(), headers: auth(owner) }))
      .json<PartnerMenu>()
      .categories.flatMap((c) => c.dishes)
      .find((d) => d.id === id)!;
  /** Changes a dish through the editor's API, as the portal does. */
  async function editDish(dish: PartnerDish, change: Partial<PartnerDish>) {
    const body = {
      name: dish.name,
      description: dish.description,
      price_cents: dish.price_cents,
      serves: dish.serves,
      min_order_amount: Math.max(1, dish.min_order_amount),
      menu_type: dish.menu_type,
      dietary_types: [],
      allergens: dish.allergens,
      lead_time_hours: dish.lead_time_hours,
      tax_category: dish.tax_category,
      category_name: dish.category_name,
      updated_at: dish.updated_at,
      ...change,
    };
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `${menuUrl()}/dishes/${dish.id}`,
      headers: auth(owner),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ dish: PartnerDish }>().dish;
  }

  async function placeOrder() {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/catering_orders',
      headers: auth(customer),
      payload: { catering_order: orderPayload(f, NOW), is_eft: false },
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json().catering_order;
    const pm = await sandboxCard(ctx.deps.payments, cards.ok);
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/catering_orders/${order.id}/finalize`,
      payload: { purchase_id: order.purchase_id, payment_method_id: pm },
      headers: { ...auth(customer), 'idempotency-key': crypto.randomUUID() },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await withTransaction(ctx.db, (tx) =>
      applyOrderEvent(tx, { orderId: order.id, event: 'accept', actor: 'staff', actorUserId: null, now: clock.now() }),
    );
    return order.id as number;
  }
  const detail = async (id: number) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/v2/catering_orders/${id}`, headers: auth(customer) })).json()
      .catering_order;

  it('keeps a placed order’s prices, totals and invoice; an edit prices only what it adds', async () => {
    const orderId = await placeOrder();
    const before = await detail(orderId);
    const line = before.preset_items[0];
    const dish = await dishOf(line.menu_id);
    expect(dish.price_cents).toBe(line.price_cents);

    // the restaurant raises the dish and the price of one of its options
    const raised = await editDish(dish, { price_cents: dish.price_cents + 700 });
    const option = raised.options[0];
    if (option) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `${menuUrl()}/dishes/${dish.id}/options/${option.id}`,
        headers: auth(owner),
        payload: { name: option.name, price_cents: option.price_cents + 250, max_quantity: option.max_quantity },
      });
      expect(res.statusCode).toBe(200);
    }

    // the order and its totals are as placed
    const after = await detail(orderId);
    expect(after.preset_items[0].price_cents).toBe(line.price_cents);
    expect(after.totals).toEqual(before.totals);

    // one more of the line: at the price it was placed at, its options too
    const payload = orderPayload(f, NOW);
    const first = payload.preset_items[0]!;
    first.quantity += 1;
    const mapping = first.menu_items_mapping ?? {};
    for (const k of Object.keys(mapping)) mapping[k]! += 1;
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v2/catering_orders/${orderId}`,
      headers: auth(customer),
      payload: { catering_order: payload, is_eft: false },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const items = await ctx.db.query<{ unit_price_cents: number; menu_items: { id: number; price_cents: number }[] }>(
      'SELECT unit_price_cents, menu_items FROM catering_order_items WHERE catering_order_id = $1 AND menu_id = $2',
      [orderId, dish.id],
    );
    expect(items.rows[0]!.unit_price_cents).toBe(line.price_cents);
    if (option) {
      const kept = items.rows[0]!.menu_items.find((i) => i.id === option.id);
      if (kept) expect(kept.price_cents).toBe(option.price_cents);
    }
    const perUnit = line.line_subtotal_cents / line.quantity;
    const edited2 = await detail(orderId);
    expect(edited2.totals.subtotal_cents).toBe(before.totals.subtotal_cents + perUnit);

    // its invoice (issued once the kitchen has it ready) charges what the order says
    await withTransaction(ctx.db, (tx) =>
      applyOrderEvent(tx, {
        orderId,
        event: 'mark_delivery_ready',
        actor: 'staff',
        actorUserId: null,
        now: clock.now(),
      }),
    );
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/catering_order_invoices/${orderId}.pdf`,
      headers: auth(customer),
    });
    expect(pdf.statusCode).toBe(200);
    const { rows } = await ctx.db.query<{ total_cents: number }>(
      'SELECT total_cents FROM invoices WHERE catering_order_id = $1',
      [orderId],
    );
    expect(rows[0]!.total_cents).toBe(edited2.totals.total_cents);

    // a new order takes the new price
    const fresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/catering_orders',
      headers: auth(customer),
      payload: { catering_order: orderPayload(f, NOW), is_eft: false },
    });
    expect(fresh.statusCode, fresh.body).toBe(201);
    const newItems = await ctx.db.query<{ unit_price_cents: number }>(
      'SELECT unit_price_cents FROM catering_order_items WHERE catering_order_id = $1 AND menu_id = $2',
      [fresh.json().catering_order.id, dish.id],
    );
    expect(newItems.rows[0]!.unit_price_cents).toBe(dish.price_cents + 700);
  });

  it('keeps a saved cart’s prices as saved; after the editor’s change it reads both, and checks out at today’s', async () => {
    // the customer saves the fixture's cart, options included, sending a price of their own
    const lines = orderPayload(f, NOW).preset_items;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/presets',
      headers: auth(customer),
      payload: {
        preset: {
          preset_type: 'save_for_later',
          base_preset_id: f.presetId,
          name: 'Saved before the price change',
          preset_items: lines.map((l) => ({ ...l, price_cents: 1, saved_unit_price_cents: 1 })),
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json().preset as { id: number; slug: string };
    type ReadLine = { menu_id: number; price_cents: number; saved_unit_price_cents: number | null };
    const read = async () => {
      const detail = await ctx.app.inject({
        method: 'GET',
        url: `/api/v2/presets/${saved.slug}`,
        headers: auth(customer),
      });
      expect(detail.statusCode, detail.body).toBe(200);
      return detail.json().preset.preset_items as ReadLine[];
    };

    // the dish's price as the catalogue had it, without what its options add (as a device cart keeps it)
    const dish = await dishOf(lines[0]!.menu_id);
    const before = await read();
    expect(before).toHaveLength(lines.length);
    for (const item of before) expect(item.saved_unit_price_cents).toBe(item.price_cents);
    expect(before.find((i) => i.menu_id === dish.id)).toMatchObject({
      price_cents: dish.price_cents,
      saved_unit_price_cents: dish.price_cents,
    });

    // the owner raises the dish in the menu editor: the saved cart answers the old price beside the new
    await editDish(dish, { price_cents: dish.price_cents + 325 });
    const after = await read();
    expect(after.find((i) => i.menu_id === dish.id)).toMatchObject({
      price_cents: dish.price_cents + 325,
      saved_unit_price_cents: dish.price_cents,
    });
    for (const item of after.filter((i) => i.menu_id !== dish.id))
      expect(item.saved_unit_price_cents).toBe(item.price_cents);

    // the notice is information: the saved cart's checkout charges today's price
    const order = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/catering_orders',
      headers: auth(customer),
      payload: { catering_order: orderPayload(f, NOW, { preset_id: saved.id }), is_eft: false },
    });
    expect(order.statusCode, order.body).toBe(201);
    const charged = await ctx.db.query<{ unit_price_cents: number }>(
      'SELECT unit_price_cents FROM catering_order_items WHERE catering_order_id = $1 AND menu_id = $2',
      [order.json().catering_order.id, dish.id],
    );
    expect(charged.rows[0]!.unit_price_cents).toBe(dish.price_cents + 325);

    // a line saved before migration 051 has no price of its own: it reads null (no notice)
    await ctx.db.query('UPDATE preset_items SET saved_unit_price_cents = NULL WHERE preset_id = $1', [saved.id]);
    expect((await read()).every((i) => i.saved_unit_price_cents === null)).toBe(true);
  });

  it('refuses a delivery sooner than a dish’s own lead time, naming the dish', async () => {
    const payload = orderPayload(f, NOW);
    const dish = await dishOf(payload.preset_items[0]!.menu_id);
    // the fixture's slot is the restaurant's notice away; the dish asks two weeks
    await editDish(dish, { lead_time_hours: 336 });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/catering_orders',
      headers: auth(customer),
      payload: { catering_order: payload, is_eft: false },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().messages).toContain(
      `${dish.name} requires 336 hours notice, please select a delivery date and time that meets the minimum lead time`,
    );
    // back to the restaurant's notice: the same order goes through
    await editDish(await dishOf(dish.id), { lead_time_hours: null });
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/catering_orders',
      headers: auth(customer),
      payload: { catering_order: payload, is_eft: false },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
  });
});
