import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { opsMessages } from '@caterway/contracts';
import { editRuleMessages, localDateOf } from '@caterway/domain';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { withTransaction } from '../../db/pool.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { fixedClock } from '../../lib/clock.js';
import { createJobRunner, findJob } from '../../lib/jobs.js';
import type { Mailer } from '../../ports/email.js';
import type { PaymentProvider } from '../../ports/payments.js';
import { emailsTo, signedInUser } from '../auth/auth.test-helpers.js';
import { invoicesServiceFrom } from '../invoices/invoices.compose.js';
import { orderPayload, restaurantFixture, type RestaurantFixture } from '../orders/orders.test-helpers.js';
import { lifecycleServiceFrom } from './lifecycle.compose.js';
import { applyOrderEvent } from './lifecycle.repository.js';
import {
  CHECK_PAYMENT,
  createLifecycleService,
  PROCESS_ORDER,
  scheduleProcessing,
  type LifecycleService,
} from './lifecycle.service.js';
import { auth, intentStatus, orderRow, placeOrder, staffUser } from './lifecycle.test-helpers.js';

const NOW = new Date('2026-03-02T14:00:00Z'); // a Monday, 9:00 in Toronto
const quiet = { info() {}, warn() {}, error() {} };
const HOUR = 3_600_000;

describe('order lifecycle: processing, operations console, customer cancel', () => {
  let ctx: TestContext;
  let f: RestaurantFixture;
  let fEft: RestaurantFixture;
  const clock = fixedClock(NOW);
  let service: LifecycleService;
  let customer: { jwt: string; email: string; id: number };
  let other: { jwt: string };
  let staff: { jwt: string; email: string; id: number };

  beforeAll(async () => {
    // the clock moves days ahead to processing and delivery times: sessions must outlive that
    ctx = await createTestApp({ clock, env: { SESSION_IDLE_MINUTES: '525600' } });
    await ensureDemoData(ctx.db, quiet);
    f = await restaurantFixture(ctx.db);
    fEft = await restaurantFixture(ctx.db, { eft: true });
    customer = await signedInUser(ctx.app, ctx.db);
    other = await signedInUser(ctx.app, ctx.db);
    staff = await staffUser(ctx.app, ctx.db);
    service = lifecycleServiceFrom(ctx.deps, quiet);
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(() => clock.set(NOW));

  const place = (opts: { eft?: boolean } = {}) => placeOrder(ctx, opts.eft ? fEft : f, customer.jwt, NOW, opts);
  const staffEvent = (id: number, event: string, jwt: string | null = staff.jwt) =>
    ctx.app.inject({ method: 'POST', url: `/api/v2/ops/orders/${id}/events`, headers: auth(jwt), payload: { event } });
  const cancel = (id: number, jwt: string | null = customer.jwt) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/v2/catering_orders/${id}`, headers: auth(jwt) });
  const detail = async (id: number) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v2/ops/orders/${id}`, headers: auth(staff.jwt) });
    expect(res.statusCode).toBe(200);
    return res.json().order;
  };
  const accepted = async () => {
    const order = await place();
    expect((await staffEvent(order.id, 'accept')).statusCode).toBe(200);
    return orderRow(ctx.db, order.id);
  };

  describe('who may call', () => {
    it('ops routes: anonymous 401, a customer 403, staff 200', async () => {
      const order = await place();
      const routes = [
        { method: 'GET' as const, url: '/api/v2/ops/orders?from=2026-03-01&to=2026-03-31' },
        { method: 'GET' as const, url: `/api/v2/ops/orders/${order.id}` },
        { method: 'POST' as const, url: `/api/v2/ops/orders/${order.id}/events`, payload: { event: 'accept' } },
      ];
      for (const r of routes) {
        expect((await ctx.app.inject({ ...r })).statusCode).toBe(401);
        const asCustomer = await ctx.app.inject({ ...r, headers: auth(customer.jwt) });
        expect(asCustomer.statusCode).toBe(403);
        expect(asCustomer.json()).toEqual({ error: 'Not authorized' });
      }
      expect((await orderRow(ctx.db, order.id)).status).toBe('New');
      expect((await ctx.app.inject({ ...routes[0]!, headers: auth(staff.jwt) })).statusCode).toBe(200);
    });

    it('customer cancel: anonymous 401; another customer, staff and an unknown id 404', async () => {
      const order = await accepted();
      expect((await cancel(order.id, null)).statusCode).toBe(401);
      for (const jwt of [other.jwt, staff.jwt]) {
        const res = await cancel(order.id, jwt);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'Order not found' });
      }
      expect((await cancel(99_999_999)).statusCode).toBe(404);
      expect((await orderRow(ctx.db, order.id)).status).toBe('Accepted');
    });
  });

  describe('processing at orderProcessingAt', () => {
    it('paying queues process_order at the processing time; the runner captures an accepted order then', async () => {
      const order = await accepted();
      const job = (await findJob(ctx.db, PROCESS_ORDER, `order:${order.id}`))!;
      expect(job.run_at.getTime()).toBe(order.order_processing_at.getTime());
      expect(order.order_processing_at.getTime()).toBeLessThan(order.delivery_at.getTime());

      const runner = createJobRunner({ db: ctx.db, clock, handlers: service.jobHandlers(), log: quiet });
      clock.set(new Date(order.order_processing_at.getTime() - 1));
      await runner.runDue();
      expect(await orderRow(ctx.db, order.id)).toMatchObject({
        editable: true,
        processing: 'pending',
        payment_status: 'authorized',
      });

      clock.set(order.order_processing_at);
      await runner.runDue();
      const after = await orderRow(ctx.db, order.id);
      expect(after).toMatchObject({
        editable: false,
        processing: 'processed',
        payment_status: 'captured',
        captured_cents: order.total_cents,
        authorized_cents: 0,
        status: 'Accepted',
      });
      expect(await intentStatus(ctx.db, order.payment_intent_id!)).toMatchObject({
        status: 'succeeded',
        amount_received: order.total_cents,
      });
      expect(await findJob(ctx.db, PROCESS_ORDER, `order:${order.id}`)).toBeUndefined(); // ran, out of the queue
      const d = await detail(order.id);
      expect(d).toMatchObject({ display_status: 'Processed', status_label: 'Accepted' });
      expect(d.events.map((e: { event: string }) => e.event)).toEqual([
        'pay',
        'accept',
        'edits_locked',
        'payment_captured',
      ]);
      // running it again changes nothing (the capture is idempotent)
      await service.processOrder(order.id);
      expect((await orderRow(ctx.db, order.id)).captured_cents).toBe(order.total_cents);
    });

    it('a New order is locked at processing time, and captured at once when staff accept it later', async () => {
      const order = await place();
      clock.set(new Date(order.order_processing_at.getTime() + HOUR));
      await service.processOrder(order.id);
      expect(await orderRow(ctx.db, order.id)).toMatchObject({
        status: 'New',
        editable: false,
        processing: 'pending',
        payment_status: 'authorized',
      });
      const res = await staffEvent(order.id, 'accept');
      expect(res.statusCode).toBe(200);
      expect(res.json().order).toMatchObject({
        status: 'Accepted',
        display_status: 'Processed',
        payment_status: 'captured',
      });
      expect((await orderRow(ctx.db, order.id)).captured_cents).toBe(order.total_cents);
    });

    it('an order waiting for a payment method is left for staff, with a note in its history', async () => {
      const order = await accepted();
      await withTransaction(ctx.db, (tx) =>
        applyOrderEvent(tx, {
          orderId: order.id,
          event: 'payment_needs_setup',
          actor: 'system',
          actorUserId: null,
          now: NOW,
        }),
      );
      clock.set(order.order_processing_at);
      await service.processOrder(order.id);
      expect(await orderRow(ctx.db, order.id)).toMatchObject({
        status: 'CardSetup',
        editable: false,
        processing: 'pending',
        payment_status: 'authorized',
        captured_cents: 0,
      });
      const note = (await detail(order.id)).events.at(-1);
      expect(note).toMatchObject({ event: 'capture_skipped', actor_kind: 'system', actor_email: null });
      expect(note.note).toMatch(/cannot be captured/);
    });

    it('an order whose processing time moved is processed at the new time, not the old one', async () => {
      const order = await accepted();
      const old = order.order_processing_at;
      const moved = new Date(old.getTime() + 2 * HOUR);
      // an edit moves the time and calls scheduleProcessing again
      await ctx.db.query('UPDATE catering_orders SET order_processing_at = $2 WHERE id = $1', [order.id, moved]);
      await scheduleProcessing(ctx.db, { id: order.id, order_processing_at: moved });
      expect((await findJob(ctx.db, PROCESS_ORDER, `order:${order.id}`))!.run_at.getTime()).toBe(moved.getTime());

      // even a job still queued at the old time re-reads the order and waits for the new one
      await scheduleProcessing(ctx.db, { id: order.id, order_processing_at: old });
      const runner = createJobRunner({ db: ctx.db, clock, handlers: service.jobHandlers(), log: quiet });
      clock.set(old);
      await runner.runDue();
      expect(await orderRow(ctx.db, order.id)).toMatchObject({ editable: true, processing: 'pending' });
      expect(await findJob(ctx.db, PROCESS_ORDER, `order:${order.id}`)).toBeDefined(); // still queued
      expect((await findJob(ctx.db, PROCESS_ORDER, `order:${order.id}`))!.run_at.getTime()).toBe(moved.getTime());
      clock.set(moved);
      await runner.runDue();
      expect(await orderRow(ctx.db, order.id)).toMatchObject({ editable: false, processing: 'processed' });
    });

    it('bank debit with the sandbox: the capture settles it at processing time', async () => {
      const order = await place({ eft: true });
      expect(order).toMatchObject({ is_eft: true, payment_status: 'processing' });
      expect((await staffEvent(order.id, 'accept')).statusCode).toBe(200);
      clock.set(order.order_processing_at);
      await service.processOrder(order.id);
      expect(await orderRow(ctx.db, order.id)).toMatchObject({
        processing: 'processed',
        payment_status: 'captured',
        captured_cents: order.total_cents,
      });
    });

    it('bank debit settled later by the provider: Processing until the intent succeeds, re-checked by a follow-up job', async () => {
      // a provider that settles bank debits on its own schedule (as Stripe does): capture
      // leaves a debit processing until `settle` runs
      const sandbox = ctx.deps.payments;
      const settled = new Set<string>();
      const bankLike: PaymentProvider = {
        ...sandbox,
        async capturePaymentIntent(id, input) {
          const pi = await sandbox.retrievePaymentIntent(id);
          return pi.status === 'processing' && !settled.has(id) ? pi : sandbox.capturePaymentIntent(id, input);
        },
        async retrievePaymentIntent(id) {
          if (settled.has(id)) await sandbox.capturePaymentIntent(id, { idempotencyKey: `bank-settles-${id}` });
          return sandbox.retrievePaymentIntent(id);
        },
      };
      const slow = createLifecycleService({
        db: ctx.db,
        payments: bankLike,
        mailer: ctx.deps.mailer,
        clock,
        publicUrl: 'http://x',
        invoicing: invoicesServiceFrom(ctx.deps),
        log: quiet,
        paymentRecheckMs: HOUR,
      });
      const order = await place({ eft: true });
      expect((await staffEvent(order.id, 'accept')).statusCode).toBe(200);
      clock.set(order.order_processing_at);
      await slow.processOrder(order.id);
      expect(await orderRow(ctx.db, order.id)).toMatchObject({
        processing: 'processing',
        payment_status: 'processing',
        editable: false,
      });
      expect((await detail(order.id)).display_status).toBe('Processing');
      const check = (await findJob(ctx.db, CHECK_PAYMENT, `order:${order.id}`))!;
      expect(check.run_at.getTime()).toBe(order.order_processing_at.getTime() + HOUR);

      const runner = createJobRunner({ db: ctx.db, clock, handlers: slow.jobHandlers(), log: quiet });
      clock.set(check.run_at);
      await runner.runDue();
      expect((await orderRow(ctx.db, order.id)).processing).toBe('processing'); // still in flight
      const again = (await findJob(ctx.db, CHECK_PAYMENT, `order:${order.id}`))!;
      expect(again.run_at.getTime()).toBe(check.run_at.getTime() + HOUR);

      settled.add(order.payment_intent_id!);
      clock.set(again.run_at);
      await runner.runDue();
      expect(await orderRow(ctx.db, order.id)).toMatchObject({
        processing: 'processed',
        payment_status: 'captured',
        captured_cents: order.total_cents,
      });
      expect((await detail(order.id)).display_status).toBe('Processed');
    });
  });

  describe('operations console', () => {
    it('lists placed orders by delivery day with customer, restaurant, totals, labels and staff actions', async () => {
      const order = await place();
      const { rows } = await ctx.db.query('SELECT delivery_at, time_zone FROM catering_orders WHERE id = $1', [
        order.id,
      ]);
      const day = localDateOf(rows[0].delivery_at, rows[0].time_zone);
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/v2/ops/orders?from=${day}&to=${day}`,
        headers: auth(staff.jwt),
      });
      expect(res.statusCode).toBe(200);
      const listed = res.json().orders.find((o: { id: number }) => o.id === order.id);
      expect(listed).toMatchObject({
        order_number: order.order_number,
        delivery_date: day,
        customer: { name: 'Dana Morgan', email: 'dana@example.com', company_name: 'Northwind Consulting' },
        restaurant: { name: f.chef.business_name },
        totals: {
          total_cents: order.total_cents,
          authorized_cents: order.total_cents,
          captured_cents: 0,
          refunded_cents: 0,
        },
        status: 'New',
        status_label: 'New',
        display_status: null,
        payment_status: 'authorized',
        available_events: ['accept', 'decline'],
      });
      expect(listed.display_delivery_date_time).toContain(' at ');
      for (const o of res.json().orders) expect(o.delivery_date).toBe(day);
      // drafts never show; another day does not list it
      const draft = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/catering_orders',
        headers: auth(customer.jwt),
        payload: { catering_order: orderPayload(f, NOW), is_eft: false },
      });
      expect(draft.statusCode).toBe(201);
      const again = await ctx.app.inject({
        method: 'GET',
        url: `/api/v2/ops/orders?from=${day}&to=${day}`,
        headers: auth(staff.jwt),
      });
      expect(again.json().orders.some((o: { id: number }) => o.id === draft.json().catering_order.id)).toBe(false);
      expect(again.json().orders.some((o: { id: number }) => o.id === order.id)).toBe(true);
      const before = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      const none = await ctx.app.inject({
        method: 'GET',
        url: `/api/v2/ops/orders?from=${before}&to=${before}`,
        headers: auth(staff.jwt),
      });
      expect(none.json().orders.some((o: { id: number }) => o.id === order.id)).toBe(false);
    });

    it('refuses bad date ranges with a clear message', async () => {
      const get = (q: string) =>
        ctx.app.inject({ method: 'GET', url: `/api/v2/ops/orders${q}`, headers: auth(staff.jwt) });
      const backwards = await get('?from=2026-03-10&to=2026-03-01');
      expect(backwards.statusCode).toBe(422);
      expect(backwards.json().messages).toEqual(['The end date must be on or after the start date.']);
      expect((await get('?from=2026-01-01&to=2026-06-30')).json().messages).toEqual(['Choose at most 62 days.']);
      for (const q of [
        '?from=2026-02-30&to=2026-03-01',
        '?from=2026-04-01&to=2026-04-31',
        '?from=2026-13-01&to=2026-13-02',
      ]) {
        const bad = await get(q);
        expect(bad.statusCode).toBe(422);
        expect(bad.json().messages).toEqual([opsMessages.invalidDates]);
      }
      const missing = await get('?from=2026-03-01');
      expect([400, 422]).toContain(missing.statusCode);
      expect((await get('?from=yesterday&to=2026-03-01')).statusCode).not.toBe(500);
    });

    it('accept, delivery-ready and delivered: recorded with who and when, the customer emailed, then settled once captured', async () => {
      const order = await place();
      const before = (await emailsTo(ctx.db, 'dana@example.com')).length;
      const accept = await staffEvent(order.id, 'accept');
      expect(accept.statusCode).toBe(200);
      expect(accept.json().order).toMatchObject({
        status: 'Accepted',
        available_events: ['mark_delivery_ready', 'cancel'],
      });
      const ev = accept.json().order.events.at(-1);
      expect(ev).toMatchObject({
        event: 'accept',
        from_status: 'New',
        to_status: 'Accepted',
        actor_kind: 'staff',
        actor_email: staff.email,
        created_at: NOW.toISOString(),
      });
      const mails = await emailsTo(ctx.db, 'dana@example.com', 'order_accepted');
      expect(mails.at(-1)!.subject).toBe(`Your Caterway order ${order.order_number} was accepted`);

      clock.set(order.order_processing_at);
      await service.processOrder(order.id);
      clock.set(new Date(order.delivery_at.getTime() - HOUR));
      const ready = await staffEvent(order.id, 'mark_delivery_ready');
      expect(ready.json().order).toMatchObject({
        status: 'DeliveryReady',
        status_label: 'Delivery Ready',
        available_events: ['mark_delivered'],
      });
      clock.set(order.delivery_at);
      const delivered = await staffEvent(order.id, 'mark_delivered');
      expect(delivered.statusCode).toBe(200);
      // delivered and captured: settled to customer_paid by the system, in the same step
      expect(delivered.json().order).toMatchObject({
        status: 'customer_paid',
        status_label: 'Delivered',
        available_events: [],
      });
      const trail = delivered
        .json()
        .order.events.map((e: { event: string; actor_kind: string }) => `${e.event}:${e.actor_kind}`);
      expect(trail).toEqual([
        'pay:customer',
        'accept:staff',
        'edits_locked:system',
        'payment_captured:system',
        'mark_delivery_ready:staff',
        'mark_delivered:staff',
        'settle:system',
      ]);
      expect((await emailsTo(ctx.db, 'dana@example.com', 'order_delivered')).at(-1)!.subject).toContain(
        'was delivered',
      );
      expect((await emailsTo(ctx.db, 'dana@example.com')).length).toBe(before + 2);
      const row = await orderRow(ctx.db, order.id);
      expect(row.delivered_at!.getTime()).toBe(order.delivery_at.getTime());
      expect(row.delivery_ready_at).not.toBeNull();
    });

    it('a delivered order not yet captured stays Delivered, and settles when its payment is captured', async () => {
      const order = await accepted();
      expect((await staffEvent(order.id, 'mark_delivery_ready')).statusCode).toBe(200);
      expect((await staffEvent(order.id, 'mark_delivered')).json().order.status).toBe('Delivered');
      clock.set(order.order_processing_at);
      await service.processOrder(order.id);
      expect(await orderRow(ctx.db, order.id)).toMatchObject({ status: 'customer_paid', payment_status: 'captured' });
    });

    it('decline voids the authorisation and emails the customer', async () => {
      const order = await place();
      const res = await staffEvent(order.id, 'decline');
      expect(res.statusCode).toBe(200);
      expect(res.json().order).toMatchObject({
        status: 'declined',
        status_label: 'declined',
        payment_status: 'canceled',
        available_events: [],
      });
      expect(await intentStatus(ctx.db, order.payment_intent_id!)).toMatchObject({
        status: 'canceled',
        amount_received: 0,
      });
      expect(await orderRow(ctx.db, order.id)).toMatchObject({ authorized_cents: 0, editable: false });
      const mail = (await emailsTo(ctx.db, 'dana@example.com', 'order_declined')).at(-1)!;
      expect(mail.text_body).toContain('you were not charged');
    });

    it('staff cancel after the capture refunds it in full', async () => {
      const order = await accepted();
      clock.set(order.order_processing_at);
      await service.processOrder(order.id);
      const res = await staffEvent(order.id, 'cancel');
      expect(res.statusCode).toBe(200);
      expect(res.json().order).toMatchObject({
        status: 'Canceled',
        status_label: 'Canceled',
        payment_status: 'refunded',
        totals: { captured_cents: order.total_cents, refunded_cents: order.total_cents },
      });
      expect(await intentStatus(ctx.db, order.payment_intent_id!)).toMatchObject({
        amount_refunded: order.total_cents,
      });
      const mail = (await emailsTo(ctx.db, 'dana@example.com', 'order_cancelled')).at(-1)!;
      expect(mail.text_body).toContain('Our operations team cancelled your order');
      expect(mail.text_body).toContain('We refunded $');
    });

    it('refuses illegal moves with 409 and the machine message, and unknown orders with 404', async () => {
      const order = await place();
      const ready = await staffEvent(order.id, 'mark_delivery_ready');
      expect(ready.statusCode).toBe(409);
      expect(ready.json()).toEqual({ error: 'An order that is New cannot be marked delivery-ready.' });
      expect((await staffEvent(order.id, 'cancel')).json()).toEqual({
        error: 'An order that is New cannot be cancelled.',
      });
      expect((await staffEvent(order.id, 'decline')).statusCode).toBe(200);
      const again = await staffEvent(order.id, 'accept');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: 'An order that is declined cannot be accepted.' });
      expect((await staffEvent(99_999_999, 'accept')).statusCode).toBe(404);
      const bad = await staffEvent(order.id, 'settle');
      expect([400, 422]).toContain(bad.statusCode);
      // a body cannot set the status or the money
      const sneaky = await ctx.app.inject({
        method: 'POST',
        url: `/api/v2/ops/orders/${order.id}/events`,
        headers: auth(staff.jwt),
        payload: { event: 'accept', status: 'Delivered', captured_cents: 1 },
      });
      expect(sneaky.statusCode).toBe(409);
      expect((await orderRow(ctx.db, order.id)).status).toBe('declined');
    });

    it('an email failure never fails the change', async () => {
      const broken: Mailer = {
        transport: 'outbox',
        send: () => Promise.reject(new Error('SMTP down')),
      };
      const errors: object[] = [];
      const svc = createLifecycleService({
        db: ctx.db,
        payments: ctx.deps.payments,
        mailer: broken,
        clock,
        publicUrl: 'http://x',
        invoicing: invoicesServiceFrom(ctx.deps),
        log: { error: (o) => void errors.push(o), warn() {} },
      });
      const order = await place();
      const result = await svc.staffEvent(staff.id, order.id, 'accept');
      expect(result.order.status).toBe('Accepted');
      const cancelled = await svc.customerCancel(customer.id, order.id);
      expect(cancelled.catering_order.status).toBe('Canceled');
      expect(errors).toHaveLength(2);
    });
  });

  describe('customer cancel: DELETE api/v2/catering_orders/{id}', () => {
    it('an accepted upcoming order: voided, Canceled, not editable, emailed; the answer has exactly the agreed shape', async () => {
      const order = await accepted();
      const res = await cancel(order.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        catering_order: { id: order.id, status: 'Canceled', payment_status: 'canceled', refunded_cents: 0 },
      });
      expect(await orderRow(ctx.db, order.id)).toMatchObject({
        status: 'Canceled',
        editable: false,
        authorized_cents: 0,
      });
      expect((await orderRow(ctx.db, order.id)).canceled_at!.getTime()).toBe(NOW.getTime());
      expect(await intentStatus(ctx.db, order.payment_intent_id!)).toMatchObject({ status: 'canceled' });
      const mail = (await emailsTo(ctx.db, 'dana@example.com', 'order_cancelled')).at(-1)!;
      expect(mail.text_body).toContain('You cancelled your order');
      const trail = (await detail(order.id)).events.at(-2);
      expect(trail).toMatchObject({ event: 'cancel', actor_kind: 'customer', actor_email: customer.email });
    });

    it('refunds what was already captured', async () => {
      const order = await accepted();
      // an edit captured part of the payment earlier (another part of issue 5 does that)
      await ctx.deps.payments.capturePaymentIntent(order.payment_intent_id!, {
        idempotencyKey: `test-capture-${order.id}`,
      });
      await ctx.db.query(
        "UPDATE catering_orders SET payment_status = 'captured', captured_cents = total_cents, authorized_cents = 0 WHERE id = $1",
        [order.id],
      );
      const res = await cancel(order.id);
      expect(res.json()).toEqual({
        catering_order: {
          id: order.id,
          status: 'Canceled',
          payment_status: 'refunded',
          refunded_cents: order.total_cents,
        },
      });
      expect(await intentStatus(ctx.db, order.payment_intent_id!)).toMatchObject({
        amount_refunded: order.total_cents,
      });
    });

    it('a bank debit not yet processed is cancelled with the provider', async () => {
      const order = await place({ eft: true });
      expect((await staffEvent(order.id, 'accept')).statusCode).toBe(200);
      const res = await cancel(order.id);
      expect(res.json()).toEqual({
        catering_order: { id: order.id, status: 'Canceled', payment_status: 'canceled', refunded_cents: 0 },
      });
      expect(await intentStatus(ctx.db, order.payment_intent_id!)).toMatchObject({
        status: 'canceled',
        amount_received: 0,
      });
      // its processing job later finds a cancelled order: it only locks it
      clock.set(order.order_processing_at);
      await service.processOrder(order.id);
      expect(await orderRow(ctx.db, order.id)).toMatchObject({
        status: 'Canceled',
        processing: 'pending',
        captured_cents: 0,
      });
    });

    it("a New order: 409 with the spec's not-accepted message", async () => {
      const order = await place();
      const res = await cancel(order.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: editRuleMessages.notAccepted });
      expect((await orderRow(ctx.db, order.id)).status).toBe('New');
    });

    it("past processing, delivery-ready or not editable: 409 'Your order is being prepared for delivery!'", async () => {
      const a = await accepted();
      clock.set(a.order_processing_at);
      expect((await cancel(a.id)).json()).toEqual({ error: editRuleMessages.beingPrepared });
      clock.set(new Date(a.order_processing_at.getTime() - 1)); // one millisecond before: allowed
      expect((await cancel(a.id)).statusCode).toBe(200);
      expect((await cancel(a.id)).json()).toEqual({ error: editRuleMessages.beingPrepared }); // already cancelled

      clock.set(NOW);
      const b = await accepted();
      expect((await staffEvent(b.id, 'mark_delivery_ready')).statusCode).toBe(200);
      const ready = await cancel(b.id);
      expect(ready.statusCode).toBe(409);
      expect(ready.json()).toEqual({ error: editRuleMessages.beingPrepared });

      const c = await accepted();
      await ctx.db.query('UPDATE catering_orders SET editable = false WHERE id = $1', [c.id]);
      expect((await cancel(c.id)).json()).toEqual({ error: editRuleMessages.beingPrepared });
      expect((await orderRow(ctx.db, c.id)).status).toBe('Accepted');
    });
  });
});
