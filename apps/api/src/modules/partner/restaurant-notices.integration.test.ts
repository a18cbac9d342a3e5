// The restaurant is told, reminded and escalated, and answers by its email's links (issue 19
// part 1, decision 048): real checkouts, the real job runner and outbox on their own database.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { partnerMessages } from '@caterway/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { fixedClock } from '../../lib/clock.js';
import { createJobRunner, findJob, type JobRunner } from '../../lib/jobs.js';
import { emailsTo, linkIn, signedInUser } from '../auth/auth.test-helpers.js';
import { restaurantNoticesFrom } from '../order-lifecycle/lifecycle.compose.js';
import { auth, orderRow, placeOrder, staffUser } from '../order-lifecycle/lifecycle.test-helpers.js';
import { restaurantFixture, type RestaurantFixture } from '../orders/orders.test-helpers.js';
import { createPartnerRepository } from './partner.repository.js';

const NOW = new Date('2026-03-02T14:00:00Z'); // a Monday, 9:00 in Toronto
const quiet = { info() {}, warn() {}, error() {} };
const MINUTE = 60_000;

describe('restaurant notices: emails, one-click links, reminders and escalation', () => {
  let ctx: TestContext;
  let f: RestaurantFixture;
  const clock = fixedClock(NOW);
  let customer: { jwt: string };
  let manager: { email: string; jwt: string; id: number };
  let cook: { email: string };
  let runner: JobRunner;

  beforeAll(async () => {
    ctx = await createTestApp({ clock, env: { SESSION_IDLE_MINUTES: '525600' } });
    const { ensureDemoData } = await import('../../db/seed/demo.js');
    await ensureDemoData(ctx.db, quiet);
    f = await restaurantFixture(ctx.db);
    customer = await signedInUser(ctx.app, ctx.db);
    const partners = createPartnerRepository(ctx.db);
    manager = await signedInUser(ctx.app, ctx.db);

    await partners.addMember({ chefId: f.chef.id, userId: manager.id, role: 'manager' });
    const staff = await signedInUser(ctx.app, ctx.db);
    await partners.addMember({ chefId: f.chef.id, userId: staff.id, role: 'staff' });
    cook = staff;
    runner = createJobRunner({
      db: ctx.db,
      clock,
      handlers: restaurantNoticesFrom(ctx.deps, quiet).jobHandlers(),
      log: quiet,
    });
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(() => clock.set(NOW));

  const tokenOf = (link: string) => new URL(link).hash.replace('#token=', '');
  const lookup = (token: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/v2/partner/answer-links/lookup', payload: { token } });
  const answerBy = (token: string, extra: object = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/v2/partner/answer-links/answer', payload: { token, ...extra } });

  /** A paid order and the email its restaurant's manager got for it, once the queue ran. */
  async function emailedOrder() {
    const order = await placeOrder(ctx, f, customer.jwt, NOW);
    await runner.runDue();
    const mails = (await emailsTo(ctx.db, manager.email, 'restaurant_new_order')).filter((m) =>
      m.subject.includes(order.order_number),
    );
    expect(mails).toHaveLength(1);
    const text = mails[0]!.text_body;
    return {
      order,
      text,
      accept: tokenOf(linkIn(text, `Accept: ${ctx.deps.config.publicUrl}/partner/answer#token=`).slice(8)),
      decline: tokenOf(linkIn(text, `Decline: ${ctx.deps.config.publicUrl}/partner/answer#token=`).slice(9)),
    };
  }

  it("emails a paid order to the restaurant's managers with its servings and links, and starts its ladder", async () => {
    const { order, text } = await emailedOrder();
    expect(text).toContain(`${f.chef.business_name},`);
    expect(text).toContain(`/partner/${f.chef.id}/orders/${order.id}`);
    // staff are not emailed (owners and managers are, unless the restaurant lists its addresses)
    expect(
      (await emailsTo(ctx.db, cook.email, 'restaurant_new_order')).some((m) => m.subject.includes(order.order_number)),
    ).toBe(false);
    // the delivery is more than a day away: a reminder at 15 minutes, operations at 30
    const { rows } = await ctx.db.query<{ id: number; created_at: Date }>(
      'SELECT id::int AS id, created_at FROM restaurant_requests WHERE catering_order_id = $1',
      [order.id],
    );
    const request = rows[0]!;
    expect((await findJob(ctx.db, 'remind_restaurant', String(request.id)))!.run_at.getTime()).toBe(
      request.created_at.getTime() + 15 * MINUTE,
    );
    expect((await findJob(ctx.db, 'escalate_restaurant_request', String(request.id)))!.run_at.getTime()).toBe(
      request.created_at.getTime() + 30 * MINUTE,
    );
    // a second run of the queue emails nothing again
    await runner.runDue();
    expect(
      (await emailsTo(ctx.db, manager.email, 'restaurant_new_order')).filter((m) =>
        m.subject.includes(order.order_number),
      ),
    ).toHaveLength(1);
  });

  it('accepts by the link once; the customer sees Accepted; a second click is refused', async () => {
    const { order, accept } = await emailedOrder();
    const shown = await lookup(accept);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({
      action: 'accept',
      answer: null,
      restaurant_name: f.chef.business_name,
      order: { order_number: order.order_number },
    });
    // looking is not answering
    expect((await orderRow(ctx.db, order.id)).status).toBe('New');

    const res = await answerBy(accept);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ answer: 'accepted', order: { status: 'Accepted' } });
    const mine = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/catering_orders/${order.id}`,
      headers: auth(customer.jwt),
    });
    expect(mine.json().catering_order.status).toBe('Accepted');
    const { rows } = await ctx.db.query(
      'SELECT answered_via, answered_by_user_id FROM restaurant_requests WHERE catering_order_id = $1',
      [order.id],
    );
    expect(rows).toEqual([{ answered_via: 'email', answered_by_user_id: null }]);

    const again = await answerBy(accept);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(partnerMessages.requestAnswered);
  });

  it('declines by the link with a reason; the hold is voided', async () => {
    const { order, decline } = await emailedOrder();
    const bare = await answerBy(decline);
    expect(bare.statusCode).toBe(422);
    expect(bare.body).toContain(partnerMessages.declineReasonNeeded);
    const res = await answerBy(decline, { reason: 'closed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ action: 'decline', answer: 'declined' });
    expect(await orderRow(ctx.db, order.id)).toMatchObject({ status: 'declined', payment_status: 'canceled' });
  });

  it('refuses a forged or expired link with a clear message', async () => {
    const { order, accept } = await emailedOrder();
    const [head, body, signature] = accept.split('.');
    const forged = `${head}.${body}.${signature!.slice(0, -4)}AAAA`;
    const bad = await lookup(forged);
    expect(bad.statusCode).toBe(404);
    expect(bad.json().error).toBe(partnerMessages.linkInvalid);
    expect((await lookup('not-a-token')).json().error).toBe(partnerMessages.linkInvalid);

    clock.set(new Date(order.delivery_at.getTime() + MINUTE));
    const late = await answerBy(accept);
    expect(late.statusCode).toBe(404);
    expect(late.json().error).toBe(partnerMessages.linkExpired);
    expect((await orderRow(ctx.db, order.id)).status).toBe('New');
  });

  it('reminds the restaurant, then escalates to operations, while nobody answers; stops once answered', async () => {
    const { order } = await emailedOrder();
    clock.set(new Date(NOW.getTime() + 16 * MINUTE));
    await runner.runDue();
    const reminders = (await emailsTo(ctx.db, manager.email, 'restaurant_request_reminder')).filter((m) =>
      m.subject.includes(order.order_number),
    );
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toMatch(/^Reminder: /);

    clock.set(new Date(NOW.getTime() + 31 * MINUTE));
    await runner.runDue();
    const escalations = (await emailsTo(ctx.db, ctx.deps.config.supportEmail, 'restaurant_request_escalated')).filter(
      (m) => m.subject.includes(order.order_number),
    );
    expect(escalations).toHaveLength(1);
    const { rows } = await ctx.db.query(
      'SELECT reminded_at IS NOT NULL AS reminded, escalated_at IS NOT NULL AS escalated FROM restaurant_requests WHERE catering_order_id = $1',
      [order.id],
    );
    expect(rows).toEqual([{ reminded: true, escalated: true }]);

    // operations see it in their queue, with whom to call, until they answer for the restaurant
    const ops = await staffUser(ctx.app, ctx.db);
    const queue = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/v2/ops/escalations', headers: auth(ops.jwt) })).json()
        .escalations as { order_id: number; kind: string; contacts: string[]; restaurant: { id: number } }[];
    const queued = (await queue()).find((e) => e.order_id === order.id);
    expect(queued).toMatchObject({ kind: 'new_order', restaurant: { id: f.chef.id } });
    expect(queued!.contacts).toContain(manager.email);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v2/ops/escalations', headers: auth(manager.jwt) })).statusCode,
    ).toBe(403);
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/ops/orders/${order.id}/events`,
      headers: auth(ops.jwt),
      payload: { event: 'accept' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await queue()).some((e) => e.order_id === order.id)).toBe(false);

    // answered before its ladder: no reminder
    const quick = await emailedOrder();
    expect((await answerBy(quick.accept)).statusCode).toBe(200);
    clock.set(new Date(NOW.getTime() + 40 * MINUTE));
    await runner.runDue();
    expect(
      (await emailsTo(ctx.db, manager.email, 'restaurant_request_reminder')).filter((m) =>
        m.subject.includes(quick.order.order_number),
      ),
    ).toHaveLength(0);
  });

  it('declines an order nobody answered at the end of its ladder: the customer is told, the hold voided', async () => {
    const { order } = await emailedOrder();
    const request = (
      await ctx.db.query<{ id: number }>('SELECT id::int AS id FROM restaurant_requests WHERE catering_order_id = $1', [
        order.id,
      ])
    ).rows[0]!;
    expect((await findJob(ctx.db, 'expire_restaurant_request', String(request.id)))!.run_at.getTime()).toBe(
      NOW.getTime() + 120 * MINUTE,
    );
    clock.set(new Date(NOW.getTime() + 119 * MINUTE));
    await runner.runDue();
    expect((await orderRow(ctx.db, order.id)).status).toBe('New');

    clock.set(new Date(NOW.getTime() + 121 * MINUTE));
    await runner.runDue();
    expect(await orderRow(ctx.db, order.id)).toMatchObject({ status: 'declined', payment_status: 'canceled' });
    const { rows } = await ctx.db.query(
      'SELECT answer, answered_via, decline_reason FROM restaurant_requests WHERE id = $1',
      [request.id],
    );
    expect(rows).toEqual([{ answer: 'declined', answered_via: 'system', decline_reason: 'no_answer' }]);
    const told = (await emailsTo(ctx.db, order.email, 'order_declined')).filter((m) =>
      m.subject.includes(order.order_number),
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.text_body).toContain('The restaurant did not confirm the order in time.');
    expect(told[0]!.text_body).not.toContain("The restaurant's reason");
    // the restaurant's portal says what happened
    const detail = await ctx.app.inject({
      url: `/api/v2/partner/restaurants/${f.chef.id}/orders/${order.id}`,
      headers: auth(manager.jwt),
    });
    expect(detail.json().order.request).toMatchObject({ answer: 'declined', decline_reason: 'no_answer' });
  });

  it('leaves an answered order alone when its expiry comes', async () => {
    const { order, accept } = await emailedOrder();
    expect((await answerBy(accept)).statusCode).toBe(200);
    clock.set(new Date(NOW.getTime() + 121 * MINUTE));
    await runner.runDue();
    expect((await orderRow(ctx.db, order.id)).status).toBe('Accepted');
  });

  it("emails the restaurant's own notification addresses when it has them", async () => {
    await ctx.db.query('INSERT INTO restaurant_settings (chef_id, notification_emails) VALUES ($1, $2)', [
      f.chef.id,
      ['orders@kitchen.example'],
    ]);
    try {
      const order = await placeOrder(ctx, f, customer.jwt, NOW);
      await runner.runDue();
      expect(
        (await emailsTo(ctx.db, 'orders@kitchen.example', 'restaurant_new_order')).some((m) =>
          m.subject.includes(order.order_number),
        ),
      ).toBe(true);
      expect(
        (await emailsTo(ctx.db, manager.email, 'restaurant_new_order')).some((m) =>
          m.subject.includes(order.order_number),
        ),
      ).toBe(false);
    } finally {
      await ctx.db.query('DELETE FROM restaurant_settings WHERE chef_id = $1', [f.chef.id]);
    }
  });

  it('accepts an order at once when the restaurant auto-accepts its size, and asks for a larger one', async () => {
    const probe = await placeOrder(ctx, f, customer.jwt, NOW);
    await runner.runDue();
    const food = (
      await ctx.db.query<{ total: number }>(
        'SELECT sum(line_subtotal_cents)::int AS total FROM catering_order_items WHERE catering_order_id = $1',
        [probe.id],
      )
    ).rows[0]!.total;
    await ctx.db.query(
      `INSERT INTO restaurant_settings (chef_id, auto_accept, auto_accept_max_cents) VALUES ($1, 'under', $2)`,
      [f.chef.id, food],
    );
    try {
      const small = await placeOrder(ctx, f, customer.jwt, NOW);
      await runner.runDue();
      expect((await orderRow(ctx.db, small.id)).status).toBe('Accepted');
      const { rows } = await ctx.db.query(
        'SELECT answer, answered_via FROM restaurant_requests WHERE catering_order_id = $1',
        [small.id],
      );
      expect(rows).toEqual([{ answer: 'accepted', answered_via: 'auto' }]);
      const told = (await emailsTo(ctx.db, manager.email, 'restaurant_auto_accepted')).filter((m) =>
        m.subject.includes(small.order_number),
      );
      expect(told).toHaveLength(1);
      expect(told[0]!.text_body).not.toContain('/partner/answer#token=');

      await ctx.db.query('UPDATE restaurant_settings SET auto_accept_max_cents = $2 WHERE chef_id = $1', [
        f.chef.id,
        food - 1,
      ]);
      const large = await placeOrder(ctx, f, customer.jwt, NOW);
      await runner.runDue();
      expect((await orderRow(ctx.db, large.id)).status).toBe('New');
      expect(
        (await emailsTo(ctx.db, manager.email, 'restaurant_new_order')).some((m) =>
          m.subject.includes(large.order_number),
        ),
      ).toBe(true);
    } finally {
      await ctx.db.query(`DELETE FROM restaurant_settings WHERE chef_id = $1`, [f.chef.id]);
    }
  });

  it('asks the restaurant the day before the delivery to reconfirm an accepted order', async () => {
    const { order, accept } = await emailedOrder();
    expect((await answerBy(accept)).statusCode).toBe(200);
    const job = (await findJob(ctx.db, 'reconfirm_order', String(order.id)))!;
    expect(job.run_at.getTime()).toBe(order.delivery_at.getTime() - 24 * 60 * MINUTE);

    clock.set(job.run_at);
    await runner.runDue(); // opens the reconfirmation
    await runner.runDue(); // emails it
    const asked = (await emailsTo(ctx.db, manager.email, 'restaurant_reconfirmation')).filter((m) =>
      m.subject.includes(order.order_number),
    );
    expect(asked).toHaveLength(1);
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/partner/restaurants/${f.chef.id}/orders?view=waiting`,
      headers: auth(manager.jwt),
    });
    const row = listed.json().orders.find((o: { id: number }) => o.id === order.id);
    expect(row).toMatchObject({ status: 'Accepted', request: { kind: 'reconfirmation' }, actions: ['acknowledge'] });
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/partner/restaurants/${f.chef.id}/orders/${order.id}/answers`,
      headers: auth(manager.jwt),
      payload: { answer: 'acknowledge', request_id: row.request.id },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // its ladder stops: no reminder once confirmed
    clock.set(new Date(job.run_at.getTime() + 60 * MINUTE));
    await runner.runDue();
    expect(
      (await emailsTo(ctx.db, manager.email, 'restaurant_request_reminder')).filter((m) =>
        m.subject.includes(order.order_number),
      ),
    ).toHaveLength(0);
  });
});
