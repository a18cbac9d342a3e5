import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeFake, type StripeFake } from '../../../test/fakes/stripe-fake.js';
import { createTestApp, testConfig } from '../../../test/helpers.js';
import { ensureDemoData } from '../../db/seed/demo.js';
import { call, signedInUser, testGeocoder } from '../../modules/auth/auth.test-helpers.js';
import { orderPayload, restaurantFixture } from '../../modules/orders/orders.test-helpers.js';
import { PaymentDeclinedError, PaymentRequestError, type PaymentProvider } from '../../ports/payments.js';
import { createPaymentProvider } from './index.js';
import { createStripeProvider } from './stripe-provider.js';

// The Stripe adapter through the official SDK against a local fake of Stripe's HTTP API.

let fake: StripeFake;
let stripe: PaymentProvider;
let seq = 0;
const key = () => `order-1-finalize-${++seq}-${Date.now()}`;

beforeAll(async () => {
  fake = await startStripeFake();
  stripe = createStripeProvider({
    secretKey: fake.secretKey,
    publishableKey: 'pk_test_fake',
    apiUrl: fake.url,
    maxNetworkRetries: 0,
  });
});
afterAll(async () => fake.close());

async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
}

async function customerWithCard(number = '4242424242424242') {
  const customer = await stripe.createCustomer({ email: 'dana@example.com', name: 'Dana Morgan', userId: 7 });
  const pm = fake.createCardPaymentMethod(number);
  await stripe.attachPaymentMethod(pm.id, customer.id);
  return { customer, pmId: pm.id };
}

const intent = (
  customerId: string,
  paymentMethodId: string,
  over: Partial<{
    amountCents: number;
    idempotencyKey: string;
    type: 'card' | 'acss_debit';
    metadata: Record<string, string>;
  }> = {},
) =>
  stripe.createPaymentIntent({
    amountCents: 12_345,
    currency: 'cad',
    customerId,
    paymentMethodId,
    type: 'card',
    description: 'Caterway order 1',
    metadata: { order_id: '1' },
    idempotencyKey: key(),
    ...over,
  });

describe('Stripe adapter', () => {
  it('is chosen by createPaymentProvider when STRIPE_SECRET_KEY is set', () => {
    const config = testConfig({
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_API_URL: fake.url,
    });
    const provider = createPaymentProvider(config, null as never, { info() {}, warn() {} });
    expect([provider.kind, provider.publishableKey]).toEqual(['stripe', 'pk_test_x']);
    expect(createPaymentProvider(testConfig(), null as never, { info() {}, warn() {} }).kind).toBe('sandbox');
  });

  it("lists an order's payment intents by its metadata (the reconciliation job's search)", async () => {
    const { customer, pmId } = await customerWithCard();
    const orderId = 900_000 + Math.floor(Math.random() * 99_999);
    const first = await intent(customer.id, pmId, { metadata: { order_id: String(orderId) } });
    const second = await intent(customer.id, pmId, { amountCents: 5_000, metadata: { order_id: String(orderId) } });
    await intent(customer.id, pmId, { metadata: { order_id: String(orderId + 1) } });
    await stripe.cancelPaymentIntent(first.id, { idempotencyKey: key() });
    const found = await stripe.listPaymentIntents({ orderId });
    expect(found.map((pi) => [pi.id, pi.status, pi.amountCents]).sort()).toEqual(
      [
        [first.id, 'canceled', 12_345],
        [second.id, 'requires_capture', 5_000],
      ].sort(),
    );
  });

  it('creates customers, retrieves, attaches and detaches card payment methods', async () => {
    const customer = await stripe.createCustomer({ email: 'dana@example.com', name: 'Dana Morgan', userId: 42 });
    expect(customer.id).toMatch(/^cus_/);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/customers',
      params: { email: 'dana@example.com', name: 'Dana Morgan', metadata: { user_id: '42' } },
    });
    const pm = fake.createCardPaymentMethod('5555555555554444', { month: 9, year: 2031 });
    expect(await stripe.retrievePaymentMethod(pm.id)).toEqual({
      id: pm.id,
      type: 'card',
      brand: 'mastercard',
      last4: '4444',
      expMonth: 9,
      expYear: 2031,
      customerId: null,
    });
    expect((await stripe.attachPaymentMethod(pm.id, customer.id)).customerId).toBe(customer.id);
    await stripe.detachPaymentMethod(pm.id);
    expect((await stripe.retrievePaymentMethod(pm.id)).customerId).toBeNull();
    const err = await rejection(stripe.retrievePaymentMethod('pm_nope'));
    expect(err).toBeInstanceOf(PaymentRequestError);
    expect((err as PaymentRequestError).code).toBe('resource_missing');
  });

  it('authorises a card with manual capture, passing the idempotency key; captures part and refunds', async () => {
    const { customer, pmId } = await customerWithCard();
    const k = key();
    const pi = await intent(customer.id, pmId, { amountCents: 10_000, idempotencyKey: k });
    expect(pi).toMatchObject({
      status: 'requires_capture',
      amountCents: 10_000,
      amountCapturableCents: 10_000,
      amountReceivedCents: 0,
      currency: 'cad',
      paymentMethodId: pmId,
    });
    const sent = fake.requests.find((r) => r.path === '/v1/payment_intents' && r.idempotencyKey === k)!;
    expect(sent.params).toMatchObject({
      amount: '10000',
      currency: 'cad',
      customer: customer.id,
      payment_method: pmId,
      confirm: 'true',
      capture_method: 'manual',
      allowed_payment_method_types: ['card'],
      metadata: { order_id: '1' },
    });
    const captured = await stripe.capturePaymentIntent(pi.id, { amountToCaptureCents: 8_000, idempotencyKey: key() });
    expect(captured).toMatchObject({ status: 'succeeded', amountReceivedCents: 8_000 });
    expect(
      (await stripe.refund({ paymentIntentId: pi.id, amountCents: 3_000, idempotencyKey: key() })).amountCents,
    ).toBe(3_000);
    const tooMuch = await rejection(
      stripe.refund({ paymentIntentId: pi.id, amountCents: 5_001, idempotencyKey: key() }),
    );
    expect(tooMuch).toBeInstanceOf(PaymentRequestError);
    expect((await stripe.retrievePaymentIntent(pi.id)).amountReceivedCents).toBe(8_000);
  });

  it('cancels an uncaptured authorisation; capturing it afterwards is refused', async () => {
    const { customer, pmId } = await customerWithCard();
    const pi = await intent(customer.id, pmId);
    expect((await stripe.cancelPaymentIntent(pi.id, { idempotencyKey: key() })).status).toBe('canceled');
    const err = (await rejection(stripe.capturePaymentIntent(pi.id, { idempotencyKey: key() }))) as PaymentRequestError;
    expect([err.name, err.code]).toEqual(['PaymentRequestError', 'invalid_state']);
  });

  it('maps card errors to PaymentDeclinedError with Stripe\u2019s message', async () => {
    for (const [number, message, code] of [
      ['4000000000000002', 'Your card was declined.', 'generic_decline'],
      ['4000000000009995', 'Your card has insufficient funds.', 'insufficient_funds'],
    ] as const) {
      const { customer, pmId } = await customerWithCard(number);
      const err = await rejection(intent(customer.id, pmId));
      expect(err).toBeInstanceOf(PaymentDeclinedError);
      expect([(err as PaymentDeclinedError).message, (err as PaymentDeclinedError).declineCode]).toEqual([
        message,
        code,
      ]);
    }
  });

  it('honours idempotency keys: a retry returns the same intent, other parameters are an idempotency error', async () => {
    const { customer, pmId } = await customerWithCard();
    const k = key();
    const first = await intent(customer.id, pmId, { idempotencyKey: k });
    const count = fake.paymentIntents.size;
    expect(await intent(customer.id, pmId, { idempotencyKey: k })).toEqual(first);
    expect(fake.paymentIntents.size).toBe(count);
    const err = await rejection(intent(customer.id, pmId, { idempotencyKey: k, amountCents: 99_999 }));
    expect(err).toBeInstanceOf(PaymentRequestError);
    expect((err as PaymentRequestError).code).toBe('idempotency_error');
    // a decline replays as the same decline
    const declining = await customerWithCard('4000000000000002');
    const dk = key();
    await rejection(intent(declining.customer.id, declining.pmId, { idempotencyKey: dk }));
    expect(await rejection(intent(declining.customer.id, declining.pmId, { idempotencyKey: dk }))).toBeInstanceOf(
      PaymentDeclinedError,
    );
  });

  it('creates an acss_debit setup intent with the Canadian PAD mandate, then debits the account', async () => {
    const customer = await stripe.createCustomer({ email: 'ap@northwind.example', name: 'Dana Morgan', userId: 9 });
    const seti = await stripe.createSetupIntent({ customerId: customer.id, type: 'acss_debit', idempotencyKey: key() });
    expect(seti).toMatchObject({
      id: expect.stringMatching(/^seti_/),
      status: 'requires_payment_method',
      paymentMethodId: null,
    });
    expect(fake.requests.find((r) => r.path === '/v1/setup_intents' && r.method === 'POST')!.params).toMatchObject({
      customer: customer.id,
      allowed_payment_method_types: ['acss_debit'],
      payment_method_options: {
        acss_debit: {
          currency: 'cad',
          mandate_options: { payment_schedule: 'sporadic', transaction_type: 'business' },
        },
      },
    });
    fake.confirmAcssSetupIntent(seti.id, {
      bankName: 'TD Canada Trust',
      last4: '6789',
      name: 'Dana Morgan',
      email: 'ap@northwind.example',
    });
    const done = await stripe.retrieveSetupIntent(seti.id);
    expect(done.status).toBe('succeeded');
    const pm = await stripe.retrievePaymentMethod(done.paymentMethodId!);
    expect(pm).toEqual({
      id: done.paymentMethodId,
      type: 'acss_debit',
      brand: 'TD Canada Trust',
      last4: '6789',
      expMonth: null,
      expYear: null,
      customerId: customer.id,
    });

    const pi = await intent(customer.id, pm.id, { type: 'acss_debit', amountCents: 50_000 });
    expect(pi.status).toBe('processing');
    const sent = fake.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST').at(-1)!;
    expect(sent.params).toMatchObject({ capture_method: 'automatic', allowed_payment_method_types: ['acss_debit'] });
    // Stripe settles a bank debit itself: "capture" leaves it as it is and sends no capture
    const before = fake.requests.length;
    expect((await stripe.capturePaymentIntent(pi.id, { idempotencyKey: key() })).status).toBe('processing');
    expect(fake.requests.slice(before).some((r) => r.path.endsWith('/capture'))).toBe(false);
  });

  it('a card setup intent has no PAD mandate options', async () => {
    const customer = await stripe.createCustomer({ email: 'a@example.com', name: 'A', userId: 1 });
    await stripe.createSetupIntent({ customerId: customer.id, type: 'card' });
    const sent = fake.requests.filter((r) => r.path === '/v1/setup_intents').at(-1)!;
    expect(sent.params.allowed_payment_method_types).toEqual(['card']);
    expect(sent.params.payment_method_options).toBeUndefined();
  });
});

describe('the API with Stripe as the provider', () => {
  it('saves a card made by Stripe Elements and a bank account through its setup intent', async () => {
    const ctx = await createTestApp({
      geocoder: testGeocoder,
      payments: createStripeProvider({
        secretKey: fake.secretKey,
        publishableKey: 'pk_test_fake',
        apiUrl: fake.url,
        maxNetworkRetries: 0,
      }),
    });
    try {
      const user = await signedInUser(ctx.app, ctx.db);
      const card = fake.createCardPaymentMethod('4242424242424242');
      const res = await call(ctx.app, {
        method: 'POST',
        url: '/api/v2/user_payment_methods',
        token: user.jwt,
        payload: { payment_method_id: card.id },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().payment_method).toMatchObject({
        payment_method_id: card.id,
        brand: 'visa',
        last4: '4242',
        is_default: true,
      });

      const seti = (
        await call(ctx.app, {
          method: 'POST',
          url: '/api/v2/payment_methods/create_setup_intent',
          token: user.jwt,
          payload: { payment_type: 'acss_debit' },
        })
      ).json();
      const confirmed = fake.confirmAcssSetupIntent(seti.setup_intent_id, {
        bankName: 'RBC Royal Bank',
        last4: '1111',
        name: 'Dana Morgan',
        email: 'ap@x.example',
      });
      const bank = await call(ctx.app, {
        method: 'POST',
        url: '/api/v2/user_payment_methods',
        token: user.jwt,
        payload: {
          payment_method_id: confirmed.payment_method,
          stripe_setup_intent_id: seti.setup_intent_id,
          name: 'Dana Morgan',
          email: 'ap@x.example',
        },
      });
      expect(bank.statusCode).toBe(201);
      expect(bank.json().payment_method).toMatchObject({
        payment_type: 'acss_debit',
        brand: 'RBC Royal Bank',
        last4: '1111',
        is_default: false,
      });

      const list = (await call(ctx.app, { method: 'GET', url: '/api/v2/user_payment_methods', token: user.jwt })).json()
        .payment_methods;
      expect(list.map((m: { payment_type: string }) => m.payment_type)).toEqual(['card', 'acss_debit']);
      const del = await call(ctx.app, {
        method: 'DELETE',
        url: `/api/v2/user_payment_methods/${list[0].id}`,
        token: user.jwt,
      });
      expect(del.json().payment_methods).toEqual([
        expect.objectContaining({ payment_type: 'acss_debit', is_default: true }),
      ]);
      expect(fake.requests.some((r) => r.path === `/v1/payment_methods/${card.id}/detach`)).toBe(true);
    } finally {
      await ctx.close();
    }
  });
});

describe('Stripe adapter: 3-D Secure, off-session charges and cards kept for later (decision 027)', () => {
  it('maps requires_action with its client secret; off_session declines the 3-D Secure card with authentication_required', async () => {
    const { customer, pmId } = await customerWithCard('4000002760003184');
    const pi = await intent(customer.id, pmId);
    expect(pi).toMatchObject({
      status: 'requires_action',
      clientSecret: expect.stringMatching(/_secret_/),
      customerId: customer.id,
      cancellationReason: null,
    });
    fake.authenticate(pi.id, 'complete');
    expect((await stripe.retrievePaymentIntent(pi.id)).status).toBe('requires_capture');

    const k = key();
    const err = await rejection(
      stripe.createPaymentIntent({
        amountCents: 5_000,
        currency: 'cad',
        customerId: customer.id,
        paymentMethodId: pmId,
        type: 'card',
        description: 'x',
        metadata: {},
        idempotencyKey: k,
        offSession: true,
      }),
    );
    expect(err).toBeInstanceOf(PaymentDeclinedError);
    expect([(err as PaymentDeclinedError).declineCode, (err as PaymentDeclinedError).message]).toEqual([
      'authentication_required',
      'Your card was declined. This transaction requires authentication.',
    ]);
    expect(fake.requests.find((r) => r.idempotencyKey === k)!.params).toMatchObject({
      off_session: 'true',
      confirm: 'true',
      capture_method: 'manual',
    });
  });

  it('setupOffSession confirms a SetupIntent for off-session use, attaching the card; declining cards are refused', async () => {
    const customer = await stripe.createCustomer({ email: 'k@example.com', name: 'K', userId: 3 });
    const card = fake.createCardPaymentMethod('4000000000000341');
    const k = key();
    const seti = await stripe.setupOffSession({ customerId: customer.id, paymentMethodId: card.id, idempotencyKey: k });
    expect(seti).toMatchObject({ status: 'succeeded', paymentMethodId: card.id });
    expect(fake.requests.find((r) => r.idempotencyKey === k)).toMatchObject({
      path: '/v1/setup_intents',
      params: {
        customer: customer.id,
        payment_method: card.id,
        usage: 'off_session',
        confirm: 'true',
        allowed_payment_method_types: ['card'],
      },
    });
    expect((await stripe.retrievePaymentMethod(card.id)).customerId).toBe(customer.id);
    // kept, but its charges decline (Stripe's 4000 0000 0000 0341)
    expect(await rejection(intent(customer.id, card.id))).toBeInstanceOf(PaymentDeclinedError);
    const declining = fake.createCardPaymentMethod('4000000000000002');
    expect(
      await rejection(
        stripe.setupOffSession({ customerId: customer.id, paymentMethodId: declining.id, idempotencyKey: key() }),
      ),
    ).toBeInstanceOf(PaymentDeclinedError);
    const threeDs = fake.createCardPaymentMethod('4000002760003184');
    expect(
      (await stripe.setupOffSession({ customerId: customer.id, paymentMethodId: threeDs.id, idempotencyKey: key() }))
        .status,
    ).toBe('requires_action');
  });

  it('an authorisation Stripe expired reads canceled with cancellation_reason automatic', async () => {
    const { customer, pmId } = await customerWithCard();
    const pi = await intent(customer.id, pmId);
    fake.expireAuthorisation(pi.id);
    expect(await stripe.retrievePaymentIntent(pi.id)).toMatchObject({
      status: 'canceled',
      cancellationReason: 'automatic',
    });
    const err = (await rejection(stripe.capturePaymentIntent(pi.id, { idempotencyKey: key() }))) as PaymentRequestError;
    expect(err.code).toBe('invalid_state');
  });

  it('through the API: finalize answers requires_action, Stripe.js completes it, finalize again places the order', async () => {
    const ctx = await createTestApp({
      geocoder: testGeocoder,
      payments: createStripeProvider({
        secretKey: fake.secretKey,
        publishableKey: 'pk_test_fake',
        apiUrl: fake.url,
        maxNetworkRetries: 0,
      }),
    });
    try {
      await ensureDemoData(ctx.db, { info() {}, warn() {} });
      const f = await restaurantFixture(ctx.db);
      const user = await signedInUser(ctx.app, ctx.db);
      const now = new Date();
      const created = await call(ctx.app, {
        method: 'POST',
        url: '/api/v2/catering_orders',
        token: user.jwt,
        payload: { catering_order: orderPayload(f, now), is_eft: false },
      });
      const order = created.json().catering_order;
      const card = fake.createCardPaymentMethod('4000002760003184');
      const finalize = () =>
        call(ctx.app, {
          method: 'POST',
          url: `/api/v2/catering_orders/${order.id}/finalize`,
          token: user.jwt,
          headers: { 'idempotency-key': crypto.randomUUID() },
          payload: { purchase_id: order.purchase_id, payment_method_id: card.id },
        });
      const asked = (await finalize()).json().catering_order;
      expect(asked).toMatchObject({
        payment_status: 'requires_action',
        client_secret: fake.paymentIntents.get(asked.payment_intent_id)!.client_secret,
      });
      fake.authenticate(asked.payment_intent_id, 'complete'); // stripe.handleNextAction in the browser
      const done = await finalize();
      expect(done.json().catering_order).toMatchObject({ status: 'New', payment_status: 'authorized' });
      // one authorisation: the second finalize picked the authenticated intent up
      expect(
        fake.requests.filter(
          (r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.params.payment_method === card.id,
        ),
      ).toHaveLength(1);
    } finally {
      await ctx.close();
    }
  });
});
