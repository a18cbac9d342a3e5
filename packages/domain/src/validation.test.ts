import { describe, expect, it } from 'vitest';
import { isBlank, isNonNegativeInteger, isValidEmail } from './validation.js';

describe('isValidEmail', () => {
  it('accepts ordinary addresses', () => {
    for (const ok of ['ann@example.com', 'first.last+tag@sub.example.ca', ' ann@example.com '])
      expect(isValidEmail(ok), ok).toBe(true);
  });
  it('rejects malformed ones', () => {
    for (const bad of [
      '',
      'ann',
      'ann@',
      '@example.com',
      'ann@example',
      'ann@@example.com',
      'ann smith@example.com',
      'ann@example..com',
      'ann@.com',
    ])
      expect(isValidEmail(bad), bad).toBe(false);
  });
  it('rejects overlong addresses', () => {
    expect(isValidEmail(`${'a'.repeat(250)}@x.io`)).toBe(false);
  });
});

describe('isBlank and isNonNegativeInteger', () => {
  it('treats whitespace, null and undefined as blank', () => {
    expect(isBlank('  ')).toBe(true);
    expect(isBlank(null)).toBe(true);
    expect(isBlank(undefined)).toBe(true);
    expect(isBlank(' a ')).toBe(false);
  });
  it('accepts digits only', () => {
    expect(isNonNegativeInteger(0)).toBe(true);
    expect(isNonNegativeInteger('12')).toBe(true);
    expect(isNonNegativeInteger('-1')).toBe(false);
    expect(isNonNegativeInteger('1.5')).toBe(false);
    expect(isNonNegativeInteger('')).toBe(false);
  });
});
