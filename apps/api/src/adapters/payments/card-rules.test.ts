import { describe, expect, it } from 'vitest';
import { bankName, cardBrand, cardExpired, cvcValid, luhnValid, normaliseCardNumber } from './card-rules.js';

describe('card rules', () => {
  it('checks numbers with Luhn after removing spaces and dashes', () => {
    expect(luhnValid(normaliseCardNumber('4242 4242 4242 4242'))).toBe(true);
    expect(luhnValid(normaliseCardNumber('4000-0000-0000-0002'))).toBe(true);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('4242')).toBe(false); // too short
    expect(luhnValid('42424242424242x2')).toBe(false);
  });

  it('detects visa, mastercard (51-55 and 2221-2720), amex, discover', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('2720990000000000')).toBe('mastercard');
    expect(cardBrand('2721000000000000')).toBe('unknown');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('341111111111111')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('6500000000000000')).toBe('discover');
    expect(cardBrand('3056930009020004')).toBe('unknown');
  });

  it('a card is good through the end of its expiry month', () => {
    const now = new Date('2026-11-30T23:59:00Z');
    expect(cardExpired(11, 2026, now)).toBe(false);
    expect(cardExpired(10, 2026, now)).toBe(true);
    expect(cardExpired(1, 2027, now)).toBe(false);
    expect(cardExpired(12, 2025, now)).toBe(true);
    expect(cardExpired(11, 2026, new Date('2026-12-01T00:00:00Z'))).toBe(true);
  });

  it('wants 4 digits of security code for amex, 3 for the others', () => {
    expect(cvcValid('1234', 'amex')).toBe(true);
    expect(cvcValid('123', 'amex')).toBe(false);
    expect(cvcValid('123', 'visa')).toBe(true);
    expect(cvcValid('1234', 'visa')).toBe(false);
    expect(cvcValid('12a', 'mastercard')).toBe(false);
  });

  it('names banks by institution number', () => {
    expect(['001', '002', '003', '004', '006', '010', '815', '123'].map(bankName)).toEqual([
      'BMO',
      'Scotiabank',
      'RBC',
      'TD',
      'National Bank',
      'CIBC',
      'Desjardins',
      'Bank',
    ]);
  });
});
