import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers.js';
import type { Db } from '../../db/pool.js';
import { fixedClock } from '../../lib/clock.js';
import { PaymentDeclinedError, PaymentRequestError } from '../../ports/payments.js';
import { createSandboxProvider, type SandboxPaymentProvider } from './sandbox-provider.js';

// The sandbox provider against a real database: Stripe's rules for cards, bank debits,
// manual capture, refunds and idempotency keys.

let db: Db;
let drop: () => Promise<void>;
let sandbox: SandboxPaymentProvider;
const clock = fixedClock(new Date('2026-11-22T15:00:00Z'));
let keySeq = 0;
const key = () => `test-key-${++keySeq}`;

beforeAll(async () => {
  const database = await createTestDatabase();
  db = database.db;
  drop = database.drop;
  sandbox = createSandboxProvider({ db, clock });
});
afterAll(async () => drop());

const card = (number: string, over: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) =>
  sandbox.createCardPaymentMethod({ number, expMonth: 12, expYear: 2030, cvc: '123', ...over });

async function customerWithCard(number = '4242424242424242') {
  const customer = await sandbox.createCustomer({ email: 'dana@example.com', name: 'Dana Lee', userId: 1 });
  const pm = await card(number);
  await sandbox.attachPaymentMethod(pm.id, customer.id);
  return { customer, pm };
}

function intentFor(
  customerId: string,
  paymentMethodId: string,
  over: Partial<{ amountCents: number; idempotencyKey: string; type: 'card' | 'acss_debit' }> = {},
) {
  return sandbox.createPaymentIntent({
    amountCents: 12_345,
    currency: 'cad',
    customerId,
    paymentMethodId,
    type: 'card',
    description: 'Order 1',
    metadata: { order_id: '1' },
    idempotencyKey: key(),
    ...over,
  });
}

async function declineOf(p: Promise<unknown>): Promise<PaymentDeclinedError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PaymentDeclinedError);
  return err as PaymentDeclinedError;
}

async function requestErrorOf(p: Promise<unknown>): Promise<PaymentRequestError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PaymentRequestError);
  return err as PaymentRequestError;
}

describe('sandbox cards', () => {
  it('creates a card payment method with brand, last4 and expiry, never storing the number', async () => {
    const pm = await card('4242 4242 4242 4242', { expMonth: 4, expYear: 2031 });
    expect(pm).toEqual({
      id: expect.stringMatching(/^pm_/),
      type: 'card',
      brand: 'visa',
      last4: '4242',
      expMonth: 4,
      expYear: 2031,
      customerId: null,
    });
    const { rows } = await db.query('SELECT * FROM sandbox_payment_methods WHERE id = $1', [pm.id]);
    expect(JSON.stringify(rows[0])).not.toContain('4242424242424242');
    expect(await sandbox.retrievePaymentMethod(pm.id)).toEqual(pm);
  });

  it('detects mastercard, amex (4-digit code) and discover', async () => {
    expect((await card('5555555555554444')).brand).toBe('mastercard');
    expect((await card('378282246310005', { cvc: '1234' })).brand).toBe('amex');
    expect((await card('6011111111111117')).brand).toBe('discover');
  });

  it('refuses a Luhn-invalid number, the expired test card, a past expiry and a bad security code', async () => {
    expect((await declineOf(card('4242424242424241'))).message).toBe('Your card number is incorrect.');
    const expired = await declineOf(card('4000000000000069'));
    expect([expired.message, expired.declineCode]).toEqual(['Your card has expired.', 'expired_card']);
    // the clock says November 2026: October 2026 is past, November 2026 still good
    expect((await declineOf(card('4242424242424242', { expMonth: 10, expYear: 2026 }))).message).toBe(
      'Your card has expired.',
    );
    expect((await card('4242424242424242', { expMonth: 11, expYear: 2026 })).expMonth).toBe(11);
    expect((await declineOf(card('378282246310005', { cvc: '123' }))).declineCode).toBe('invalid_cvc');
    expect((await declineOf(card('4242424242424242', { cvc: '1234' }))).message).toBe(
      'Your card\u2019s security code is invalid.',
    );
  });

  it('creates the authorisation-decline test cards, which then decline at authorisation', async () => {
    const { customer, pm } = await customerWithCard('4000000000000002');
    const generic = await declineOf(intentFor(customer.id, pm.id));
    expect([generic.message, generic.declineCode]).toEqual(['Your card was declined.', 'generic_decline']);
    const other = await customerWithCard('4000000000009995');
    const funds = await declineOf(intentFor(other.customer.id, other.pm.id));
    expect([funds.message, funds.declineCode]).toEqual(['Your card has insufficient funds.', 'insufficient_funds']);
  });

  it('attaches to one customer only and detaches', async () => {
    const { customer, pm } = await customerWithCard();
    expect((await sandbox.retrievePaymentMethod(pm.id)).customerId).toBe(customer.id);
    const other = await sandbox.createCustomer({ email: 'x@example.com', name: 'X', userId: 2 });
    expect((await requestErrorOf(sandbox.attachPaymentMethod(pm.id, other.id))).code).toBe('invalid_request');
    await sandbox.detachPaymentMethod(pm.id);
    expect((await sandbox.retrievePaymentMethod(pm.id)).customerId).toBeNull();
    expect((await requestErrorOf(sandbox.detachPaymentMethod(pm.id))).code).toBe('invalid_state');
    expect((await requestErrorOf(sandbox.retrievePaymentMethod('pm_missing'))).code).toBe('resource_missing');
    expect((await requestErrorOf(sandbox.attachPaymentMethod(pm.id, 'cus_missing'))).code).toBe('resource_missing');
  });
});

describe('sandbox payment intents (manual capture)', () => {
  it('authorises a card (requires_capture), captures part of it and refunds up to the captured amount', async () => {
    const { customer, pm } = await customerWithCard();
    const pi = await intentFor(customer.id, pm.id, { amountCents: 10_000 });
    expect(pi).toMatchObject({
      status: 'requires_capture',
      amountCents: 10_000,
      amountCapturableCents: 10_000,
      amountReceivedCents: 0,
      currency: 'cad',
      paymentMethodId: pm.id,
    });
    expect(pi.clientSecret).toMatch(new RegExp(`^${pi.id}_secret_`));
    expect(
      (
        await requestErrorOf(
          sandbox.capturePaymentIntent(pi.id, { amountToCaptureCents: 10_001, idempotencyKey: key() }),
        )
      ).code,
    ).toBe('invalid_amount');
    const captured = await sandbox.capturePaymentIntent(pi.id, { amountToCaptureCents: 8_000, idempotencyKey: key() });
    expect(captured).toMatchObject({ status: 'succeeded', amountReceivedCents: 8_000, amountCapturableCents: 0 });
    expect((await requestErrorOf(sandbox.capturePaymentIntent(pi.id, { idempotencyKey: key() }))).code).toBe(
      'invalid_state',
    );
    expect(await sandbox.refund({ paymentIntentId: pi.id, amountCents: 3_000, idempotencyKey: key() })).toEqual({
      id: expect.stringMatching(/^re_/),
      amountCents: 3_000,
    });
    expect(
      (await requestErrorOf(sandbox.refund({ paymentIntentId: pi.id, amountCents: 5_001, idempotencyKey: key() })))
        .message,
    ).toBe('Refund amount (5001) is greater than unrefunded amount on charge (5000).');
    expect((await sandbox.refund({ paymentIntentId: pi.id, idempotencyKey: key() })).amountCents).toBe(5_000);
    expect((await requestErrorOf(sandbox.refund({ paymentIntentId: pi.id, idempotencyKey: key() }))).code).toBe(
      'invalid_amount',
    );
  });

  it('captures the full authorisation by default; cancel voids an uncaptured one and nothing can be refunded', async () => {
    const { customer, pm } = await customerWithCard();
    const full = await intentFor(customer.id, pm.id, { amountCents: 2_500 });
    expect((await sandbox.capturePaymentIntent(full.id, { idempotencyKey: key() })).amountReceivedCents).toBe(2_500);
    expect((await requestErrorOf(sandbox.cancelPaymentIntent(full.id, { idempotencyKey: key() }))).code).toBe(
      'invalid_state',
    );

    const held = await intentFor(customer.id, pm.id);
    const canceled = await sandbox.cancelPaymentIntent(held.id, { idempotencyKey: key() });
    expect(canceled).toMatchObject({ status: 'canceled', amountCapturableCents: 0, amountReceivedCents: 0 });
    expect((await requestErrorOf(sandbox.capturePaymentIntent(held.id, { idempotencyKey: key() }))).code).toBe(
      'invalid_state',
    );
    expect((await requestErrorOf(sandbox.refund({ paymentIntentId: held.id, idempotencyKey: key() }))).code).toBe(
      'invalid_state',
    );
    expect((await sandbox.retrievePaymentIntent(held.id)).status).toBe('canceled');
  });

  it('refuses a method of another customer, a type mismatch and amounts below 50 cents', async () => {
    const a = await customerWithCard();
    const b = await customerWithCard();
    expect((await requestErrorOf(intentFor(a.customer.id, b.pm.id))).message).toBe(
      'The provided PaymentMethod belongs to a different Customer.',
    );
    expect((await requestErrorOf(intentFor(a.customer.id, a.pm.id, { type: 'acss_debit' }))).code).toBe(
      'invalid_request',
    );
    expect((await requestErrorOf(intentFor(a.customer.id, a.pm.id, { amountCents: 49 }))).code).toBe('invalid_amount');
  });
});

describe('sandbox idempotency keys', () => {
  it('returns the same intent for the same key and parameters, and refuses other parameters', async () => {
    const { customer, pm } = await customerWithCard();
    const k = key();
    const first = await intentFor(customer.id, pm.id, { idempotencyKey: k });
    const again = await intentFor(customer.id, pm.id, { idempotencyKey: k });
    expect(again).toEqual(first);
    const { rows } = await db.query('SELECT count(*)::int AS n FROM sandbox_payment_intents WHERE customer_id = $1', [
      customer.id,
    ]);
    expect(rows[0].n).toBe(1);
    const err = await requestErrorOf(intentFor(customer.id, pm.id, { idempotencyKey: k, amountCents: 999 }));
    expect(err.code).toBe('idempotency_error');
    expect(err.message).toContain('Keys for idempotent requests can only be used with the same parameters');
  });

  it('concurrent retries with one key authorise once', async () => {
    const { customer, pm } = await customerWithCard();
    const k = key();
    const results = await Promise.all([1, 2, 3].map(() => intentFor(customer.id, pm.id, { idempotencyKey: k })));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
  });

  it('replays a decline for the same key, and a capture retry does not capture twice', async () => {
    const declining = await customerWithCard('4000000000000002');
    const k = key();
    await declineOf(intentFor(declining.customer.id, declining.pm.id, { idempotencyKey: k }));
    expect(
      (await declineOf(intentFor(declining.customer.id, declining.pm.id, { idempotencyKey: k }))).declineCode,
    ).toBe('generic_decline');

    const { customer, pm } = await customerWithCard();
    const pi = await intentFor(customer.id, pm.id);
    const ck = key();
    const c1 = await sandbox.capturePaymentIntent(pi.id, { amountToCaptureCents: 1_000, idempotencyKey: ck });
    const c2 = await sandbox.capturePaymentIntent(pi.id, { amountToCaptureCents: 1_000, idempotencyKey: ck });
    expect(c2).toEqual(c1);
    const rk = key();
    const r1 = await sandbox.refund({ paymentIntentId: pi.id, amountCents: 400, idempotencyKey: rk });
    expect(await sandbox.refund({ paymentIntentId: pi.id, amountCents: 400, idempotencyKey: rk })).toEqual(r1);
    const { rows } = await db.query('SELECT amount_refunded FROM sandbox_payment_intents WHERE id = $1', [pi.id]);
    expect(rows[0].amount_refunded).toBe(400);
  });
});

describe('sandbox bank debits (acss_debit)', () => {
  const bank = {
    billingName: 'Dana Lee',
    billingEmail: 'dana@example.com',
    transitNumber: '12345',
    accountNumber: '000123456789',
  };

  it('confirms a setup intent with bank details: a new acss_debit method named after the institution', async () => {
    const customer = await sandbox.createCustomer({ email: 'dana@example.com', name: 'Dana Lee', userId: 1 });
    const seti = await sandbox.createSetupIntent({ customerId: customer.id, type: 'acss_debit' });
    expect(seti).toMatchObject({
      id: expect.stringMatching(/^seti_/),
      status: 'requires_payment_method',
      paymentMethodId: null,
    });
    const confirmed = await sandbox.confirmBankSetupIntent({
      ...bank,
      clientSecret: seti.clientSecret,
      institutionNumber: '004',
    });
    expect(confirmed.status).toBe('succeeded');
    expect(await sandbox.retrieveSetupIntent(seti.id)).toEqual(confirmed);
    const pm = await sandbox.retrievePaymentMethod(confirmed.paymentMethodId!);
    expect(pm).toEqual({
      id: confirmed.paymentMethodId,
      type: 'acss_debit',
      brand: 'TD',
      last4: '6789',
      expMonth: null,
      expYear: null,
      customerId: customer.id,
    });
    // once succeeded it cannot be confirmed again
    expect(
      (
        await requestErrorOf(
          sandbox.confirmBankSetupIntent({ ...bank, clientSecret: seti.clientSecret, institutionNumber: '004' }),
        )
      ).code,
    ).toBe('invalid_state');
  });

  it('names the banks by institution number, others "Bank"', async () => {
    const customer = await sandbox.createCustomer({ email: 'dana@example.com', name: 'Dana Lee', userId: 1 });
    const names: string[] = [];
    for (const inst of ['001', '002', '003', '006', '010', '815', '999']) {
      const seti = await sandbox.createSetupIntent({ customerId: customer.id, type: 'acss_debit' });
      const done = await sandbox.confirmBankSetupIntent({
        ...bank,
        clientSecret: seti.clientSecret,
        institutionNumber: inst,
      });
      names.push((await sandbox.retrievePaymentMethod(done.paymentMethodId!)).brand);
    }
    expect(names).toEqual(['BMO', 'Scotiabank', 'RBC', 'National Bank', 'CIBC', 'Desjardins', 'Bank']);
  });

  it('debits a bank account: processing until captured, then succeeded; an unknown client secret is refused', async () => {
    const customer = await sandbox.createCustomer({ email: 'dana@example.com', name: 'Dana Lee', userId: 1 });
    const seti = await sandbox.createSetupIntent({
      customerId: customer.id,
      type: 'acss_debit',
      idempotencyKey: key(),
    });
    const done = await sandbox.confirmBankSetupIntent({
      ...bank,
      clientSecret: seti.clientSecret,
      institutionNumber: '003',
    });
    const pi = await intentFor(customer.id, done.paymentMethodId!, { type: 'acss_debit', amountCents: 50_000 });
    expect(pi.status).toBe('processing');
    const settled = await sandbox.capturePaymentIntent(pi.id, { idempotencyKey: key() });
    expect(settled).toMatchObject({ status: 'succeeded', amountReceivedCents: 50_000 });
    expect(
      (
        await requestErrorOf(
          sandbox.confirmBankSetupIntent({ ...bank, clientSecret: 'seti_x_secret_y', institutionNumber: '003' }),
        )
      ).code,
    ).toBe('resource_missing');
  });

  it('a card setup intent attaches a card through confirmation and refuses declining cards', async () => {
    const customer = await sandbox.createCustomer({ email: 'dana@example.com', name: 'Dana Lee', userId: 1 });
    const seti = await sandbox.createSetupIntent({ customerId: customer.id, type: 'card' });
    const pm = await card('4242424242424242');
    expect(
      (
        await requestErrorOf(
          sandbox.confirmBankSetupIntent({ ...bank, clientSecret: seti.clientSecret, institutionNumber: '003' }),
        )
      ).code,
    ).toBe('invalid_request');
    const done = await sandbox.confirmCardSetupIntent({ clientSecret: seti.clientSecret, paymentMethodId: pm.id });
    expect(done).toMatchObject({ status: 'succeeded', paymentMethodId: pm.id });
    expect((await sandbox.retrievePaymentMethod(pm.id)).customerId).toBe(customer.id);
    const seti2 = await sandbox.createSetupIntent({ customerId: customer.id, type: 'card' });
    const bad = await card('4000000000009995');
    expect(
      (await declineOf(sandbox.confirmCardSetupIntent({ clientSecret: seti2.clientSecret, paymentMethodId: bad.id })))
        .message,
    ).toBe('Your card has insufficient funds.');
  });
});

describe('authorisation expiry, 3-D Secure and cards kept for later (decision 027)', () => {
  const DAY = 86_400_000;

  it('an uncaptured authorisation expires 7 days after it was made, by the clock: canceled (automatic) and not capturable', async () => {
    const { customer, pm } = await customerWithCard();
    const young = await intentFor(customer.id, pm.id);
    const old = await intentFor(customer.id, pm.id);
    clock.advance(7 * DAY - 60_000);
    expect((await sandbox.retrievePaymentIntent(old.id)).status).toBe('requires_capture');
    expect((await sandbox.capturePaymentIntent(young.id, { idempotencyKey: key() })).status).toBe('succeeded');
    clock.advance(60_000);
    expect(await sandbox.retrievePaymentIntent(old.id)).toMatchObject({
      status: 'canceled',
      cancellationReason: 'automatic',
      amountCapturableCents: 0,
    });
    const err = await requestErrorOf(sandbox.capturePaymentIntent(old.id, { idempotencyKey: key() }));
    expect([err.code, err.message]).toEqual([
      'invalid_state',
      'This PaymentIntent could not be captured because it has a status of canceled.',
    ]);
    // a captured one is not touched by the expiry
    expect((await sandbox.retrievePaymentIntent(young.id)).status).toBe('succeeded');
  });

  it('the 3-D Secure test card asks for authentication; the browser step completes or fails it; off-session it declines', async () => {
    const { customer, pm } = await customerWithCard('4000002760003184');
    const pi = await intentFor(customer.id, pm.id);
    expect(pi).toMatchObject({ status: 'requires_action', amountCapturableCents: 0 });
    expect(
      await sandbox.authenticatePaymentIntent({ clientSecret: pi.clientSecret, outcome: 'complete' }),
    ).toMatchObject({ status: 'requires_capture', amountCapturableCents: 12_345 });
    const again = await requestErrorOf(
      sandbox.authenticatePaymentIntent({ clientSecret: pi.clientSecret, outcome: 'complete' }),
    );
    expect(again.code).toBe('invalid_state');
    const failing = await intentFor(customer.id, pm.id);
    expect(
      await sandbox.authenticatePaymentIntent({ clientSecret: failing.clientSecret, outcome: 'fail' }),
    ).toMatchObject({ status: 'requires_payment_method', paymentMethodId: null });
    const away = await declineOf(
      sandbox.createPaymentIntent({
        amountCents: 5_000,
        currency: 'cad',
        customerId: customer.id,
        paymentMethodId: pm.id,
        type: 'card',
        description: 'x',
        metadata: {},
        idempotencyKey: key(),
        offSession: true,
      }),
    );
    expect([away.declineCode, away.message]).toEqual([
      'authentication_required',
      'Your card was declined. This transaction requires authentication.',
    ]);
  });

  it('setupOffSession keeps a card on the customer; declining cards are refused; 4000 0000 0000 0341 is kept but its charges decline', async () => {
    const customer = await sandbox.createCustomer({ email: 'k@example.com', name: 'K', userId: 2 });
    const good = await card('4242424242424242');
    const seti = await sandbox.setupOffSession({
      customerId: customer.id,
      paymentMethodId: good.id,
      idempotencyKey: key(),
    });
    expect(seti).toMatchObject({ status: 'succeeded', paymentMethodId: good.id });
    expect((await sandbox.retrievePaymentMethod(good.id)).customerId).toBe(customer.id);
    expect((await intentFor(customer.id, good.id, { idempotencyKey: key() })).status).toBe('requires_capture');

    const declining = await card('4000000000000002');
    expect(
      (
        await declineOf(
          sandbox.setupOffSession({ customerId: customer.id, paymentMethodId: declining.id, idempotencyKey: key() }),
        )
      ).declineCode,
    ).toBe('generic_decline');
    const later = await card('4000000000000341');
    expect(
      (await sandbox.setupOffSession({ customerId: customer.id, paymentMethodId: later.id, idempotencyKey: key() }))
        .status,
    ).toBe('succeeded');
    expect((await declineOf(intentFor(customer.id, later.id))).message).toBe('Your card was declined.');
    const threeDs = await card('4000002760003184');
    expect(
      (await sandbox.setupOffSession({ customerId: customer.id, paymentMethodId: threeDs.id, idempotencyKey: key() }))
        .status,
    ).toBe('requires_action');
  });
});
