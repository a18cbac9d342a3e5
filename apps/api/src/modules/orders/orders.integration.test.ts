import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryFeeResponseSchema } from '@caterway/contracts';
import { computeTotals, deliveryFeeForDistance, formatCents, haversineKm, messages } from '@caterway/domain';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { fixedClock } from '../../lib/clock.js';
import { emailsTo, signedInUser, signIn } from '../auth/auth.test-helpers.js';
import {
  cards,
  deliverySlot,
  expectedSubtotal,
  orderPayload,
  restaurantFixture,
  sandboxCard,
  type RestaurantFixture,
} from './orders.test-helpers.js';

const NOW = new Date('2026-03-02T14:00:00Z'); // a Monday, 9:00 in Toronto
const quiet = { info() {}, warn() {} };

describe('catering orders', () => {
  let ctx: TestContext;
  let f: RestaurantFixture;
  let jwt: string;
  let otherJwt: string;
  let userEmail: string;

  beforeAll(async () => {
    ctx = await createTestApp({ clock: fixedClock(NOW) });
    await ensureDemoData(ctx.db, quiet);
    f = await restaurantFixture(ctx.db);
    const user = await signedInUser(ctx.app, ctx.db);
    jwt = user.jwt;
    userEmail = user.email;
    otherJwt = (await signedInUser(ctx.app, ctx.db)).jwt;
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });

  const send = (
    method: 'POST' | 'PUT' | 'GET',
    url: string,
    payload?: unknown,
    token: string | null = jwt,
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      payload: payload as object,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
  const create = (payload = orderPayload(f, NOW), isEft = false, token: string | null = jwt) =>
    send('POST', '/api/v2/catering_orders', { catering_order: payload, is_eft: isEft }, token);
  const finalize = (
    order: { id: number; purchase_id: string },
    pm: string,
    key: string | null = crypto.randomUUID(),
    extra: object = {},
  ) =>
    send(
      'POST',
      `/api/v2/catering_orders/${order.id}/finalize`,
      { purchase_id: order.purchase_id, payment_method_id: pm, ...extra },
      jwt,
      key ? { 'idempotency-key': key } : {},
    );
  const refusal = async (payload: ReturnType<typeof orderPayload>) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(422);
    return res.json().messages as string[];
  };
  const intentsOf = async (orderId: number) =>
    Number(
      (
        await ctx.db.query(`SELECT count(*) FROM sandbox_payment_intents WHERE metadata->>'order_id' = $1`, [
          String(orderId),
        ])
      ).rows[0].count,
    );

  describe('POST /api/v2/delivery_fee_by_distance', () => {
    it("answers the fee of the chef's range for the distance, with ranges and store hours", async () => {
      const point = { lat: f.chef.latitude + 0.02, lng: f.chef.longitude };
      const res = await send(
        'POST',
        '/api/v2/delivery_fee_by_distance',
        { chef_id: f.chef.id, user_lat: point.lat, user_lng: point.lng },
        null,
      );
      expect(res.statusCode).toBe(200);
      const km = haversineKm(f.chef.latitude, f.chef.longitude, point.lat, point.lng);
      const expected = deliveryFeeForDistance(
        f.chef.delivery_fee_ranges.map((r) => ({ minKm: r.min_km, maxKm: r.max_km, feeCents: r.fee_cents })),
        km,
      );
      expect(res.json()).toMatchObject({
        delivery_fee: expected,
        deliverable: true,
        distance_km: Math.round(km * 100) / 100,
      });
      expect(res.json().ranges).toHaveLength(f.chef.delivery_fee_ranges.length);
      expect(res.json().store_hours).toEqual(f.chef.store_hours);
      // sent as built (JSON.stringify, no zod encode in production): the schema's exact text,
      // though PostgreSQL's jsonb keeps a day's keys as open, close, enabled
      expect(res.body).toBe(JSON.stringify(deliveryFeeResponseSchema.parse(res.json())));
      expect(Object.keys(Object.values(res.json().store_hours)[0] as object)).toEqual(['enabled', 'open', 'close']);
    });

    it('geocodes an address when no coordinates are sent', async () => {
      const res = await send(
        'POST',
        '/api/v2/delivery_fee_by_distance',
        { chef_id: f.chef.id, address: '100 King St W, Toronto, ON M5X 1A9' },
        null,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().distance_km).toBeGreaterThanOrEqual(0);
    });

    it('says when the chef does not deliver that far, and refuses unknown chefs', async () => {
      const far = await send(
        'POST',
        '/api/v2/delivery_fee_by_distance',
        { chef_id: f.chef.id, user_lat: f.chef.latitude + 3, user_lng: f.chef.longitude },
        null,
      );
      expect(far.json()).toMatchObject({ deliverable: false, delivery_fee: 0, message: messages.notDeliverable });
      const unknown = await send(
        'POST',
        '/api/v2/delivery_fee_by_distance',
        { chef_id: 99_999_999, user_lat: 43, user_lng: -79 },
        null,
      );
      expect(unknown.statusCode).toBe(404);
      const nowhere = await send('POST', '/api/v2/delivery_fee_by_distance', { chef_id: f.chef.id }, null);
      expect(nowhere.statusCode).toBe(422);
    });
  });

  describe('create, update and read', () => {
    it('creates a draft priced from the database, ignoring the browser price', async () => {
      const base = orderPayload(f, NOW);
      const tampered = { ...base, preset_items: base.preset_items.map((l) => ({ ...l, price_cents: 1 })) };
      const res = await create(tampered);
      expect(res.statusCode).toBe(201);
      const order = res.json().catering_order;
      const km = haversineKm(f.chef.latitude, f.chef.longitude, base.latitude!, base.longitude!);
      const fee = deliveryFeeForDistance(
        f.chef.delivery_fee_ranges.map((r) => ({ minKm: r.min_km, maxKm: r.max_km, feeCents: r.fee_cents })),
        km,
      )!;
      const subtotal = expectedSubtotal(f, base.preset_items);
      const expected = computeTotals({
        lines: [{ unitPriceCents: subtotal, quantity: 1, menuItems: [] }],
        receivingMethod: 'delivery',
        deliveryFeeCents: fee,
        cutleryCount: 10,
        taxes: [{ name: f.chef.tax_name, ratePercent: f.chef.tax_rate }],
      });
      expect(fee).toBeGreaterThan(0);
      expect(order.totals).toEqual({
        subtotal_cents: subtotal,
        delivery_fee_cents: fee,
        cutlery_cents: 500,
        tax_cents: expected.taxCents,
        total_cents: expected.totalCents,
        tax_name: f.chef.tax_name,
        tax_rate: f.chef.tax_rate,
        tax_lines: [{ name: 'HST', rate_percent: 13, cents: expected.taxCents, jurisdiction: null }],
        tip_cents: 0,
      });
      expect(order).toMatchObject({
        status: 'draft',
        is_eft: false,
        full_name: 'Dana Morgan',
        client_secret: null,
        saved_cards: [],
      });
      expect(order.purchase_id).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('prices a pickup without the delivery fee', async () => {
      const slot = deliverySlot(f, NOW);
      const { delivery_date: _d, delivery_time: _t, delivery_address: _a, ...rest } = orderPayload(f, NOW);
      const res = await create({ ...rest, receiving_method: 'pickup', pickup_date: slot.date, pickup_time: slot.time });
      expect(res.statusCode).toBe(201);
      expect(res.json().catering_order.totals.delivery_fee_cents).toBe(0);
    });

    it('needs a signed-in user', async () => {
      expect((await create(orderPayload(f, NOW), false, null)).statusCode).toBe(401);
    });

    it("updates the unpaid order and reads it back; another user's order answers 404 like an unknown id", async () => {
      const created = (await create()).json().catering_order;
      const payload = orderPayload(f, NOW, { num_cutlery: 0 });
      payload.preset_items[0]!.quantity += 5;
      for (const [k, v] of Object.entries(payload.preset_items[0]!.menu_items_mapping ?? {}))
        payload.preset_items[0]!.menu_items_mapping![k] = v + 5;
      const updated = await send('PUT', `/api/v2/catering_orders/${created.id}`, {
        catering_order: payload,
        is_eft: false,
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json().catering_order.totals.subtotal_cents).toBe(expectedSubtotal(f, payload.preset_items));
      expect(updated.json().catering_order.totals.cutlery_cents).toBe(0);

      const read = await send('GET', `/api/v2/catering_orders/${created.id}`);
      expect(read.statusCode).toBe(200);
      const detail = read.json().catering_order;
      expect(detail).toMatchObject({
        id: created.id,
        order_type: 'delivery',
        delivery_date: payload.delivery_date,
        delivery_time: payload.delivery_time,
        delivery_address: '100 King St W, Toronto, ON',
        extra_info: { serving_style: 'Individually Packaged', num_cutlery: 0 },
        purchased_with: 'card',
        payment_status: 'unpaid',
        payment_error: null,
      });
      expect(detail.order_number).toMatch(/^CW-2026-\d{6}$/);
      expect(detail.display_delivery_date_time).toContain(' at ');
      expect(detail.preset_items[0].quantity).toBe(payload.preset_items[0]!.quantity);
      expect(detail.purchase_items.filter((p: { model_type: string }) => p.model_type === 'Menu')).toHaveLength(
        payload.preset_items.length,
      );

      expect((await send('GET', `/api/v2/catering_orders/${created.id}`, undefined, otherJwt)).json()).toEqual({
        error: 'Order not found',
      });
      expect((await send('GET', `/api/v2/catering_orders/${created.id}`, undefined, otherJwt)).statusCode).toBe(404);
      expect(
        (await send('PUT', `/api/v2/catering_orders/${created.id}`, { catering_order: payload }, otherJwt)).statusCode,
      ).toBe(404);
      expect((await send('GET', '/api/v2/catering_orders/99999999')).statusCode).toBe(404);
    });

    it('refuses bank debit when the restaurant does not offer it', async () => {
      const res = await create(orderPayload(f, NOW), true);
      expect(res.statusCode).toBe(422);
    });
  });

  describe('every refusal, with the spec message', () => {
    it('refuses a closed day and a time outside the store hours', async () => {
      const closed = deliverySlot(f, NOW, { closed: true });
      expect(await refusal(orderPayload(f, NOW, { delivery_date: closed.date, delivery_time: closed.time }))).toContain(
        'Store is closed on this day!',
      );
      const outside = deliverySlot(f, NOW, { outside: true });
      const messagesOut = await refusal(
        orderPayload(f, NOW, { delivery_date: outside.date, delivery_time: outside.time }),
      );
      expect(
        messagesOut.some((m) =>
          /^This restaurant accepts orders between \( \d\d:\d\d [AP]M - \d\d:\d\d [AP]M \) on selected day!$/.test(m),
        ),
      ).toBe(true);
    });

    it('refuses a total past $1,000,000.00 (orders keep 32-bit amounts; the fuzzer found the 500)', async () => {
      const lines = Array.from({ length: 300 }, (_, i) => ({
        ...orderPayload(f, NOW).preset_items[i % f.lines.length]!,
        id: `big-${i}`,
        quantity: 10_000,
      }));
      expect(await refusal(orderPayload(f, NOW, { preset_items: lines }))).toContain(
        messages.orderTooLarge('$1,000,000.00'),
      );
    });

    it('refuses a delivery inside the lead time', async () => {
      const soon = deliverySlot(f, NOW, { afterHours: 0 });
      const got = await refusal(orderPayload(f, NOW, { delivery_date: soon.date, delivery_time: soon.time }));
      if (f.chef.pre_order_notice_hours > 0)
        expect(got).toContain(messages.leadTimeNotMet(f.chef.pre_order_notice_hours));
    });

    it('refuses quantities below the minimum per item and bad serving details', async () => {
      const menuWithMin = f.lines.find((l) => f.menus.get(l.menu_id)!.min_order_amount > 1);
      if (menuWithMin) {
        const min = f.menus.get(menuWithMin.menu_id)!.min_order_amount;
        const p = orderPayload(f, NOW);
        const line = p.preset_items.find((l) => l.id === menuWithMin.id)!;
        line.quantity = min - 1;
        line.menu_items_mapping = Object.fromEntries(
          Object.keys(line.menu_items_mapping ?? {}).map((k) => [k, min - 1]),
        );
        expect(await refusal(p)).toContain(messages.minimumPerItemNotMet(min));
      }
      const p = orderPayload(f, NOW);
      const first = p.preset_items[0]!;
      first.serving_details = [
        { id: 1, items: [{ user_name: 'Ann', quantity: first.quantity + 1, dietary_type: '' }] },
      ];
      expect(await refusal(p)).toContain(messages.servingExceedsQuantity(first.quantity + 1, first.quantity));
      first.serving_details = [{ id: 1, items: [{ user_name: ' ', quantity: 1, dietary_type: '' }] }];
      const blank = await create(p);
      expect(blank.statusCode).toBe(422);
      expect(blank.json().messages).toContain('User name is required.');
    });

    it("refuses a cart under the chef's minimum, naming the chef and amount", async () => {
      const line = f.lines[0]!;
      const menu = f.menus.get(line.menu_id)!;
      const p = orderPayload(f, NOW, {
        preset_items: [
          {
            id: line.id,
            menu_id: line.menu_id,
            quantity: Math.max(menu.min_order_amount, 1),
            menu_items_mapping: Object.fromEntries(
              Object.keys(line.menu_items_mapping).map((k) => [k, Math.max(menu.min_order_amount, 1)]),
            ),
            special_instruction: '',
            serving_details: [],
          },
        ],
      });
      const got = await refusal(p);
      expect(got).toContain(
        `Minimum ${formatCents(f.chef.pre_order_min_order_amount_cents)} order not met for ${f.chef.business_name}. Please add additional items or increase quantity and continue.`,
      );
      if (f.presetType === 'restaurant' && f.presetMinimumCents > 0)
        expect(got).toContain(messages.presetMinimumNotMet(formatCents(f.presetMinimumCents)));
    });

    it('refuses an empty order, an unknown dish and an address out of range', async () => {
      expect(await refusal(orderPayload(f, NOW, { preset_items: [] }))).toEqual([
        'No Items: At least one item is required in your order.',
      ]);
      const zeroed = orderPayload(f, NOW);
      zeroed.preset_items = zeroed.preset_items.map((l) => ({ ...l, quantity: 0, menu_items_mapping: {} }));
      expect(await refusal(zeroed)).toContain(messages.noItems);
      const unknown = orderPayload(f, NOW);
      unknown.preset_items.push({
        id: 'x',
        menu_id: 99_999_999,
        quantity: 5,
        menu_items_mapping: {},
        special_instruction: '',
        serving_details: [],
      });
      expect((await refusal(unknown)).some((m) => m.includes('99999999'))).toBe(true);
      expect(await refusal(orderPayload(f, NOW, { latitude: f.chef.latitude + 3 }))).toContain(messages.notDeliverable);
      expect(await refusal(orderPayload(f, NOW, { company_name: '' }))).toContain(
        'Company name: Please fill in the required field.',
      );
    });

    it('answers 404 for an unknown preset', async () => {
      expect((await create(orderPayload(f, NOW, { preset_id: 99_999_999 }))).statusCode).toBe(404);
    });
  });

  describe('finalize', () => {
    it('needs an Idempotency-Key', async () => {
      const order = (await create()).json().catering_order;
      const res = await finalize(order, await sandboxCard(ctx.deps.payments, cards.ok), null);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/Idempotency-Key/);
    });

    it('authorises once, sends the confirmation and replays the result', async () => {
      const order = (await create(orderPayload(f, NOW, { email: userEmail }))).json().catering_order;
      const pm = await sandboxCard(ctx.deps.payments, cards.ok);
      const key = crypto.randomUUID();
      const first = await finalize(order, pm, key);
      expect(first.statusCode).toBe(200);
      expect(first.json().catering_order).toMatchObject({
        id: order.id,
        status: 'New',
        payment_status: 'authorized',
        total_cents: order.totals.total_cents,
      });

      const again = await finalize(order, pm, key);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      const different = await finalize(order, await sandboxCard(ctx.deps.payments, cards.ok), key);
      expect(different.statusCode).toBe(422);
      const fresh = await finalize(order, await sandboxCard(ctx.deps.payments, cards.ok));
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json()).toEqual(first.json());
      expect(await intentsOf(order.id)).toBe(1);

      const mails = await emailsTo(ctx.db, userEmail, 'order_confirmation');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain(first.json().catering_order.order_number);
      expect(mails[0]!.text_body).toContain(formatCents(order.totals.total_cents));
      expect(mails[0]!.text_body).toContain('100 King St W, Toronto, ON');
      // one word for its state (issue 20): submitted, as the body says; and its calendar event
      const number = first.json().catering_order.order_number as string;
      expect(mails[0]!.subject).toBe(`Your Caterway order ${number} was submitted`);
      expect(mails[0]!.text_body).toContain('Your order has been submitted');
      expect(mails[0]!.attachments).toHaveLength(1);
      const ics = mails[0]!.attachments[0]!;
      expect(ics).toMatchObject({
        filename: `caterway-${number}.ics`,
        content_type: expect.stringMatching(/^text\/calendar/),
      });
      expect(ics.content).toContain(`UID:order-${order.id}@caterway.ca`);
      expect(ics.content).toContain(`SUMMARY:Catering delivery: `);
      expect(ics.content).toMatch(/DTSTART:\d{8}T\d{6}Z/);

      const put = await send('PUT', `/api/v2/catering_orders/${order.id}`, { catering_order: orderPayload(f, NOW) });
      expect(put.statusCode).toBe(409);
    });

    it('re-checks the order at finalize: a lead time passed meanwhile is refused', async () => {
      const clock = fixedClock(NOW);
      const local = await createTestApp({ clock });
      try {
        await ensureDemoData(local.db, quiet);
        const user = await signedInUser(local.app, local.db);
        const res = await local.app.inject({
          method: 'POST',
          url: '/api/v2/catering_orders',
          headers: { authorization: `Bearer ${user.jwt}` },
          payload: { catering_order: orderPayload(f, NOW) },
        });
        expect(res.statusCode).toBe(201);
        const order = res.json().catering_order;
        const detail = await local.app.inject({
          method: 'GET',
          url: `/api/v2/catering_orders/${order.id}`,
          headers: { authorization: `Bearer ${user.jwt}` },
        });
        // the checkout stays open until an hour before the delivery; the session has expired meanwhile
        clock.set(new Date(new Date(detail.json().catering_order.order_date_time).getTime() - 3_600_000));
        const again = (await signIn(local.app, user.email, user.password)).json().jwt as string;
        const pm = await sandboxCard(local.deps.payments, cards.ok);
        const fin = await local.app.inject({
          method: 'POST',
          url: `/api/v2/catering_orders/${order.id}/finalize`,
          headers: { authorization: `Bearer ${again}`, 'idempotency-key': 'late-1' },
          payload: { purchase_id: order.purchase_id, payment_method_id: pm },
        });
        expect(fin.statusCode).toBe(422);
        expect(fin.json().messages).toContain(messages.leadTimeNotMet(f.chef.pre_order_notice_hours));
        expect(Number((await local.db.query('SELECT count(*) FROM sandbox_payment_intents')).rows[0].count)).toBe(0);
      } finally {
        await local.close();
      }
    }, 60_000);

    it('keeps a declined order unpaid with the provider message, then accepts another card', async () => {
      const order = (await create()).json().catering_order;
      const declined = await finalize(order, await sandboxCard(ctx.deps.payments, cards.declined));
      expect(declined.statusCode).toBe(402);
      expect(declined.json()).toEqual({ error: 'Your card was declined.' });
      const detail = (await send('GET', `/api/v2/catering_orders/${order.id}`)).json().catering_order;
      expect(detail).toMatchObject({
        status: 'draft',
        payment_status: 'failed',
        payment_error: 'Your card was declined.',
      });

      const insufficient = await finalize(order, await sandboxCard(ctx.deps.payments, cards.insufficient));
      expect(insufficient.json()).toEqual({ error: 'Your card has insufficient funds.' });

      const ok = await finalize(order, await sandboxCard(ctx.deps.payments, cards.ok));
      expect(ok.statusCode).toBe(200);
      expect(ok.json().catering_order.payment_status).toBe('authorized');
    });

    it('refuses a wrong purchase id and another user', async () => {
      const order = (await create()).json().catering_order;
      const pm = await sandboxCard(ctx.deps.payments, cards.ok);
      expect((await finalize({ id: order.id, purchase_id: 'nope' }, pm)).statusCode).toBe(422);
      const other = await send(
        'POST',
        `/api/v2/catering_orders/${order.id}/finalize`,
        { purchase_id: order.purchase_id, payment_method_id: pm },
        otherJwt,
        { 'idempotency-key': 'k-other' },
      );
      expect(other.statusCode).toBe(404);
    });

    it('saves the card when asked, and offers it on the next checkout', async () => {
      const order = (await create()).json().catering_order;
      const pm = await sandboxCard(ctx.deps.payments, cards.ok);
      const res = await finalize(order, pm, crypto.randomUUID(), { save_card: true });
      expect(res.statusCode).toBe(200);
      const next = (await create()).json().catering_order;
      expect(next.saved_cards.map((c: { payment_method_id: string }) => c.payment_method_id)).toContain(pm);
      // paying with the saved card (now attached to the user's customer) works too
      expect((await finalize(next, pm)).statusCode).toBe(200);
    });

    it('100 concurrent finalize calls authorise exactly once', async () => {
      const order = (await create()).json().catering_order;
      const pm = await sandboxCard(ctx.deps.payments, cards.ok);
      const shared = crypto.randomUUID();
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) => finalize(order, pm, i % 2 === 0 ? shared : crypto.randomUUID())),
      );
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
      const ok = results.filter((r) => r.statusCode === 200);
      expect(ok.length).toBeGreaterThan(0);
      for (const r of ok)
        expect(r.json().catering_order).toMatchObject({ id: order.id, status: 'New', payment_status: 'authorized' });
      expect(await intentsOf(order.id)).toBe(1);
      const { rows } = await ctx.db.query(
        `SELECT count(*)::int AS n FROM catering_orders WHERE id = $1 AND payment_status = 'authorized'`,
        [order.id],
      );
      expect(rows[0].n).toBe(1);
      // after the storm every kind of retry answers the paid result
      expect((await finalize(order, pm, shared)).statusCode).toBe(200);
      expect((await finalize(order, pm)).statusCode).toBe(200);
      expect(await intentsOf(order.id)).toBe(1);
    }, 60_000);
  });
});
