import { describe, expect, it } from 'vitest';
import { formatCardExpiry, isCardExpired, paymentBrandLabel } from './payment-methods.js';

describe('isCardExpired', () => {
  const now = new Date(2026, 10, 22); // 22 November 2026, local time

  it('is not expired in its own expiry month', () => {
    expect(isCardExpired(11, 2026, now)).toBe(false);
  });

  it('is expired from the month after its expiry', () => {
    expect(isCardExpired(10, 2026, now)).toBe(true);
    expect(isCardExpired(12, 2025, now)).toBe(true);
  });

  it('is valid for later months and years', () => {
    expect(isCardExpired(12, 2026, now)).toBe(false);
    expect(isCardExpired(1, 2027, now)).toBe(false);
  });

  it('reads two-digit years as this century', () => {
    expect(isCardExpired(10, 26, now)).toBe(true);
    expect(isCardExpired(1, 27, now)).toBe(false);
  });

  it('never calls a method without an expiry (bank accounts) expired', () => {
    expect(isCardExpired(null, null, now)).toBe(false);
    expect(isCardExpired(undefined, 2020, now)).toBe(false);
  });

  it('turns over at the new year', () => {
    const january = new Date(2027, 0, 1);
    expect(isCardExpired(12, 2026, january)).toBe(true);
    expect(isCardExpired(1, 2027, january)).toBe(false);
  });
});

describe('formatCardExpiry', () => {
  it('shows MM/YY', () => {
    expect(formatCardExpiry(4, 2030)).toBe('04/30');
    expect(formatCardExpiry(12, 2029)).toBe('12/29');
  });
  it('is empty without an expiry', () => {
    expect(formatCardExpiry(null, null)).toBe('');
  });
});

describe('paymentBrandLabel', () => {
  it('spells card networks as they do', () => {
    expect(paymentBrandLabel('visa')).toBe('Visa');
    expect(paymentBrandLabel('VISA')).toBe('Visa');
    expect(paymentBrandLabel('amex')).toBe('American Express');
    expect(paymentBrandLabel('mastercard')).toBe('Mastercard');
  });

  it('calls an unknown network a card and keeps a bank name', () => {
    expect(paymentBrandLabel('zzpay')).toBe('Card');
    expect(paymentBrandLabel(null)).toBe('Card');
    expect(paymentBrandLabel('TD', true)).toBe('TD');
    expect(paymentBrandLabel('', true)).toBe('Bank account');
  });
});
