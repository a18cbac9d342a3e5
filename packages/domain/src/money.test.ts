import { describe, expect, it } from 'vitest';
import { currencyForCountry, dollarsToCents, formatCents, formatCentsWithCurrency } from './money';

describe('formatCents', () => {
  it('writes integer cents as dollars with two decimals', () => {
    expect(formatCents(1250)).toBe('$12.50');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(100)).toBe('$1.00');
  });
  it('separates thousands', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(100000000)).toBe('$1,000,000.00');
  });
  it('keeps the sign in front of the dollar sign', () => {
    expect(formatCents(-305)).toBe('-$3.05');
  });
  it('rounds a fractional cent instead of printing it', () => {
    expect(formatCents(1249.6)).toBe('$12.50');
  });
  it('refuses NaN and infinities', () => {
    expect(() => formatCents(Number.NaN)).toThrow(RangeError);
    expect(() => formatCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('currency by country', () => {
  it('is CAD in Canada and USD in the US', () => {
    expect(currencyForCountry('CA')).toBe('CAD');
    expect(currencyForCountry('US')).toBe('USD');
    expect(currencyForCountry(undefined)).toBe('CAD');
    expect(formatCentsWithCurrency(1999, 'US')).toBe('$19.99 USD');
    expect(formatCentsWithCurrency(1999, 'CA')).toBe('$19.99 CAD');
  });
});

describe('dollarsToCents', () => {
  it('avoids float drift', () => {
    expect(dollarsToCents(12.5)).toBe(1250);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(19.99)).toBe(1999);
  });
});
