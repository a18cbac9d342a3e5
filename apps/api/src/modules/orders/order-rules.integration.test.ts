// Issue 15 §1 and §4: sides tied to their dish, the 90-day horizon, and a failed save-card that
// no longer blocks the checkout. Every path that takes a cart or a date: checkout create and
// update, the edit of a placed order, the add-on cart, and finalize.
import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lastOrderableDate, messages, MAX_DAYS_AHEAD } from '@caterway/domain';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { withTransaction } from '../../db/pool.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { fixedClock } from '../../lib/clock.js';
import { signedInUser } from '../auth/auth.test-helpers.js';
import { applyOrderEvent } from '../order-lifecycle/lifecycle.repository.js';
import { auth, placeOrder } from '../order-lifecycle/lifecycle.test-helpers.js';
import {
  cards,
  deliverySlot,
  orderPayload,
  restaurantFixture,
  sandboxCard,
  type RestaurantFixture,
} from './orders.test-helpers.js';

const NOW = new Date('2026-03-02T14:00:00Z'); // a Monday, 9:00 in Toronto
const quiet = { info() {}, warn() {}, error() {} };
type OrderPayload = ReturnType<typeof orderPayload>;

describe('order rules of issue 15', () => {
  let ctx: TestContext;
  let f: RestaurantFixture;
  let jwt: string;
  const clock = fixedClock(NOW);
  /** a line of the default cart whose dish has menu items, and its dish's name and first item's */
  let sided: { index: number; menuName: string; itemId: string };

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    await ensureDemoData(ctx.db, quiet);
    f = await restaurantFixture(ctx.db);
    jwt = (await signedInUser(ctx.app, ctx.db)).jwt;
    const index = f.lines.findIndex((l) => (f.menus.get(l.menu_id)?.items.length ?? 0) > 0);
    expect(index).toBeGreaterThanOrEqual(0);
    const menu = f.menus.get(f.lines[index]!.menu_id)!;
    sided = { index, menuName: menu.name, itemId: String(menu.items[0]!.id) };
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(() => clock.set(NOW));

  const send = (method: 'POST' | 'PUT', url: string, payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method, url, payload: payload as object, headers: { ...auth(jwt), ...headers } });
  const create = (payload: OrderPayload) =>
    send('POST', '/api/v2/catering_orders', { catering_order: payload, is_eft: false });
  const update = (id: number, payload: OrderPayload) =>
    send('PUT', `/api/v2/catering_orders/${id}`, { catering_order: payload, is_eft: false });

  /** The default cart with the sided line at `quantity` dishes and `items` of each of its menu items. */
  function withSides(quantity: number, items: number, over: Partial<OrderPayload> = {}): OrderPayload {
    const payload = orderPayload(f, NOW, over);
    const line = payload.preset_items[sided.index]!;
    line.quantity = quantity;
    line.menu_items_mapping = Object.fromEntries(f.menus.get(line.menu_id)!.items.map((i) => [String(i.id), items]));
    return payload;
  }
  const needDish = () => messages.sidesNeedDish(sided.menuName);

  async function placedAndAccepted() {
    const order = await placeOrder(ctx, f, jwt, NOW);
    await withTransaction(ctx.db, (tx) =>
      applyOrderEvent(tx, { orderId: order.id, event: 'accept', actor: 'staff', actorUserId: null, now: clock.now() }),
    );
    return order;
  }

  describe('sides belong to their dish', () => {
    it('refuses a line of 0 dishes with 300 of each side at checkout create, naming the dish (it used to be charged nothing for the dish)', async () => {
      const res = await create(withSides(0, 300));
      expect(res.statusCode).toBe(422);
      expect(res.json().messages).toContain(needDish());
      expect(res.json().messages.join(' ')).toContain(
        `${sided.menuName}: sides and options need at least one of the dish`,
      );
    });

    it('refuses more of a side than of its dish, and accepts exactly as many', async () => {
      const over = await create(withSides(12, 13));
      expect(over.statusCode).toBe(422);
      expect(
        over
          .json()
          .messages.some(
            (m: string) =>
              m.startsWith(`${sided.menuName}: `) && m.includes('cannot be more than the dish quantity (12)'),
          ),
      ).toBe(true);
      const ok = await create(withSides(f.lines[sided.index]!.quantity, f.lines[sided.index]!.quantity));
      expect(ok.statusCode, ok.body).toBe(201);
    });

    it('refuses it on the checkout update, the edit of a placed order and the add-on cart', async () => {
      const draft = (await create(orderPayload(f, NOW))).json().catering_order;
      const updated = await update(draft.id, withSides(0, 300));
      expect([updated.statusCode, updated.json().messages]).toEqual([422, expect.arrayContaining([needDish()])]);

      const order = await placedAndAccepted();
      const edited = await update(order.id, withSides(0, 300));
      expect([edited.statusCode, edited.json().messages]).toEqual([422, expect.arrayContaining([needDish()])]);

      const child = (await send('POST', `/api/v2/catering_orders/${order.id}/add_on_order`, undefined)).json();
      const { rows } = await ctx.db.query('SELECT purchase_id FROM catering_orders WHERE id = $1', [child.id]);
      const line = withSides(0, 300).preset_items[sided.index]!;
      const cart = {
        preset_items: [line],
        num_cutlery: 0,
        serving_style: 'Individually Packaged',
        first_name: 'Dana',
        last_name: 'Morgan',
        phone_number: '416-555-0101',
        email: 'dana@example.com',
      };
      const addOn = await send('PUT', `/api/v2/catering_orders/${rows[0].purchase_id}/update_addon_order`, {
        cart,
        eft: false,
      });
      expect([addOn.statusCode, addOn.json().messages]).toEqual([422, expect.arrayContaining([needDish()])]);
    });
  });

  describe(`delivery at most ${MAX_DAYS_AHEAD} days ahead`, () => {
    const tooFar = () => messages.tooFarAhead(MAX_DAYS_AHEAD, lastOrderableDate(NOW, f.chef.time_zone));
    const farSlot = () => deliverySlot(f, NOW, { afterHours: (MAX_DAYS_AHEAD + 1) * 24 });

    it('refuses a date past the horizon at create and update with the message, and 2999 too', async () => {
      const far = farSlot();
      const res = await create(orderPayload(f, NOW, { delivery_date: far.date, delivery_time: far.time }));
      expect(res.statusCode).toBe(422);
      expect(res.json().messages).toEqual([tooFar()]);
      expect(tooFar()).toBe(
        'Orders can be placed at most 90 days ahead. Please select a delivery date on or before 2026-05-31.',
      );
      const draft = (await create(orderPayload(f, NOW))).json().catering_order;
      const updated = await update(draft.id, orderPayload(f, NOW, { delivery_date: '2099-06-01' }));
      expect(updated.statusCode).toBe(422);
      expect(updated.json().messages).toContain(tooFar());
      const absurd = await create(orderPayload(f, NOW, { delivery_date: '2999-06-01' }));
      expect([absurd.statusCode, absurd.json().messages]).toEqual([422, [messages.invalidDate]]);
    });

    it("refuses an impossible time as a time ('Please select valid time.'), not as a date", async () => {
      for (const delivery_time of ['25:99', '24:00', '11:75 AM']) {
        const res = await create(orderPayload(f, NOW, { delivery_time }));
        expect([res.statusCode, res.json().messages]).toEqual([422, [messages.invalidTime]]);
      }
      const both = await create(orderPayload(f, NOW, { delivery_date: '2026-02-30', delivery_time: '25:99' }));
      expect([both.statusCode, both.json().messages]).toEqual([422, [messages.invalidDate, messages.invalidTime]]);
    });

    it('refuses midnight as a time, whichever end of the date it was meant for (issue 17 part 5)', async () => {
      // the storefront's old closing '12:00 AM' slot went out as '00:00' and was taken as the start of the date
      for (const delivery_time of ['00:00', '12:00 AM', '24:00']) {
        const res = await create(orderPayload(f, NOW, { delivery_time }));
        expect([res.statusCode, res.json().messages], delivery_time).toEqual([422, [messages.invalidTime]]);
        const { delivery_date, delivery_time: _t, delivery_address: _a, ...rest } = orderPayload(f, NOW);
        const pickup = await create({
          ...rest,
          receiving_method: 'pickup',
          pickup_date: delivery_date,
          pickup_time: delivery_time,
        });
        expect([pickup.statusCode, pickup.json().messages], delivery_time).toEqual([422, [messages.invalidTime]]);
      }
    });

    it('accepts the last day of the horizon when the store is open', async () => {
      const last = deliverySlot(f, NOW, { afterHours: (MAX_DAYS_AHEAD - 7) * 24 });
      expect(last.date <= lastOrderableDate(NOW, f.chef.time_zone)).toBe(true);
      expect(
        (await create(orderPayload(f, NOW, { delivery_date: last.date, delivery_time: last.time }))).statusCode,
      ).toBe(201);
    });

    it('refuses moving a placed order past the horizon', async () => {
      const order = await placedAndAccepted();
      const far = farSlot();
      const res = await update(order.id, orderPayload(f, NOW, { delivery_date: far.date, delivery_time: far.time }));
      expect(res.statusCode).toBe(422);
      expect(res.json().messages).toContain(tooFar());
    });
  });

  describe('a failed save-card', () => {
    it('releases the payment claim: an immediate retry with another card succeeds', async () => {
      const draft = (await create(orderPayload(f, NOW))).json().catering_order;
      // a card already attached to another customer cannot be saved: the provider refuses
      const other = await signedInUser(ctx.app, ctx.db);
      const taken = await sandboxCard(ctx.deps.payments, cards.ok);
      const saved = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/user_payment_methods',
        headers: auth(other.jwt),
        payload: { payment_method_id: taken },
      });
      expect(saved.statusCode, saved.body).toBeLessThan(300);
      const finalize = (pm: string, saveCard: boolean) =>
        send(
          'POST',
          `/api/v2/catering_orders/${draft.id}/finalize`,
          { purchase_id: draft.purchase_id, payment_method_id: pm, save_card: saveCard },
          { 'idempotency-key': crypto.randomUUID() },
        );
      const failed = await finalize(taken, true);
      expect(failed.statusCode).toBe(422);
      expect(failed.json().error).toBe('This payment method belongs to another customer.');
      const { rows } = await ctx.db.query('SELECT payment_status, payment_error FROM catering_orders WHERE id = $1', [
        draft.id,
      ]);
      expect(rows[0]).toEqual({
        payment_status: 'failed',
        payment_error: 'This payment method belongs to another customer.',
      });
      // no 120 s wait: the same clock instant, another card
      const retry = await finalize(await sandboxCard(ctx.deps.payments, cards.ok), true);
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json().catering_order.payment_status).toBe('authorized');
    });
  });
});
