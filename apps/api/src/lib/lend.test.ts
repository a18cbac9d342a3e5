import { describe, expect, it } from 'vitest';
import { lend } from './lend.js';

describe('lend', () => {
  const source = {
    base: 10,
    add(n: number) {
      return this.base + n;
    },
    secret() {
      return 'not lent';
    },
  };

  it('lends only the named methods, bound to their object', () => {
    const lent = lend(source, ['add']);
    const { add } = lent;
    expect(add(5)).toBe(15);
    expect(Object.keys(lent)).toEqual(['add']);
    expect('secret' in lent).toBe(false);
  });

  it('refuses a key that is not a method', () => {
    expect(() => lend(source, ['base'])).toThrow('lend: base is not a method');
  });
});
