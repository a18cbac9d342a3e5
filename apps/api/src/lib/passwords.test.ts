import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.js';

describe('password hashing', () => {
  it('treats the Unicode forms of one password alike (NFKC), whichever the keyboard sends', async () => {
    const composed = 'café au lait \u00e9t\u00e9';
    const decomposed = 'cafe\u0301 au lait e\u0301te\u0301';
    expect(composed).not.toBe(decomposed);
    const stored = await hashPassword(decomposed);
    expect(await verifyPassword(stored, composed)).toBe(true);
    expect(await verifyPassword(stored, decomposed)).toBe(true);
    // a ligature is its letters
    expect(await verifyPassword(await hashPassword('\ufb01sh and chips'), 'fish and chips')).toBe(true);
    expect(await verifyPassword(stored, 'cafe au lait ete')).toBe(false);
  });

  it('still verifies a hash made of the password as typed, before NFKC', async () => {
    const typed = 'cafe\u0301 cre\u0300me';
    const old = await hash(typed, { algorithm: 2, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 });
    expect(await verifyPassword(old, typed)).toBe(true);
    expect(await verifyPassword(old, 'wrong')).toBe(false);
  });
});
