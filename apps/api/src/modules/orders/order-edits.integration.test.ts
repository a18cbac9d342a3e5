import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliveryInstant, editRuleMessages, messages, type OrderEvent } from '@caterway/domain';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { withTransaction } from '../../db/pool.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { fixedClock } from '../../lib/clock.js';
import { findJob } from '../../lib/jobs.js';
import { signedInUser, signIn } from '../auth/auth.test-helpers.js';
import { applyOrderEvent } from '../order-lifecycle/lifecycle.repository.js';
import { PROCESS_ORDER } from '../order-lifecycle/lifecycle.service.js';
import { staffUser } from '../order-lifecycle/lifecycle.test-helpers.js';
import { displayDateTime } from './orders.email.js';
import {
  addOnCart,
  cards,
  expectedSubtotal,
  orderPayload,
  restaurantFixture,
  sandboxCard,
  type RestaurantFixture,
} from './orders.test-helpers.js';

// Editing a placed order (PUT api/v2/catering_orders/{id}), Update Payment Method and add-on
// orders, against the real app, database and sandbox payment provider, on a fixed clock.
// Orders reach Accepted through the state machine (applyOrderEvent, staff actor), as the
// operations console does.

const NOW = new Date('2026-03-02T14:00:00Z'); // a Monday, 9:00 in Toronto
const quiet = { info() {}, warn() {} };

describe('order edits and add-on orders', () => {
  let ctx: TestContext;
  let f: RestaurantFixture;
  let jwt: string;
  let otherJwt: string;
  let creds: { email: string; password: string };
  const clock = fixedClock(NOW);

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    await ensureDemoData(ctx.db, quiet);
    f = await restaurantFixture(ctx.db);
    const user = await signedInUser(ctx.app, ctx.db);
    creds = { email: user.email, password: user.password };
    jwt = user.jwt;
    otherJwt = (await signedInUser(ctx.app, ctx.db)).jwt;
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(() => clock.set(NOW));
  /** a session started at the clock's time (after the clock jumps past the idle limit) */
  const sessionNow = async () => (await signIn(ctx.app, creds.email, creds.password)).json().jwt as string;

  const send = (
    method: 'POST' | 'PUT' | 'GET' | 'DELETE',
    url: string,
    payload?: unknown,
    token: string | null = jwt,
  ) =>
    ctx.app.inject({
      method,
      url,
      payload: payload as object,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const row = async (id: number) => (await ctx.db.query('SELECT * FROM catering_orders WHERE id = $1', [id])).rows[0];
  const intent = async (id: string) =>
    (await ctx.db.query('SELECT * FROM sandbox_payment_intents WHERE id = $1', [id])).rows[0];
  const events = async (id: number) =>
    (
      await ctx.db.query(
        'SELECT event, from_status, to_status, actor_kind, note FROM order_events WHERE catering_order_id = $1 ORDER BY id',
        [id],
      )
    ).rows;
  const move = (orderId: number, event: OrderEvent, actor: 'staff' | 'system' = 'staff') =>
    withTransaction(ctx.db, (tx) =>
      applyOrderEvent(tx, { orderId, event, actor, actorUserId: null, now: clock.now() }),
    );

  /** A paid order (New), accepted by staff unless told otherwise. */
  async function placed(opts: { accept?: boolean; token?: string; card?: string } = {}) {
    const token = opts.token ?? jwt;
    const created = await send(
      'POST',
      '/api/v2/catering_orders',
      { catering_order: orderPayload(f, NOW), is_eft: false },
      token,
    );
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json().catering_order;
    const pm = await sandboxCard(ctx.deps.payments, opts.card ?? cards.ok);
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/catering_orders/${order.id}/finalize`,
      payload: { purchase_id: order.purchase_id, payment_method_id: pm },
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
    });
    expect(paid.statusCode).toBe(200);
    if (opts.accept !== false) await move(order.id, 'accept');
    return {
      id: order.id as number,
      purchaseId: order.purchase_id as string,
      pm,
      total: order.totals.total_cents as number,
    };
  }

  /** The order's payload with the first line's quantity changed by delta (items scaled alike). */
  function changed(delta: number, over: Parameters<typeof orderPayload>[2] = {}) {
    const payload = orderPayload(f, NOW, over);
    const line = payload.preset_items[0]!;
    line.quantity += delta;
    for (const k of Object.keys(line.menu_items_mapping ?? {}))
      line.menu_items_mapping![k] = Math.max(0, line.menu_items_mapping![k]! + delta);
    return payload;
  }
  const edit = (id: number, payload: unknown, token: string = jwt) =>
    send('PUT', `/api/v2/catering_orders/${id}`, { catering_order: payload, is_eft: false }, token);

  describe('the upcoming-order rule', () => {
    it('refuses a New order with the not-accepted message', async () => {
      const order = await placed({ accept: false });
      const res = await edit(order.id, changed(2));
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(editRuleMessages.notAccepted);
    });

    it('refuses delivery-ready, delivered and non-editable orders with the being-prepared message', async () => {
      const ready = await placed();
      await move(ready.id, 'mark_delivery_ready');
      expect((await edit(ready.id, changed(2))).json()).toEqual({ error: editRuleMessages.beingPrepared });
      await move(ready.id, 'mark_delivered');
      expect((await edit(ready.id, changed(2))).statusCode).toBe(409);
      const locked = await placed();
      await ctx.db.query('UPDATE catering_orders SET editable = false WHERE id = $1', [locked.id]);
      const res = await edit(locked.id, changed(2));
      expect([res.statusCode, res.json().error]).toEqual([409, editRuleMessages.beingPrepared]);
    });

    it('allows an edit until the processing instant, not at it (the server clock decides)', async () => {
      const order = await placed();
      const processingAt = (await row(order.id)).order_processing_at as Date;
      clock.set(new Date(processingAt.getTime() - 1));
      const session = await sessionNow();
      const before = await edit(order.id, changed(1), session);
      expect(before.statusCode).toBe(200);
      clock.set(processingAt);
      const at = await edit(order.id, changed(2), session);
      expect([at.statusCode, at.json().error]).toEqual([409, editRuleMessages.beingPrepared]);
      const detail = (await send('GET', `/api/v2/catering_orders/${order.id}`, undefined, session)).json()
        .catering_order;
      expect(detail.edit_rule).toEqual({ allowed: false, message: editRuleMessages.beingPrepared });
    });

    it("moves the delivery in the restaurant's zone, and the processing time with it", async () => {
      const order = await placed();
      const before = await row(order.id);
      const later = orderPayload(f, new Date(NOW.getTime() + 24 * 3_600_000));
      const res = await edit(order.id, later);
      expect(res.statusCode).toBe(200);
      const after = await row(order.id);
      expect(after.delivery_at.getTime()).toBe(
        deliveryInstant(later.delivery_date!, later.delivery_time!, f.chef.time_zone)!.getTime(),
      );
      expect(after.delivery_at.getTime()).toBeGreaterThan(before.delivery_at.getTime());
      expect(after.order_processing_at.getTime()).toBe(
        after.delivery_at.getTime() - f.chef.pre_order_notice_hours * 3_600_000,
      );
      // the processing job follows it
      const job = await findJob(ctx.db, PROCESS_ORDER, `order:${order.id}`);
      expect(job?.run_at.getTime()).toBe(after.order_processing_at.getTime());
      const detail = (await send('GET', `/api/v2/catering_orders/${order.id}`)).json().catering_order;
      expect([detail.delivery_date, detail.delivery_time, detail.time_zone]).toEqual([
        later.delivery_date,
        later.delivery_time,
        f.chef.time_zone,
      ]);
      // the customer is emailed the edited order, in the same words as its other emails (issue 20)
      const { rows: mails } = await ctx.db.query<{ subject: string; text_body: string; to_address: string }>(
        `SELECT subject, text_body, to_address FROM outbox_emails WHERE template = 'order_updated' AND subject LIKE $1`,
        [`%${after.order_number}%`],
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(`Your Caterway order ${after.order_number} was updated`);
      expect(mails[0]!.to_address).toBe(after.email);
      expect(mails[0]!.text_body).toContain(
        `Your order is now for ${displayDateTime(after.delivery_at, f.chef.time_zone)}`,
      );
    });

    it('two edits at once: each answers 200 or 409, never 500, and one hold stays live', async () => {
      const order = await placed();
      const results = await Promise.all([
        edit(order.id, changed(2)),
        edit(order.id, changed(5)),
        edit(order.id, changed(3)),
      ]);
      for (const r of results) expect([200, 409]).toContain(r.statusCode);
      expect(results.some((r) => r.statusCode === 200)).toBe(true);
      const stored = await row(order.id);
      expect(stored.payment_status).toBe('authorized');
      const live = await ctx.db.query(
        `SELECT amount FROM sandbox_payment_intents WHERE metadata->>'order_id' = $1 AND status = 'requires_capture'`,
        [String(order.id)],
      );
      expect(live.rows.map((r) => r.amount)).toEqual([stored.total_cents]);
    });

    it('reads the rule in the order detail', async () => {
      const order = await placed();
      expect((await send('GET', `/api/v2/catering_orders/${order.id}`)).json().catering_order.edit_rule).toEqual({
        allowed: true,
        message: null,
      });
    });

    it("answers 404 for another user's order and an unknown id, 401 without a session", async () => {
      const order = await placed();
      expect((await edit(order.id, changed(1), otherJwt)).statusCode).toBe(404);
      expect((await edit(99_999_999, changed(1))).statusCode).toBe(404);
      expect(
        (await send('PUT', `/api/v2/catering_orders/${order.id}`, { catering_order: changed(1) }, null)).statusCode,
      ).toBe(401);
      expect(
        (
          await send(
            'PUT',
            `/api/v2/catering_orders/${order.id}/payment_method`,
            { payment_method_id: order.pm },
            otherJwt,
          )
        ).statusCode,
      ).toBe(404);
    });
  });

  describe('re-checks and reprices', () => {
    it('refuses what the checkout refuses (422 with the messages), never a 500, and keeps the order', async () => {
      const order = await placed();
      const lead = await edit(
        order.id,
        orderPayload(f, NOW, { delivery_date: '2026-03-02', delivery_time: '11:00 AM' }),
      );
      expect(lead.statusCode).toBe(422);
      expect(lead.json().messages).toContain(messages.leadTimeNotMet(f.chef.pre_order_notice_hours));
      const empty = await edit(order.id, { ...orderPayload(f, NOW), preset_items: [] });
      expect(empty.json().messages).toContain(messages.noItems);
      const unknownMenu = changed(0);
      unknownMenu.preset_items[0]!.menu_id = 99_999_999;
      expect((await edit(order.id, unknownMenu)).statusCode).toBe(422);
      const garbage = await send('PUT', `/api/v2/catering_orders/${order.id}`, {
        catering_order: { preset_items: 'x' },
      });
      expect(garbage.statusCode).toBe(422);
      expect((await row(order.id)).total_cents).toBe(order.total);
    });

    it('ignores status, prices, owner and paid flags in the body', async () => {
      const order = await placed();
      const payload = {
        ...changed(1),
        status: 'Delivered',
        total_cents: 1,
        user_id: 1,
        payment_status: 'captured',
        editable: false,
      };
      payload.preset_items = payload.preset_items.map((l) => ({ ...l, price_cents: 1 }));
      const res = await edit(order.id, payload);
      expect(res.statusCode).toBe(200);
      const stored = await row(order.id);
      expect(stored.status).toBe('Accepted');
      expect(stored.editable).toBe(true);
      expect(stored.subtotal_cents).toBe(expectedSubtotal(f, changed(1).preset_items));
      expect(stored.delivery_fee_cents).toBeGreaterThan(0);
    });
  });

  describe('payment after an edit', () => {
    it('authorises an increase: a new hold of the new total, the old one released, an edit event recorded', async () => {
      const order = await placed();
      const before = await row(order.id);
      const res = await edit(order.id, changed(3));
      expect(res.statusCode).toBe(200);
      const after = await row(order.id);
      expect(after.total_cents).toBeGreaterThan(before.total_cents);
      expect(res.json().catering_order).toMatchObject({
        status: 'Accepted',
        payment_status: 'authorized',
        payment_error: null,
      });
      expect(res.json().catering_order.totals.total_cents).toBe(after.total_cents);
      expect(after.payment_intent_id).not.toBe(before.payment_intent_id);
      expect(after.authorized_cents).toBe(after.total_cents);
      expect(after.edit_version).toBe(1);
      expect((await intent(before.payment_intent_id)).status).toBe('canceled');
      expect(await intent(after.payment_intent_id)).toMatchObject({
        status: 'requires_capture',
        amount: after.total_cents,
        amount_capturable: after.total_cents,
      });
      const log = await events(order.id);
      expect(log.at(-1)).toMatchObject({
        event: 'edit',
        from_status: 'Accepted',
        to_status: 'Accepted',
        actor_kind: 'customer',
      });
      expect(log.at(-1).note).toContain('edit 1: total');
    });

    it('holds less after a decrease, and a retried edit does not authorise again', async () => {
      const order = await placed();
      await edit(order.id, changed(4));
      const raised = await row(order.id);
      const res = await edit(order.id, changed(1));
      expect(res.statusCode).toBe(200);
      const after = await row(order.id);
      expect(after.total_cents).toBeLessThan(raised.total_cents);
      expect(after.authorized_cents).toBe(after.total_cents);
      expect((await intent(raised.payment_intent_id)).status).toBe('canceled');
      // the same content again: the hold already matches, nothing new is authorised
      await edit(order.id, changed(1));
      expect((await row(order.id)).payment_intent_id).toBe(after.payment_intent_id);
      const live = await ctx.db.query(
        `SELECT count(*)::int AS n FROM sandbox_payment_intents WHERE metadata->>'order_id' = $1 AND status = 'requires_capture'`,
        [String(order.id)],
      );
      expect(live.rows[0].n).toBe(1);
    });

    it('refunds the difference of a decrease once captured (never above captured) and refuses an increase', async () => {
      const order = await placed();
      const before = await row(order.id);
      // what the processing job does at processing time: capture the hold
      await ctx.deps.payments.capturePaymentIntent(before.payment_intent_id, { idempotencyKey: `capture-${order.id}` });
      await ctx.db.query(
        `UPDATE catering_orders SET payment_status = 'captured', captured_cents = total_cents, authorized_cents = 0 WHERE id = $1`,
        [order.id],
      );
      const up = await edit(order.id, changed(2));
      expect([up.statusCode, up.json().error]).toEqual([
        409,
        'The payment of this order has already been collected, so its total can no longer go up.',
      ]);
      const down = await edit(order.id, changed(-1));
      expect(down.statusCode).toBe(200);
      const after = await row(order.id);
      expect(after.refunded_cents).toBe(before.total_cents - after.total_cents);
      expect(after.refunded_cents).toBeLessThanOrEqual(after.captured_cents);
      expect((await intent(before.payment_intent_id)).amount_refunded).toBe(after.refunded_cents);
    });

    it('a declined increase sends the order to Card Setup; Update Payment Method authorises it again (Ready To Capture)', async () => {
      const order = await placed();
      const before = await row(order.id);
      // the issuer now declines this card
      await ctx.db.query(`UPDATE sandbox_payment_methods SET decline_code = 'generic_decline' WHERE id = $1`, [
        order.pm,
      ]);
      const res = await edit(order.id, changed(3));
      expect(res.statusCode).toBe(200);
      expect(res.json().catering_order).toMatchObject({
        status: 'CardSetup',
        payment_error: 'Your card was declined.',
      });
      const after = await row(order.id);
      // the old hold stays until a new one replaces it
      expect(after.payment_intent_id).toBe(before.payment_intent_id);
      expect(after.authorized_cents).toBe(before.total_cents);
      expect((await events(order.id)).at(-1)).toMatchObject({
        event: 'payment_needs_setup',
        from_status: 'Accepted',
        to_status: 'CardSetup',
        actor_kind: 'system',
      });

      const declining = await sandboxCard(ctx.deps.payments, cards.insufficient);
      const refused = await send('PUT', `/api/v2/catering_orders/${order.id}/payment_method`, {
        payment_method_id: declining,
      });
      expect([refused.statusCode, refused.json().error]).toEqual([402, 'Your card has insufficient funds.']);
      expect((await row(order.id)).status).toBe('CardSetup');

      const fresh = await sandboxCard(ctx.deps.payments, cards.ok);
      const ok = await send('PUT', `/api/v2/catering_orders/${order.id}/payment_method`, {
        payment_method_id: fresh,
        save_card: true,
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().catering_order).toMatchObject({
        status: 'ReadyToCapture',
        payment_status: 'authorized',
        payment_error: null,
      });
      const paid = await row(order.id);
      expect([paid.payment_method_id, paid.authorized_cents]).toEqual([fresh, paid.total_cents]);
      expect((await intent(before.payment_intent_id)).status).toBe('canceled');
      expect((await events(order.id)).at(-1)).toMatchObject({
        event: 'payment_authorised',
        from_status: 'CardSetup',
        to_status: 'ReadyToCapture',
      });
    });

    it('a decrease in Card Setup that the old hold covers is authorised again', async () => {
      const order = await placed();
      await ctx.db.query(`UPDATE sandbox_payment_methods SET decline_code = 'generic_decline' WHERE id = $1`, [
        order.pm,
      ]);
      await edit(order.id, changed(3));
      expect((await row(order.id)).status).toBe('CardSetup');
      const back = await edit(order.id, changed(0));
      expect(back.json().catering_order.status).toBe('ReadyToCapture');
    });
  });

  describe('add-on orders', () => {
    const addOn = (parentId: number, token: string = jwt) =>
      send('POST', `/api/v2/catering_orders/${parentId}/add_on_order`, undefined, token);
    const cart = (lines?: ReturnType<typeof orderPayload>['preset_items']) => addOnCart(f, NOW, lines);
    const updateAddOn = (purchaseId: string, body: unknown, token: string = jwt) =>
      send('PUT', `/api/v2/catering_orders/${purchaseId}/update_addon_order`, body, token);

    it('creates a draft add-on of a placed order: { id, preset_id }, the parent delivery copied; reused while unpaid', async () => {
      const parent = await placed({ accept: false });
      const res = await addOn(parent.id);
      expect(res.statusCode).toBe(201);
      expect(Object.keys(res.json()).sort()).toEqual(['id', 'preset_id']);
      expect(res.json().preset_id).toBe(f.presetId);
      const child = await row(res.json().id);
      const p = await row(parent.id);
      expect(child).toMatchObject({
        parent_order_id: parent.id,
        status: 'draft',
        total_cents: 0,
        delivery_address: p.delivery_address,
        receiving_method: 'delivery',
      });
      expect(child.delivery_at.getTime()).toBe(p.delivery_at.getTime());
      expect((await addOn(parent.id)).json().id).toBe(res.json().id);
      const detail = (await send('GET', `/api/v2/catering_orders/${child.id}`)).json().catering_order;
      const { slug } = (await ctx.db.query('SELECT slug FROM presets WHERE id = $1', [f.presetId])).rows[0];
      expect(detail.add_on).toMatchObject({
        parent_order_id: parent.id,
        parent_tokanize_link: `/chefs/${slug}/${parent.id}`,
        order_delivery_in_past: false,
        display_delivery_date_time: displayDateTime(p.delivery_at, p.time_zone),
      });
      expect(detail.preset_items).toEqual([]);
    });

    it("refuses another user's order (404), a draft, an add-on of an add-on, and a parent already delivered", async () => {
      const parent = await placed();
      expect((await addOn(parent.id, otherJwt)).statusCode).toBe(404);
      const draft = (await send('POST', '/api/v2/catering_orders', { catering_order: orderPayload(f, NOW) })).json()
        .catering_order;
      expect((await addOn(draft.id)).statusCode).toBe(409);
      const child = (await addOn(parent.id)).json();
      expect((await addOn(child.id)).json().error).toBe('An add-on order cannot have add-on orders of its own.');
      const p = await row(parent.id);
      expect((await send('GET', `/api/v2/catering_orders/${parent.id}`)).json().catering_order.delivery_in_past).toBe(
        false,
      );
      clock.set(new Date(p.delivery_at.getTime() + 1));
      // the detail says so first: My Orders sends Add Addon Order to /complete-addon-order
      expect(
        (await send('GET', `/api/v2/catering_orders/${parent.id}`, undefined, await sessionNow())).json().catering_order
          .delivery_in_past,
      ).toBe(true);
      const late = await addOn(parent.id, await sessionNow());
      expect([late.statusCode, late.json().error]).toEqual([
        409,
        `Cannot be proceed! This order has already been delivered at ${displayDateTime(p.delivery_at, p.time_zone)}`,
      ]);
      expect(
        (await send('GET', `/api/v2/catering_orders/${child.id}`, undefined, await sessionNow())).json().catering_order
          .add_on.order_delivery_in_past,
      ).toBe(true);
    });

    it('prices the add-on cart without a delivery fee or company, refuses an empty cart and the add-on limit, then pays it', async () => {
      const parent = await placed();
      const child = (await addOn(parent.id)).json();
      const { purchase_id } = await row(child.id);
      const empty = await updateAddOn(purchase_id, { cart: cart([]), eft: false });
      expect([empty.statusCode, empty.json().messages]).toEqual([422, [messages.cartEmpty]]);
      await ctx.db.query('UPDATE chefs SET addon_maximum_items_qty = 1 WHERE id = $1', [f.chef.id]);
      try {
        const two = orderPayload(f, NOW).preset_items.slice(0, 2);
        expect(two).toHaveLength(2);
        const over = await updateAddOn(purchase_id, { cart: cart(two), eft: false });
        expect(over.json().messages).toContain('You cannot add more than 1 items.');
      } finally {
        await ctx.db.query('UPDATE chefs SET addon_maximum_items_qty = $2 WHERE id = $1', [f.chef.id, 10]);
      }
      expect((await updateAddOn(purchase_id, { cart: cart(), eft: false }, otherJwt)).statusCode).toBe(404);
      expect((await updateAddOn('no-such-purchase', { cart: cart(), eft: false })).statusCode).toBe(404);
      const ok = await updateAddOn(purchase_id, { cart: cart(), eft: false });
      expect(ok.statusCode).toBe(200);
      const totals = ok.json().catering_order.totals;
      expect(totals.delivery_fee_cents).toBe(0);
      expect(totals.subtotal_cents).toBe(expectedSubtotal(f, cart().preset_items));
      const pm = await sandboxCard(ctx.deps.payments, cards.ok);
      const paid = await ctx.app.inject({
        method: 'POST',
        url: `/api/v2/catering_orders/${child.id}/finalize`,
        payload: { purchase_id, payment_method_id: pm },
        headers: { authorization: `Bearer ${jwt}`, 'idempotency-key': crypto.randomUUID() },
      });
      expect(paid.statusCode).toBe(200);
      expect(paid.json().catering_order).toMatchObject({
        status: 'New',
        payment_status: 'authorized',
        total_cents: totals.total_cents,
      });
      expect((await row(child.id)).parent_order_id).toBe(parent.id);
    });

    it("refuses an add-on checkout sent with another order's parent_token (409), takes its own or none", async () => {
      const [mine, other] = [await placed(), await placed()];
      const child = (await addOn(mine.id)).json();
      const otherChild = (await addOn(other.id)).json();
      const linkOf = async (id: number) =>
        (await send('GET', `/api/v2/catering_orders/${id}`)).json().catering_order.add_on
          .parent_tokanize_link as string;
      const [myLink, otherLink] = [await linkOf(child.id), await linkOf(otherChild.id)];
      expect(myLink).not.toBe(otherLink);
      const { purchase_id } = await row(child.id);
      for (const token of [otherLink, `${myLink}0`, '']) {
        const wrong = await updateAddOn(purchase_id, { cart: cart(), eft: false, parent_token: token });
        expect([wrong.statusCode, wrong.json().error]).toEqual([409, 'This add-on order belongs to another order.']);
      }
      expect((await row(child.id)).total_cents).toBe(0);
      expect((await updateAddOn(purchase_id, { cart: cart(), eft: false, parent_token: myLink })).statusCode).toBe(200);
      expect((await updateAddOn(purchase_id, { cart: cart(), eft: false })).statusCode).toBe(200);
    });

    const payAddOn = async (childId: number, token: string = jwt) => {
      const { purchase_id } = await row(childId);
      const pm = await sandboxCard(ctx.deps.payments, cards.ok);
      return ctx.app.inject({
        method: 'POST',
        url: `/api/v2/catering_orders/${childId}/finalize`,
        payload: { purchase_id, payment_method_id: pm },
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
      });
    };
    /** an add-on of the parent with a cart, ready to pay */
    const addOnWithCart = async (parentId: number) => {
      const child = (await addOn(parentId)).json();
      expect((await updateAddOn((await row(child.id)).purchase_id, { cart: cart(), eft: false })).statusCode).toBe(200);
      return child.id as number;
    };

    /** Add Addon Order, the add-on's cart update and its payment each answer 409 with `message`. */
    const expectAddOnRefused = async (parentId: number, childId: number, purchaseId: string, message: string) => {
      const answers = [
        await addOn(parentId),
        await updateAddOn(purchaseId, { cart: cart(), eft: false }),
        await payAddOn(childId),
      ];
      expect(answers.map((r) => [r.statusCode, r.json().error])).toEqual(Array(3).fill([409, message]));
    };

    it('lists an add-on with its cutlery, so its lines add up to the total charged (issue 16 item 1)', async () => {
      const parent = await placed();
      const child = (await addOn(parent.id)).json();
      const { purchase_id } = await row(child.id);
      const updated = await updateAddOn(purchase_id, { cart: { ...cart(), num_cutlery: 12 }, eft: false });
      expect(updated.statusCode).toBe(200);
      expect(updated.json().catering_order.totals.cutlery_cents).toBe(600);
      expect((await payAddOn(child.id)).statusCode).toBe(200);
      const [listed] = (await send('GET', `/api/v2/catering_orders/${parent.id}/addon_orders`)).json().addon_orders;
      expect(listed).toMatchObject({
        id: child.id,
        num_cutlery: 12,
        cutlery_cents: 600,
        delivery_fee: 0,
        total_price: (await row(child.id)).total_cents,
      });
      expect(listed.items_total + listed.delivery_fee + listed.cutlery_cents + listed.sales_tax).toBe(
        listed.total_price,
      );
    });

    it('cancelling the parent cancels its add-ons: a paid one has its hold voided, a draft is just cancelled', async () => {
      const parent = await placed();
      const paidId = await addOnWithCart(parent.id);
      expect((await payAddOn(paidId)).statusCode).toBe(200);
      const paid = await row(paidId);
      expect(paid).toMatchObject({ status: 'New', payment_status: 'authorized' });
      const draftId = (await addOn(parent.id)).json().id;
      expect(draftId).not.toBe(paidId);

      const res = await send('DELETE', `/api/v2/catering_orders/${parent.id}`);
      expect(res.statusCode).toBe(200);
      expect(await row(paidId)).toMatchObject({
        status: 'Canceled',
        payment_status: 'canceled',
        authorized_cents: 0,
        editable: false,
      });
      expect((await intent(paid.payment_intent_id)).status).toBe('canceled');
      expect(await row(draftId)).toMatchObject({ status: 'Canceled', payment_status: 'unpaid' });
      const parentNumber = (await row(parent.id)).order_number;
      for (const id of [paidId, draftId]) {
        expect((await events(id)).find((e) => e.event === 'parent_cancelled')).toMatchObject({
          to_status: 'Canceled',
          actor_kind: 'system',
          note: `Order ${parentNumber} was cancelled.`,
        });
      }
      expect((await events(paidId)).at(-1)).toMatchObject({ event: 'payment_voided' });
      // the draft was never placed: the Addon Orders tab lists the paid add-on only
      const listed = (await send('GET', `/api/v2/catering_orders/${parent.id}/addon_orders`)).json().addon_orders;
      expect(listed.map((a: { id: number; status: string }) => [a.id, a.status])).toEqual([[paidId, 'Canceled']]);
    });

    it('staff cancelling or declining the parent cancels its add-ons too', async () => {
      const staff = await staffUser(ctx.app, ctx.db);
      const accepted = await placed();
      const a1 = await addOnWithCart(accepted.id);
      expect((await payAddOn(a1)).statusCode).toBe(200);
      const cancel = await send('POST', `/api/v2/ops/orders/${accepted.id}/events`, { event: 'cancel' }, staff.jwt);
      expect(cancel.statusCode).toBe(200);
      expect(await row(a1)).toMatchObject({ status: 'Canceled', payment_status: 'canceled' });
      expect((await intent((await row(a1)).payment_intent_id)).status).toBe('canceled');

      const fresh = await placed({ accept: false });
      const a2 = await addOnWithCart(fresh.id);
      const decline = await send('POST', `/api/v2/ops/orders/${fresh.id}/events`, { event: 'decline' }, staff.jwt);
      expect(decline.statusCode).toBe(200);
      expect(await row(a2)).toMatchObject({ status: 'Canceled' });
    });

    it('an add-on of a cancelled parent cannot be created, changed or paid (409)', async () => {
      const parent = await placed();
      const childId = await addOnWithCart(parent.id);
      const { purchase_id } = await row(childId);
      expect((await send('DELETE', `/api/v2/catering_orders/${parent.id}`)).statusCode).toBe(200);
      await expectAddOnRefused(
        parent.id,
        childId,
        purchase_id,
        'This order has been cancelled, so it can no longer take add-on orders.',
      );
      expect(await row(childId)).toMatchObject({ status: 'Canceled', payment_status: 'unpaid' });
      const live = await ctx.db.query(`SELECT 1 FROM sandbox_payment_intents WHERE metadata->>'order_id' = $1`, [
        String(childId),
      ]);
      expect(live.rowCount).toBe(0);
    });

    it('an add-on of a delivered parent cannot be created, changed or paid (the delivered message)', async () => {
      const parent = await placed();
      const childId = await addOnWithCart(parent.id);
      const { purchase_id } = await row(childId);
      await move(parent.id, 'mark_delivery_ready');
      await move(parent.id, 'mark_delivered');
      const p = await row(parent.id);
      // delivered ahead of its delivery time: past all the same
      expect((await send('GET', `/api/v2/catering_orders/${parent.id}`)).json().catering_order.delivery_in_past).toBe(
        true,
      );
      await expectAddOnRefused(
        parent.id,
        childId,
        purchase_id,
        `Cannot be proceed! This order has already been delivered at ${displayDateTime(p.delivery_at, p.time_zone)}`,
      );
      expect((await row(childId)).payment_status).toBe('unpaid');
    });

    it('Add Addon Order clicked ten times at once makes one draft', async () => {
      const parent = await placed();
      const results = await Promise.all(Array.from({ length: 10 }, () => addOn(parent.id)));
      expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
      expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
      const drafts = await ctx.db.query(`SELECT count(*)::int AS n FROM catering_orders WHERE parent_order_id = $1`, [
        parent.id,
      ]);
      expect(drafts.rows[0].n).toBe(1);
    });

    it('needs an hour of notice before the parent delivery', async () => {
      const parent = await placed();
      const child = (await addOn(parent.id)).json();
      const { purchase_id } = await row(child.id);
      const p = await row(parent.id);
      clock.set(new Date(p.delivery_at.getTime() - 30 * 60_000));
      const res = await updateAddOn(purchase_id, { cart: cart(), eft: false }, await sessionNow());
      expect(res.json().messages).toContain(messages.leadTimeNotMet(1));
    });
  });
});
