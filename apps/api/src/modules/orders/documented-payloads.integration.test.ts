import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents, messages } from '@caterway/domain';
import type { TestContext } from '../../../test/helpers.js';
import { withTransaction } from '../../db/pool.js';
import { applyOrderEvent } from '../order-lifecycle/lifecycle.repository.js';
import { cards, demoOrderSetup, orderPayload, sandboxCard, type RestaurantFixture } from './orders.test-helpers.js';

// Order payloads as the documents fix them (issue 16): cutleryCount is nullable (ordering-payments
// §5 'Checkout and order edit'), on create, update, edit of a placed order and the add-on cart;
// a delivery order carries the deliveryFee the storefront showed (§3 'Order payload').

const NOW = new Date('2026-03-02T14:00:00Z'); // a Monday, 9:00 in Toronto

describe('order payloads the documents fix', () => {
  let ctx: TestContext;
  let f: RestaurantFixture;
  let jwt: string;

  beforeAll(async () => {
    ({
      ctx,
      f,
      user: { jwt },
    } = await demoOrderSetup(NOW));
  }, 120_000);
  afterAll(() => ctx.close());

  const send = (method: 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method,
      url,
      payload: payload as object,
      headers: { authorization: `Bearer ${jwt}`, ...headers },
    });
  const create = (payload: unknown) =>
    send('POST', '/api/v2/catering_orders', { catering_order: payload, is_eft: false });
  const update = (id: number, payload: unknown) =>
    send('PUT', `/api/v2/catering_orders/${id}`, { catering_order: payload, is_eft: false });

  /** A paid order accepted by staff: editable, and a parent for add-on orders. */
  async function placedOrder() {
    const order = (await create(orderPayload(f, NOW))).json().catering_order;
    const pm = await sandboxCard(ctx.deps.payments, cards.ok);
    const paid = await send(
      'POST',
      `/api/v2/catering_orders/${order.id}/finalize`,
      { purchase_id: order.purchase_id, payment_method_id: pm },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(paid.statusCode, paid.body).toBe(200);
    await withTransaction(ctx.db, (tx) =>
      applyOrderEvent(tx, { orderId: order.id, event: 'accept', actor: 'staff', actorUserId: null, now: NOW }),
    );
    return order as { id: number };
  }

  describe('num_cutlery: null means no cutlery', () => {
    const noCutlery = () => ({ ...orderPayload(f, NOW), num_cutlery: null });

    it('on create and on update of the draft', async () => {
      const created = await create(noCutlery());
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().catering_order.totals.cutlery_cents).toBe(0);
      const withCutlery = await update(created.json().catering_order.id, orderPayload(f, NOW, { num_cutlery: 4 }));
      expect(withCutlery.json().catering_order.totals.cutlery_cents).toBe(200);
      const updated = await update(created.json().catering_order.id, noCutlery());
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().catering_order.totals.cutlery_cents).toBe(0);
    });

    it('on the edit of a placed order', async () => {
      const order = await placedOrder();
      const edited = await update(order.id, noCutlery());
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().catering_order.totals.cutlery_cents).toBe(0);
      const detail = (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v2/catering_orders/${order.id}`,
          headers: { authorization: `Bearer ${jwt}` },
        })
      ).json();
      expect(detail.catering_order.extra_info.num_cutlery).toBe(0);
    });

    it("on an add-on order's cart", async () => {
      const parent = await placedOrder();
      const child = (await send('POST', `/api/v2/catering_orders/${parent.id}/add_on_order`)).json();
      const { purchase_id } = (await ctx.db.query('SELECT purchase_id FROM catering_orders WHERE id = $1', [child.id]))
        .rows[0];
      const cart = {
        preset_items: orderPayload(f, NOW).preset_items.slice(0, 1),
        num_cutlery: null,
        serving_style: 'Individually Packaged',
        first_name: 'Dana',
        last_name: 'Morgan',
        phone_number: '416-555-0101',
        email: 'dana@example.com',
      };
      const res = await send('PUT', `/api/v2/catering_orders/${purchase_id}/update_addon_order`, { cart, eft: false });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().catering_order.totals.cutlery_cents).toBe(0);
    });

    it('still refuses a negative count with the spec message', async () => {
      const res = await create({ ...orderPayload(f, NOW), num_cutlery: -1 });
      expect([res.statusCode, res.json().messages]).toEqual([422, ['Please select non negative integer.']]);
    });
  });

  describe('delivery_fee: the fee the storefront showed', () => {
    const quote = async (payload: ReturnType<typeof orderPayload>) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/delivery_fee_by_distance',
        payload: { chef_id: f.chef.id, user_lat: payload.latitude, user_lng: payload.longitude },
      });
      return res.json().delivery_fee as number;
    };

    it("is accepted when it is the server's quote, and when absent", async () => {
      const payload = orderPayload(f, NOW);
      const fee = await quote(payload);
      expect(fee).toBeGreaterThan(0);
      const sent = await create({ ...payload, delivery_fee: fee });
      expect(sent.statusCode, sent.body).toBe(201);
      expect(sent.json().catering_order.totals.delivery_fee_cents).toBe(fee);
      expect(payload).not.toHaveProperty('delivery_fee');
      const computed = await create(payload);
      expect(computed.statusCode, computed.body).toBe(201);
      expect(computed.json().catering_order.totals.delivery_fee_cents).toBe(fee);
    });

    it('refuses a different fee on create and on update, naming the fee', async () => {
      const payload = orderPayload(f, NOW);
      const fee = await quote(payload);
      const changed = messages.deliveryFeeChanged(formatCents(fee));
      expect(changed).toBe(
        `The delivery fee has changed to ${formatCents(fee)}. Please review your order and try again.`,
      );
      const stale = await create({ ...payload, delivery_fee: fee - 1 });
      expect([stale.statusCode, stale.json().messages]).toEqual([422, [changed]]);
      const draft = (await create(payload)).json().catering_order;
      const updated = await update(draft.id, { ...payload, delivery_fee: 0 });
      expect([updated.statusCode, updated.json().messages]).toEqual([422, [changed]]);
    });

    it('is no part of a pickup: the fee is 0 whatever was sent', async () => {
      const { delivery_date, delivery_time, delivery_address: _a, ...rest } = orderPayload(f, NOW);
      const res = await create({
        ...rest,
        receiving_method: 'pickup',
        pickup_date: delivery_date,
        pickup_time: delivery_time,
        delivery_fee: 999,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().catering_order.totals.delivery_fee_cents).toBe(0);
    });
  });
});
