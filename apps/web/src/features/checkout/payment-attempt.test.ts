import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  authenticationSecret,
  createPaymentAttempts,
  isRetryableFailure,
  newIdempotencyKey,
  runPaymentAttempt,
} from './payment-attempt';

const body = { orderId: 7, purchaseId: 'pur_1', paymentMethodId: 'pm_1', saveCard: false };
const counter = () => {
  let n = 0;
  return () => `key-${++n}`;
};
const noSleep = { sleep: async () => {} };

describe('payment attempts', () => {
  it('reuses the key for the same attempt and makes a new one for a different attempt', () => {
    const attempts = createPaymentAttempts(counter());
    expect(attempts.keyFor(body)).toBe('key-1');
    expect(attempts.keyFor({ ...body })).toBe('key-1');
    expect(attempts.keyFor({ ...body, paymentMethodId: 'pm_2' })).toBe('key-2');
    expect(attempts.keyFor({ ...body, paymentMethodId: 'pm_2', saveCard: true })).toBe('key-3');
  });

  it('starts a new attempt after a definitive answer', () => {
    const attempts = createPaymentAttempts(counter());
    expect(attempts.keyFor(body)).toBe('key-1');
    attempts.settle();
    expect(attempts.keyFor(body)).toBe('key-2');
  });

  it('retries a network failure with the same key and settles on success', async () => {
    const attempts = createPaymentAttempts(counter());
    const keys: string[] = [];
    const result = await runPaymentAttempt(
      attempts,
      body,
      (key) => {
        keys.push(key);
        if (keys.length === 1) return Promise.reject(new TypeError('Failed to fetch'));
        if (keys.length === 2) return Promise.reject(new ApiError(409, { error: 'in progress' }));
        return Promise.resolve('paid');
      },
      noSleep,
    );
    expect(result).toBe('paid');
    expect(keys).toEqual(['key-1', 'key-1', 'key-1']);
    expect(attempts.keyFor(body)).toBe('key-2');
  });

  it('keeps the attempt open after retries run out, so a manual retry reuses the key', async () => {
    const attempts = createPaymentAttempts(counter());
    await expect(
      runPaymentAttempt(attempts, body, () => Promise.reject(new TypeError('Failed to fetch')), {
        ...noSleep,
        retries: 1,
      }),
    ).rejects.toThrow('Failed to fetch');
    expect(attempts.keyFor(body)).toBe('key-1');
  });

  it('does not retry a decline and ends the attempt', async () => {
    const attempts = createPaymentAttempts(counter());
    let calls = 0;
    await expect(
      runPaymentAttempt(
        attempts,
        body,
        () => {
          calls++;
          return Promise.reject(new ApiError(402, { error: 'Your card was declined.' }));
        },
        noSleep,
      ),
    ).rejects.toMatchObject({ status: 402, serverError: 'Your card was declined.' });
    expect(calls).toBe(1);
    expect(attempts.keyFor(body)).toBe('key-2');
  });

  it('classifies failures', () => {
    expect(isRetryableFailure(new TypeError('x'))).toBe(true);
    expect(isRetryableFailure(new ApiError(503, {}))).toBe(true);
    expect(isRetryableFailure(new ApiError(409, {}))).toBe(true);
    expect(isRetryableFailure(new ApiError(422, { messages: ['x'] }))).toBe(false);
    expect(isRetryableFailure(new ApiError(402, { error: 'x' }))).toBe(false);
  });

  it('makes v4 uuids', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });
});

describe('authenticationSecret (3-D Secure, decision 027)', () => {
  it('answers the client secret only when the API asks for requires_action', () => {
    expect(authenticationSecret({ paymentStatus: 'requires_action', clientSecret: 'pi_1_secret_2' })).toBe(
      'pi_1_secret_2',
    );
    expect(authenticationSecret({ paymentStatus: 'authorized', clientSecret: 'pi_1_secret_2' })).toBeNull();
    expect(authenticationSecret({ paymentStatus: 'scheduled' })).toBeNull();
    expect(authenticationSecret({ paymentStatus: 'requires_action', clientSecret: null })).toBeNull();
  });
});
