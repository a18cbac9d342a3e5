import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { createStripeProvider } from '../../adapters/payments/index.js';
import { fixedClock } from '../../lib/clock.js';
import { call, randomIp, signedInUser, testGeocoder } from '../auth/auth.test-helpers.js';
import { SANDBOX_CARD_LIMIT } from './sandbox-payments.service.js';

// The sandbox provider's browser-side endpoints (what Stripe.js does against Stripe).

let ctx: TestContext;
const clock = fixedClock(new Date('2026-11-22T15:00:00Z'));

beforeAll(async () => {
  ctx = await createTestApp({ geocoder: testGeocoder, clock });
});
afterAll(async () => ctx.close());

const createCard = (payload: Record<string, unknown>, ip?: string) =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/v2/sandbox/payment_methods',
    payload: { exp_month: 12, exp_year: 2030, cvc: '123', ...payload },
    ip,
  });

describe('POST /api/v2/sandbox/payment_methods', () => {
  it('answers the new payment method', async () => {
    const res = await createCard({ number: '4242 4242 4242 4242', exp_month: 3, exp_year: 2029, name: 'Dana Morgan' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      payment_method: {
        id: expect.stringMatching(/^pm_[0-9a-f]{24}$/),
        brand: 'visa',
        last4: '4242',
        exp_month: 3,
        exp_year: 2029,
      },
    });
  });

  it('refuses with 402 and the provider message: Luhn-invalid, the expired test card, an expiry in the past', async () => {
    const luhn = await createCard({ number: '4242424242424241' });
    expect([luhn.statusCode, luhn.json()]).toEqual([402, { error: 'Your card number is incorrect.' }]);
    const expired = await createCard({ number: '4000000000000069' });
    expect([expired.statusCode, expired.json()]).toEqual([402, { error: 'Your card has expired.' }]);
    const past = await createCard({ number: '4242424242424242', exp_month: 10, exp_year: 2026 });
    expect([past.statusCode, past.json()]).toEqual([402, { error: 'Your card has expired.' }]);
    const amexCvc = await createCard({ number: '378282246310005', cvc: '123' });
    expect([amexCvc.statusCode, amexCvc.json()]).toEqual([
      402,
      { error: 'Your card\u2019s security code is invalid.' },
    ]);
  });

  it('creates the cards that decline only at authorisation', async () => {
    for (const number of ['4000000000000002', '4000000000009995']) {
      expect((await createCard({ number })).statusCode).toBe(200);
    }
  });

  it('validates the shape (422)', async () => {
    const res = await createCard({ number: '4242424242424242', cvc: '12a' });
    expect(res.statusCode).toBe(422);
    expect(res.json().messages).toContain('Your card\u2019s security code is invalid.');
    expect((await createCard({ number: '4242424242424242', exp_month: 13 })).statusCode).toBe(422);
  });

  it('is rate-limited per address', async () => {
    const ip = randomIp();
    for (let i = 0; i < SANDBOX_CARD_LIMIT; i++)
      expect((await createCard({ number: '4242424242424241' }, ip)).statusCode).toBe(402);
    const limited = await createCard({ number: '4242424242424242' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await createCard({ number: '4242424242424242' })).statusCode).toBe(200);
  });
});

describe('POST /api/v2/sandbox/setup_intents/confirm', () => {
  const bank = {
    billing_name: 'Dana Morgan',
    billing_email: 'ap@northwind.example',
    institution_number: '815',
    transit_number: '12345',
    account_number: '7654321',
  };

  it('confirms a bank-debit setup intent with the client secret', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const seti = (
      await call(ctx.app, {
        method: 'POST',
        url: '/api/v2/payment_methods/create_setup_intent',
        token: user.jwt,
        payload: { payment_type: 'acss_debit' },
      })
    ).json();
    expect(seti).toEqual({
      setup_intent_id: expect.stringMatching(/^seti_/),
      client_secret: expect.stringMatching(/_secret_/),
    });
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/v2/sandbox/setup_intents/confirm',
      payload: { ...bank, client_secret: seti.client_secret },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      setup_intent: { id: seti.setup_intent_id, status: 'succeeded', payment_method_id: expect.stringMatching(/^pm_/) },
    });
    const pm = await ctx.deps.payments.retrievePaymentMethod(res.json().setup_intent.payment_method_id);
    expect([pm.type, pm.brand, pm.last4]).toEqual(['acss_debit', 'Desjardins', '4321']);
    const again = await call(ctx.app, {
      method: 'POST',
      url: '/api/v2/sandbox/setup_intents/confirm',
      payload: { ...bank, client_secret: seti.client_secret },
    });
    expect(again.statusCode).toBe(422);
  });

  it('refuses an unknown client secret and malformed bank numbers', async () => {
    const unknown = await call(ctx.app, {
      method: 'POST',
      url: '/api/v2/sandbox/setup_intents/confirm',
      payload: { ...bank, client_secret: 'seti_nope_secret_x' },
    });
    expect([unknown.statusCode, unknown.json().error]).toEqual([422, 'No such setup_intent client secret.']);
    const bad = await call(ctx.app, {
      method: 'POST',
      url: '/api/v2/sandbox/setup_intents/confirm',
      payload: { ...bank, client_secret: 'x', transit_number: '12' },
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('with Stripe as the provider', () => {
  it('the sandbox endpoints are not found and the config names Stripe', async () => {
    const stripeCtx = await createTestApp({
      geocoder: testGeocoder,
      // never called: the routes answer 404 before reaching any provider
      payments: createStripeProvider({
        secretKey: 'sk_test_unused',
        publishableKey: 'pk_test_123',
        apiUrl: 'http://127.0.0.1:9',
      }),
    });
    try {
      const card = await call(stripeCtx.app, {
        method: 'POST',
        url: '/api/v2/sandbox/payment_methods',
        payload: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
      });
      expect([card.statusCode, card.json()]).toEqual([404, { error: 'Not found' }]);
      const confirm = await call(stripeCtx.app, {
        method: 'POST',
        url: '/api/v2/sandbox/setup_intents/confirm',
        payload: {
          client_secret: 'x',
          billing_name: 'A',
          billing_email: 'a@b.c',
          institution_number: '001',
          transit_number: '12345',
          account_number: '1234567',
        },
      });
      expect(confirm.statusCode).toBe(404);
      const config = await call(stripeCtx.app, { method: 'GET', url: '/api/v2/payments/config' });
      expect(config.json()).toEqual({ provider: 'stripe', publishable_key: 'pk_test_123' });
    } finally {
      await stripeCtx.close();
    }
  });
});
