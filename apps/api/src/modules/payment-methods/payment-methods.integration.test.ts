import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { isSandboxProvider, type SandboxPaymentProvider } from '../../adapters/payments/index.js';
import { fixedClock } from '../../lib/clock.js';
import { call, signedInUser, testGeocoder } from '../auth/auth.test-helpers.js';
import { savePaymentMethodForUser } from './payment-methods.service.js';

// Saved payment methods through the API with the sandbox provider (ordering-payments §2, §3, §7).

let ctx: TestContext;
let sandbox: SandboxPaymentProvider;
const clock = fixedClock(new Date('2026-11-22T15:00:00Z'));

beforeAll(async () => {
  ctx = await createTestApp({ geocoder: testGeocoder, clock });
  if (!isSandboxProvider(ctx.deps.payments)) throw new Error('tests expect the sandbox provider');
  sandbox = ctx.deps.payments;
});
afterAll(async () => ctx.close());

async function browserCard(number = '4242424242424242', expYear = 2030): Promise<string> {
  const res = await call(ctx.app, {
    method: 'POST',
    url: '/api/v2/sandbox/payment_methods',
    payload: { number, exp_month: 8, exp_year: expYear, cvc: '123' },
  });
  expect(res.statusCode).toBe(200);
  return res.json().payment_method.id;
}

const add = (jwt: string, payload: Record<string, unknown>) =>
  call(ctx.app, { method: 'POST', url: '/api/v2/user_payment_methods', token: jwt, payload });
const list = async (jwt: string) => {
  const res = await call(ctx.app, { method: 'GET', url: '/api/v2/user_payment_methods', token: jwt });
  expect(res.statusCode).toBe(200);
  return res.json().payment_methods as Array<Record<string, unknown>>;
};

async function bankSetup(jwt: string, institution = '004') {
  const seti = await call(ctx.app, {
    method: 'POST',
    url: '/api/v2/payment_methods/create_setup_intent',
    token: jwt,
    payload: { payment_type: 'acss_debit' },
  });
  expect(seti.statusCode).toBe(200);
  const { setup_intent_id, client_secret } = seti.json();
  const confirmed = await call(ctx.app, {
    method: 'POST',
    url: '/api/v2/sandbox/setup_intents/confirm',
    payload: {
      client_secret,
      billing_name: 'Dana Morgan',
      billing_email: 'ap@northwind.example',
      institution_number: institution,
      transit_number: '12345',
      account_number: '0001234567',
    },
  });
  expect(confirmed.statusCode).toBe(200);
  return {
    setupIntentId: setup_intent_id as string,
    paymentMethodId: confirmed.json().setup_intent.payment_method_id as string,
  };
}

describe('payments config', () => {
  it('tells the browser the provider and its key, without a session', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/v2/payments/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ provider: 'sandbox', publishable_key: 'sandbox' });
  });
});

describe('user payment methods', () => {
  it('needs a signed-in user for every call', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/v2/user_payment_methods' },
      { method: 'POST' as const, url: '/api/v2/user_payment_methods', payload: { payment_method_id: 'pm_x' } },
      { method: 'DELETE' as const, url: '/api/v2/user_payment_methods/1' },
      { method: 'POST' as const, url: '/api/v2/payment_methods/1/set_as_default' },
      { method: 'POST' as const, url: '/api/v2/payment_methods/create_setup_intent', payload: {} },
    ];
    for (const c of calls) {
      const res = await call(ctx.app, c);
      expect(res.statusCode, c.url).toBe(401);
      expect(res.json()).toEqual({ error: 'Not authorized' });
    }
  });

  it('saves a card from the browser: attached to a customer made on demand, first one default, described', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    expect(await list(user.jwt)).toEqual([]);
    const pmId = await browserCard();
    const res = await add(user.jwt, { payment_method_id: pmId, name: 'Office Visa' });
    expect(res.statusCode).toBe(201);
    expect(res.json().payment_method).toEqual({
      id: expect.any(Number),
      name: 'Office Visa',
      payment_method_id: pmId,
      is_default: true,
      payment_type: 'card',
      brand: 'visa',
      last4: '4242',
      exp_month: 8,
      exp_year: 2030,
      description: 'Visa ending in 4242',
    });
    const { rows } = await ctx.db.query('SELECT provider_customer_id FROM payment_customers WHERE user_id = $1', [
      user.id,
    ]);
    expect((await sandbox.retrievePaymentMethod(pmId)).customerId).toBe(rows[0].provider_customer_id);
    expect(await list(user.jwt)).toEqual([res.json().payment_method]);
  });

  it('lists the default first, then newest; only the user\u2019s own', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const other = await signedInUser(ctx.app, ctx.db);
    const first = (await add(user.jwt, { payment_method_id: await browserCard('4242424242424242') })).json()
      .payment_method;
    const second = (await add(user.jwt, { payment_method_id: await browserCard('5555555555554444') })).json()
      .payment_method;
    const third = (await add(user.jwt, { payment_method_id: await browserCard('6011111111111117') })).json()
      .payment_method;
    await add(other.jwt, { payment_method_id: await browserCard() });
    const ids = (await list(user.jwt)).map((m) => m.id);
    expect(ids[0]).toBe(first.id);
    expect(ids.slice(1)).toEqual([third.id, second.id]);
    expect(second.is_default).toBe(false);
    expect(third.description).toBe('Discover ending in 1117');
  });

  it('saving the same card twice keeps one record; another user\u2019s card or an unknown id is refused', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const pmId = await browserCard();
    const a = await add(user.jwt, { payment_method_id: pmId });
    const b = await add(user.jwt, { payment_method_id: pmId });
    expect(b.statusCode).toBe(201);
    expect(b.json()).toEqual(a.json());
    expect(await list(user.jwt)).toHaveLength(1);

    const other = await signedInUser(ctx.app, ctx.db);
    const stolen = await add(other.jwt, { payment_method_id: pmId });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().error).toBe('This payment method belongs to another customer.');
    const unknown = await add(other.jwt, { payment_method_id: 'pm_doesnotexist' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({
      error: "No such payment_method: 'pm_doesnotexist'",
      messages: ["No such payment_method: 'pm_doesnotexist'"],
    });
  });

  it('concurrent first saves still make exactly one default', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const pms = await Promise.all([browserCard(), browserCard(), browserCard()]);
    const results = await Promise.all(pms.map((p) => add(user.jwt, { payment_method_id: p })));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect((await list(user.jwt)).filter((m) => m.is_default)).toHaveLength(1);
  });

  it('set_as_default moves the flag; another user\u2019s method is not found', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const a = (await add(user.jwt, { payment_method_id: await browserCard() })).json().payment_method;
    const b = (await add(user.jwt, { payment_method_id: await browserCard('5555555555554444') })).json().payment_method;
    const res = await call(ctx.app, {
      method: 'POST',
      url: `/api/v2/payment_methods/${b.id}/set_as_default`,
      token: user.jwt,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().payment_methods.map((m: { id: number; is_default: boolean }) => [m.id, m.is_default])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    const other = await signedInUser(ctx.app, ctx.db);
    const foreign = await call(ctx.app, {
      method: 'POST',
      url: `/api/v2/payment_methods/${a.id}/set_as_default`,
      token: other.jwt,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'Payment method not found.' });
  });

  it('delete detaches at the provider; when the default goes, the newest remaining becomes default', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const a = (await add(user.jwt, { payment_method_id: await browserCard() })).json().payment_method;
    const b = (await add(user.jwt, { payment_method_id: await browserCard('5555555555554444') })).json().payment_method;
    const c = (await add(user.jwt, { payment_method_id: await browserCard('6011111111111117') })).json().payment_method;
    expect(a.is_default).toBe(true);

    const other = await signedInUser(ctx.app, ctx.db);
    expect(
      (await call(ctx.app, { method: 'DELETE', url: `/api/v2/user_payment_methods/${a.id}`, token: other.jwt }))
        .statusCode,
    ).toBe(404);

    const res = await call(ctx.app, { method: 'DELETE', url: `/api/v2/user_payment_methods/${a.id}`, token: user.jwt });
    expect(res.statusCode).toBe(200);
    expect(res.json().payment_methods.map((m: { id: number; is_default: boolean }) => [m.id, m.is_default])).toEqual([
      [c.id, true],
      [b.id, false],
    ]);
    expect((await sandbox.retrievePaymentMethod(a.payment_method_id)).customerId).toBeNull();
    // deleting a non-default keeps the default
    await call(ctx.app, { method: 'DELETE', url: `/api/v2/user_payment_methods/${b.id}`, token: user.jwt });
    expect((await list(user.jwt)).map((m) => [m.id, m.is_default])).toEqual([[c.id, true]]);
    expect(
      (await call(ctx.app, { method: 'DELETE', url: `/api/v2/user_payment_methods/${b.id}`, token: user.jwt }))
        .statusCode,
    ).toBe(404);
    // the same card can be saved again after removal
    expect((await add(user.jwt, { payment_method_id: a.payment_method_id })).statusCode).toBe(201);
  });

  it('saves a bank account from its succeeded setup intent, with the billing name and email', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const { setupIntentId, paymentMethodId } = await bankSetup(user.jwt, '004');
    const res = await add(user.jwt, {
      payment_method_id: paymentMethodId,
      stripe_setup_intent_id: setupIntentId,
      name: 'Dana Morgan',
      email: 'ap@northwind.example',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().payment_method).toMatchObject({
      payment_type: 'acss_debit',
      brand: 'TD',
      last4: '4567',
      exp_month: null,
      exp_year: null,
      name: 'Dana Morgan',
      is_default: true,
      description: 'TD account ending in 4567',
    });
    const { rows } = await ctx.db.query('SELECT email FROM user_payment_methods WHERE id = $1', [
      res.json().payment_method.id,
    ]);
    expect(rows[0].email).toBe('ap@northwind.example');
  });

  it('refuses a bank account whose setup is not complete, mismatched, another user\u2019s, or sent as a card', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const pending = (
      await call(ctx.app, {
        method: 'POST',
        url: '/api/v2/payment_methods/create_setup_intent',
        token: user.jwt,
        payload: {},
      })
    ).json();
    const card = await browserCard();
    const notDone = await add(user.jwt, { payment_method_id: card, stripe_setup_intent_id: pending.setup_intent_id });
    expect(notDone.statusCode).toBe(422);
    expect(notDone.json().error).toBe('The bank account setup is not complete.');

    const done = await bankSetup(user.jwt);
    const mismatch = await add(user.jwt, { payment_method_id: card, stripe_setup_intent_id: done.setupIntentId });
    expect(mismatch.json().error).toBe('The bank account does not match its setup.');
    const asCard = await add(user.jwt, { payment_method_id: done.paymentMethodId });
    expect(asCard.statusCode).toBe(422);
    expect(asCard.json().error).toBe('A bank account is added through its confirmed setup.');

    const other = await signedInUser(ctx.app, ctx.db);
    const foreign = await add(other.jwt, {
      payment_method_id: done.paymentMethodId,
      stripe_setup_intent_id: done.setupIntentId,
    });
    expect(foreign.statusCode).toBe(404);
    expect(await list(other.jwt)).toEqual([]);
  });

  it('savePaymentMethodForUser (for checkout with save_card) saves and attaches a card', async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const pmId = await browserCard();
    const saved = await savePaymentMethodForUser(ctx.deps, user.id, pmId);
    expect(saved).toMatchObject({ payment_method_id: pmId, is_default: true, payment_type: 'card' });
    expect((await sandbox.retrievePaymentMethod(pmId)).customerId).toMatch(/^cus_/);
    expect(await savePaymentMethodForUser(ctx.deps, user.id, pmId)).toEqual(saved);
    expect(await list(user.jwt)).toEqual([saved]);
  });
});
