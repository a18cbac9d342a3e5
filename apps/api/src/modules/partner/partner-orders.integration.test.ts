// Orders reach their restaurants, and the restaurants answer (issue 19 part 1, decision 048):
// real checkouts through the API on their own database with sandbox payments and a fixed clock.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { partnerMessages, partnerSettingsMessages } from '@caterway/contracts';
import { localDateOf, reliabilityText } from '@caterway/domain';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { fixedClock } from '../../lib/clock.js';
import { emailsTo, signedInUser } from '../auth/auth.test-helpers.js';
import { moveOrder } from '../order-history/order-history.test-helpers.js';
import { auth, orderRow, placeOrder, staffUser } from '../order-lifecycle/lifecycle.test-helpers.js';
import { orderPayload, restaurantFixture, type RestaurantFixture } from '../orders/orders.test-helpers.js';
import { createPartnerRepository } from './partner.repository.js';

const NOW = new Date('2026-03-02T14:00:00Z'); // a Monday, 9:00 in Toronto
const quiet = { info() {}, warn() {}, error() {} };

describe('partner orders: new orders reach their restaurants, which answer them', () => {
  let ctx: TestContext;
  let f: RestaurantFixture;
  let pair: RestaurantFixture;
  const clock = fixedClock(NOW);
  let customer: { jwt: string; email: string; id: number };
  let kitchen: { jwt: string; id: number };
  let elsewhere: { jwt: string; id: number };
  let ops: { jwt: string; id: number };

  beforeAll(async () => {
    ctx = await createTestApp({ clock, env: { SESSION_IDLE_MINUTES: '525600' } });
    const { ensureDemoData } = await import('../../db/seed/demo.js');
    await ensureDemoData(ctx.db, quiet);
    f = await restaurantFixture(ctx.db);
    pair = await restaurantFixture(ctx.db, { presetType: 'catering', chefs: 2 });
    customer = await signedInUser(ctx.app, ctx.db);
    const partners = createPartnerRepository(ctx.db);
    kitchen = await signedInUser(ctx.app, ctx.db, { first_name: 'Rosa', last_name: 'Diaz' });
    await partners.addMember({ chefId: f.chef.id, userId: kitchen.id, role: 'staff' });
    elsewhere = await signedInUser(ctx.app, ctx.db);
    const other = (
      await ctx.db.query<{ id: number }>('SELECT id::int AS id FROM chefs WHERE id <> $1 ORDER BY id LIMIT 1', [
        f.chef.id,
      ])
    ).rows[0]!;
    await partners.addMember({ chefId: other.id, userId: elsewhere.id, role: 'owner' });
    ops = await staffUser(ctx.app, ctx.db);
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(() => clock.set(NOW));

  const base = (chefId: number) => `/api/v2/partner/restaurants/${chefId}`;
  const list = (chefId: number, jwt: string, view = 'waiting') =>
    ctx.app.inject({ method: 'GET', url: `${base(chefId)}/orders?view=${view}`, headers: auth(jwt) });
  const detail = (chefId: number, orderId: number, jwt: string) =>
    ctx.app.inject({ method: 'GET', url: `${base(chefId)}/orders/${orderId}`, headers: auth(jwt) });
  const answer = (chefId: number, orderId: number, jwt: string, body: object) =>
    ctx.app.inject({
      method: 'POST',
      url: `${base(chefId)}/orders/${orderId}/answers`,
      headers: auth(jwt),
      payload: body,
    });
  const waitingRequest = async (chefId: number, orderId: number, jwt = ops.jwt) => {
    const res = await detail(chefId, orderId, jwt);
    expect(res.statusCode, res.body).toBe(200);
    const waiting = (res.json().order.requests as { id: number; answer: string | null; kind: string }[]).filter(
      (r) => r.answer === null,
    );
    expect(waiting).toHaveLength(1);
    return waiting[0]!;
  };

  it("lists a paid order in its restaurant's inbox, with the kitchen's details, and nowhere else", async () => {
    const order = await placeOrder(ctx, f, customer.jwt, NOW);
    const res = await list(f.chef.id, kitchen.jwt);
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json().orders.find((o: { id: number }) => o.id === order.id);
    expect(listed).toMatchObject({
      order_number: order.order_number,
      status: 'New',
      request: { kind: 'new_order', answer: null },
      actions: ['accept', 'decline'],
      customer: { name: `${order.first_name} ${order.last_name}` },
    });
    expect(listed.items_total_cents).toBe(order.subtotal_cents);
    expect(listed.portions).toBeGreaterThan(0);
    expect(res.json().waiting_count).toBeGreaterThanOrEqual(1);

    const full = await detail(f.chef.id, order.id, kitchen.jwt);
    expect(full.statusCode).toBe(200);
    const d = full.json().order;
    expect(d.items.length).toBeGreaterThan(0);
    expect(d.items.every((i: { quantity: number }) => i.quantity > 0)).toBe(true);
    expect(d).toMatchObject({ serving_style: order.serving_style, cutlery: order.num_cutlery });
    expect(d.delivery_address).toContain(order.delivery_address);

    // the team of another restaurant learns nothing of it: not listed, 404 to read or answer
    const theirs = await list(f.chef.id, elsewhere.jwt);
    expect(theirs.statusCode).toBe(404);
    const ownChefId = await ownChef(elsewhere.id);
    const ownList = (await list(ownChefId, elsewhere.jwt)).json();
    expect(ownList.orders.some((o: { id: number }) => o.id === order.id)).toBe(false);
    expect((await detail(ownChefId, order.id, elsewhere.jwt)).statusCode).toBe(404);
    const request = await waitingRequest(f.chef.id, order.id);
    expect(
      (await answer(ownChefId, order.id, elsewhere.jwt, { answer: 'accept', request_id: request.id })).statusCode,
    ).toBe(404);
    expect((await orderRow(ctx.db, order.id)).status).toBe('New');
    // and the customer cannot reach the portal's calls at all
    expect((await list(f.chef.id, customer.jwt)).statusCode).toBe(404);
  });

  async function ownChef(userId: number): Promise<number> {
    const { rows } = await ctx.db.query<{ chef_id: number }>(
      'SELECT chef_id::int AS chef_id FROM restaurant_members WHERE user_id = $1',
      [userId],
    );
    return rows[0]!.chef_id;
  }

  it('accepts: the order moves to Accepted by the restaurant, the customer is told, a second answer is refused', async () => {
    const order = await placeOrder(ctx, f, customer.jwt, NOW);
    const request = await waitingRequest(f.chef.id, order.id, kitchen.jwt);
    const mailsBefore = (await emailsTo(ctx.db, order.email, 'order_accepted')).length;

    const res = await answer(f.chef.id, order.id, kitchen.jwt, { answer: 'accept', request_id: request.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({
      status: 'Accepted',
      actions: [],
      request: { id: request.id, answer: 'accepted', answered_by: 'Rosa Diaz' },
    });
    expect((await orderRow(ctx.db, order.id)).status).toBe('Accepted');
    const { rows: events } = await ctx.db.query(
      `SELECT actor_kind, actor_user_id::int AS actor_user_id FROM order_events WHERE catering_order_id = $1 AND event = 'accept'`,
      [order.id],
    );
    expect(events).toEqual([{ actor_kind: 'restaurant', actor_user_id: kitchen.id }]);
    expect(await emailsTo(ctx.db, order.email, 'order_accepted')).toHaveLength(mailsBefore + 1);

    const again = await answer(f.chef.id, order.id, kitchen.jwt, { answer: 'accept', request_id: request.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(partnerMessages.requestAnswered);

    const upcoming = (await list(f.chef.id, kitchen.jwt, 'upcoming')).json().orders;
    expect(upcoming.some((o: { id: number }) => o.id === order.id)).toBe(true);
    const waiting = (await list(f.chef.id, kitchen.jwt)).json().orders;
    expect(waiting.some((o: { id: number }) => o.id === order.id)).toBe(false);
  });

  it('declines with a reason: the order is declined, the hold voided and the customer told', async () => {
    const order = await placeOrder(ctx, f, customer.jwt, NOW);
    expect(order.payment_status).toBe('authorized');
    const request = await waitingRequest(f.chef.id, order.id, kitchen.jwt);

    const vague = await answer(f.chef.id, order.id, kitchen.jwt, {
      answer: 'decline',
      request_id: request.id,
      reason: 'other',
      note: ' ',
    });
    expect(vague.statusCode).toBe(422);
    expect(vague.body).toContain(partnerMessages.declineNoteNeeded);
    expect((await orderRow(ctx.db, order.id)).status).toBe('New');

    const mailsBefore = (await emailsTo(ctx.db, order.email, 'order_declined')).length;
    const res = await answer(f.chef.id, order.id, kitchen.jwt, {
      answer: 'decline',
      request_id: request.id,
      reason: 'too_busy',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.request).toMatchObject({ answer: 'declined', decline_reason: 'too_busy' });
    const row = await orderRow(ctx.db, order.id);
    expect(row).toMatchObject({ status: 'declined', payment_status: 'canceled' });
    const declinedMails = await emailsTo(ctx.db, order.email, 'order_declined');
    expect(declinedMails).toHaveLength(mailsBefore + 1);
    // the email offers up to three restaurants that can deliver there at the same time
    const text = declinedMails.at(-1)!.text_body;
    expect(text).toMatch(/can deliver to you at the same time:/);
    expect(text).toContain("The restaurant's reason: We are fully booked for that time.");
    const offered = [...text.matchAll(/^- .+: (\S+\/chefs\/\S+)$/gm)].map((m) => m[1]!);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.length).toBeLessThanOrEqual(3);
    const { rows: own } = await ctx.db.query<{ slug: string }>('SELECT slug FROM presets WHERE id = $1', [f.presetId]);
    expect(offered.some((url) => url.endsWith(`/chefs/${own[0]!.slug}`))).toBe(false);
    // the restaurant that declined is not asked to acknowledge its own decline
    const after = await detail(f.chef.id, order.id, kitchen.jwt);
    expect(after.json().order.requests.map((r: { kind: string }) => r.kind)).toEqual(['new_order']);
    expect(
      (await list(f.chef.id, kitchen.jwt, 'past')).json().orders.some((o: { id: number }) => o.id === order.id),
    ).toBe(true);
  });

  it('takes one answer when accept and decline race: the hold is voided only if the decline won', async () => {
    for (let round = 0; round < 5; round++) {
      const order = await placeOrder(ctx, f, customer.jwt, NOW);
      const request = await waitingRequest(f.chef.id, order.id, kitchen.jwt);
      const [accepted, declined] = await Promise.all([
        answer(f.chef.id, order.id, kitchen.jwt, { answer: 'accept', request_id: request.id }),
        answer(f.chef.id, order.id, ops.jwt, { answer: 'decline', request_id: request.id, reason: 'closed' }),
      ]);
      expect([accepted.statusCode, declined.statusCode].sort()).toEqual([200, 409]);
      const row = await orderRow(ctx.db, order.id);
      if (accepted.statusCode === 200) expect(row).toMatchObject({ status: 'Accepted', payment_status: 'authorized' });
      else expect(row).toMatchObject({ status: 'declined', payment_status: 'canceled' });
      const { rows } = await ctx.db.query<{ answer: string }>(
        `SELECT answer FROM restaurant_requests WHERE catering_order_id = $1 AND kind = 'new_order'`,
        [order.id],
      );
      expect(rows).toEqual([{ answer: accepted.statusCode === 200 ? 'accepted' : 'declined' }]);
    }
  });

  it('asks the restaurant to acknowledge an edit and a cancellation, and refuses the wrong answer', async () => {
    const order = await placeOrder(ctx, f, customer.jwt, NOW);
    const first = await waitingRequest(f.chef.id, order.id, kitchen.jwt);
    expect(
      (await answer(f.chef.id, order.id, kitchen.jwt, { answer: 'accept', request_id: first.id })).statusCode,
    ).toBe(200);

    const payload = orderPayload(f, NOW);
    payload.preset_items = payload.preset_items.map((line, i) =>
      i === 0 ? { ...line, quantity: line.quantity + 1 } : line,
    );
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v2/catering_orders/${order.id}`,
      headers: auth(customer.jwt),
      payload: { catering_order: payload, is_eft: false },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const edit = await waitingRequest(f.chef.id, order.id, kitchen.jwt);
    expect(edit.kind).toBe('edit');
    const wrong = await answer(f.chef.id, order.id, kitchen.jwt, { answer: 'accept', request_id: edit.id });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error).toBe(partnerMessages.answerDoesNotFit);
    const seen = await answer(f.chef.id, order.id, kitchen.jwt, { answer: 'acknowledge', request_id: edit.id });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().order.request).toMatchObject({ kind: 'edit', answer: 'acknowledged' });

    const cancelled = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v2/catering_orders/${order.id}`,
      headers: auth(customer.jwt),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const notice = await waitingRequest(f.chef.id, order.id, kitchen.jwt);
    expect(notice).toMatchObject({ kind: 'cancellation' });
    const listed = (await list(f.chef.id, kitchen.jwt)).json().orders.find((o: { id: number }) => o.id === order.id);
    expect(listed).toMatchObject({
      status: 'Canceled',
      actions: ['acknowledge'],
      request: { summary: 'Cancelled by the customer' },
    });
    expect(
      (await answer(f.chef.id, order.id, kitchen.jwt, { answer: 'acknowledge', request_id: notice.id })).statusCode,
    ).toBe(200);
  });

  it('accepts an order of two restaurants only when both have; operations can answer for one', async () => {
    const [a, b] = (
      await ctx.db.query<{ id: number }>(
        `SELECT c.id::int AS id FROM preset_chefs pc JOIN chefs c ON c.id = pc.chef_id WHERE pc.preset_id = $1 ORDER BY pc.position`,
        [pair.presetId],
      )
    ).rows.map((r) => r.id);
    const order = await placeOrder(ctx, pair, customer.jwt, NOW);
    const ra = await waitingRequest(a!, order.id);
    const rb = await waitingRequest(b!, order.id);

    expect((await answer(a!, order.id, ops.jwt, { answer: 'accept', request_id: ra.id })).statusCode).toBe(200);
    expect((await orderRow(ctx.db, order.id)).status).toBe('New');
    const byOps = (await detail(a!, order.id, ops.jwt)).json().order.request;
    expect(byOps).toMatchObject({ answer: 'accepted', answered_by: 'Caterway operations' });

    expect((await answer(b!, order.id, ops.jwt, { answer: 'accept', request_id: rb.id })).statusCode).toBe(200);
    expect((await orderRow(ctx.db, order.id)).status).toBe('Accepted');
  });

  it("closes the restaurant's waiting request when operations accept from the console", async () => {
    const order = await placeOrder(ctx, f, customer.jwt, NOW);
    const moved = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/ops/orders/${order.id}/events`,
      headers: auth(ops.jwt),
      payload: { event: 'accept' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const request = (await detail(f.chef.id, order.id, kitchen.jwt)).json().order.request;
    expect(request).toMatchObject({ kind: 'new_order', answer: 'accepted', answered_by: 'Caterway operations' });
  });

  it("keeps the restaurant's answering record: acceptance rate, median minutes to accept, declines", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${base(f.chef.id)}/stats`, headers: auth(kitchen.jwt) });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await ctx.db.query<{ accepted: number; declined: number }>(
      `SELECT count(*) FILTER (WHERE answer = 'accepted')::int AS accepted, count(*) FILTER (WHERE answer = 'declined')::int AS declined
         FROM restaurant_requests WHERE chef_id = $1 AND kind IN ('new_order', 'add_on')`,
      [f.chef.id],
    );
    const { accepted, declined } = rows[0]!;
    expect(accepted).toBeGreaterThan(0);
    expect(declined).toBeGreaterThan(0);
    expect(res.json().stats).toMatchObject({
      days: 90,
      accepted,
      declined,
      acceptance_rate: Math.round((accepted / (accepted + declined)) * 1000) / 1000,
      // the fixed clock answers at once
      median_minutes_to_accept: 0,
    });

    // the on-time record: delivered within 15 minutes of the delivery time, or late
    const onTime = await placeOrder(ctx, f, customer.jwt, NOW);
    const late = await placeOrder(ctx, f, customer.jwt, NOW);
    for (const [order, minutes] of [
      [onTime, 10],
      [late, 40],
    ] as const) {
      await moveOrder(ctx.db, order.id, ['accept', 'mark_delivery_ready', 'mark_delivered'], NOW);
      await ctx.db.query(
        `UPDATE order_events SET created_at = $2 WHERE catering_order_id = $1 AND event = 'mark_delivered'`,
        [order.id, new Date(order.delivery_at.getTime() + minutes * 60_000)],
      );
    }
    const after = (
      await ctx.app.inject({ method: 'GET', url: `${base(f.chef.id)}/stats`, headers: auth(kitchen.jwt) })
    ).json().stats;
    expect(after.delivered).toBeGreaterThanOrEqual(2);
    const { rows: counted } = await ctx.db.query<{ delivered: number; on_time: number }>(
      `SELECT count(*)::int AS delivered,
              count(*) FILTER (WHERE e.created_at <= o.delivery_at + interval '15 minutes')::int AS on_time
         FROM catering_orders o JOIN order_events e ON e.catering_order_id = o.id AND e.event = 'mark_delivered'
        WHERE o.chef_id = $1`,
      [f.chef.id],
    );
    expect(after.delivered).toBe(counted[0]!.delivered);
    expect(after.on_time_rate).toBe(Math.round((counted[0]!.on_time / counted[0]!.delivered) * 1000) / 1000);
    expect(after.on_time_rate).toBeLessThan(1);
  });

  it("shows customers the restaurant's record on its page, from the figures its team sees", async () => {
    // five more deliveries on time, so the on-time share rests on enough orders to be shown
    for (let i = 0; i < 5; i++) {
      const order = await placeOrder(ctx, f, customer.jwt, NOW);
      await moveOrder(ctx.db, order.id, ['accept', 'mark_delivery_ready', 'mark_delivered'], NOW);
      await ctx.db.query(
        `UPDATE order_events SET created_at = $2 WHERE catering_order_id = $1 AND event = 'mark_delivered'`,
        [order.id, new Date(order.delivery_at.getTime() + 5 * 60_000)],
      );
    }
    const stats = (
      await ctx.app.inject({ method: 'GET', url: `${base(f.chef.id)}/stats`, headers: auth(kitchen.jwt) })
    ).json().stats;
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v2/presets/${f.presetId}/reliability` });
    expect(res.statusCode, res.body).toBe(200);
    const text = reliabilityText({
      days: 90,
      acceptedByPeople: stats.accepted - stats.auto_accepted,
      autoAccepted: stats.auto_accepted,
      medianMinutesToAccept: stats.median_minutes_to_accept,
      delivered: stats.delivered,
      onTimeRate: stats.on_time_rate,
    });
    expect(text).toMatch(/% on time, last 90 days$/);
    expect(res.json()).toEqual({
      reliability: {
        text,
        days: 90,
        median_minutes_to_accept: stats.median_minutes_to_accept,
        on_time_rate: stats.on_time_rate,
        delivered: stats.delivered,
      },
    });
    // a restaurant without a record says nothing rather than 0%
    const { rows } = await ctx.db.query<{ id: number }>(
      `SELECT p.id::int AS id FROM presets p JOIN preset_chefs pc ON pc.preset_id = p.id
        WHERE p.preset_type = 'restaurant' AND p.is_active
          AND NOT EXISTS (SELECT 1 FROM restaurant_requests r WHERE r.chef_id = pc.chef_id) LIMIT 1`,
    );
    const quiet = await ctx.app.inject({ method: 'GET', url: `/api/v2/presets/${rows[0]!.id}/reliability` });
    expect(quiet.json()).toEqual({ reliability: null });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v2/presets/no-such/reliability' })).statusCode).toBe(404);
  });

  it('lets managers set notification addresses and auto-accept, with clear refusals', async () => {
    const url = `${base(f.chef.id)}/settings`;
    const staffTry = await ctx.app.inject({ method: 'GET', url, headers: auth(kitchen.jwt) });
    expect(staffTry.statusCode).toBe(403);
    const missing = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: auth(ops.jwt),
      payload: { notification_emails: [], auto_accept: 'under', auto_accept_max_cents: null },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.body).toContain(partnerSettingsMessages.maxNeeded);
    const saved = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: auth(ops.jwt),
      payload: { notification_emails: ['Orders@Kitchen.example'], auto_accept: 'all', auto_accept_max_cents: 5000 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // 'all' keeps no amount
    expect(saved.json().settings).toMatchObject({ auto_accept: 'all', auto_accept_max_cents: null });
    expect(saved.json().settings.notification_emails).toHaveLength(1);
    const read = await ctx.app.inject({ method: 'GET', url, headers: auth(ops.jwt) });
    expect(read.json()).toEqual(saved.json());
    await ctx.app.inject({
      method: 'PUT',
      url,
      headers: auth(ops.jwt),
      payload: { notification_emails: [], auto_accept: 'off', auto_accept_max_cents: null },
    });
  });

  it("prints an order's kitchen ticket and adds up the day's accepted orders in a prep list", async () => {
    const order = await placeOrder(ctx, f, customer.jwt, NOW);
    const request = await waitingRequest(f.chef.id, order.id, kitchen.jwt);
    expect(
      (await answer(f.chef.id, order.id, kitchen.jwt, { answer: 'accept', request_id: request.id })).statusCode,
    ).toBe(200);
    const ticket = await ctx.app.inject({
      method: 'GET',
      url: `${base(f.chef.id)}/orders/${order.id}/ticket.pdf`,
      headers: auth(kitchen.jwt),
    });
    expect(ticket.statusCode).toBe(200);
    expect(ticket.headers['content-type']).toBe('application/pdf');
    expect(ticket.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `${base(await ownChef(elsewhere.id))}/orders/${order.id}/ticket.pdf`,
          headers: auth(elsewhere.jwt),
        })
      ).statusCode,
    ).toBe(404);

    const date = localDateOf(order.delivery_at, order.time_zone);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${base(f.chef.id)}/prep-list?date=${date}`,
      headers: auth(kitchen.jwt),
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().prep_list;
    expect(list.orders.map((o: { id: number }) => o.id)).toContain(order.id);
    // every accepted order of the day, added up by dish
    const { rows } = await ctx.db.query<{ menu_name: string; quantity: number }>(
      `SELECT i.menu_name, sum(i.quantity)::int AS quantity
         FROM catering_order_items i JOIN catering_orders o ON o.id = i.catering_order_id
        WHERE o.id = ANY($1::bigint[]) AND i.quantity > 0 GROUP BY i.menu_name`,
      [list.orders.map((o: { id: number }) => o.id)],
    );
    expect(
      Object.fromEntries(list.dishes.map((d: { name: string; quantity: number }) => [d.name, d.quantity])),
    ).toEqual(Object.fromEntries(rows.map((r) => [r.menu_name, r.quantity])));
    // a New or declined order is not cooked
    const pending = await placeOrder(ctx, f, customer.jwt, NOW);
    const again = await ctx.app.inject({
      method: 'GET',
      url: `${base(f.chef.id)}/prep-list?date=${localDateOf(pending.delivery_at, pending.time_zone)}`,
      headers: auth(kitchen.jwt),
    });
    expect(again.json().prep_list.orders.map((o: { id: number }) => o.id)).not.toContain(pending.id);

    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `${base(f.chef.id)}/prep-list.pdf?date=${date}`,
      headers: auth(kitchen.jwt),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `${base(f.chef.id)}/prep-list?date=2026-02-30`,
      headers: auth(kitchen.jwt),
    });
    expect(bad.statusCode).toBe(422);
  });
});
