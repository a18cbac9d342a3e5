import { describe, expect, it } from 'vitest';
import { messages } from '@caterway/domain';
import { demoAccounts, demoRestaurantTeam } from './demo-accounts.js';
import { commonPasswordListSize, commonPasswords, isCommonPassword, newPasswordProblems } from './password-policy.js';

describe('password policy of the API', () => {
  it('checks against at least the 100,000 most common and breached passwords, loaded once', () => {
    expect(commonPasswordListSize()).toBeGreaterThanOrEqual(100_000);
    const t0 = performance.now();
    const set = commonPasswords();
    const firstMs = performance.now() - t0;
    // entries of 8 characters or more: the shorter ones are refused by length anyway
    expect(set.size).toBeGreaterThanOrEqual(100_000);
    expect(commonPasswords()).toBe(set);
    const t1 = performance.now();
    for (let i = 0; i < 1000; i++) isCommonPassword(`Lunch${i}Forty`);
    expect(performance.now() - t1).toBeLessThan(200);
    expect(firstMs).toBeLessThan(10_000);
  });

  it('refuses common passwords without regard to case, with a clear message', () => {
    for (const p of ['password1', 'Password1', 'iloveyou1', '12345678', 'qwertyuiop']) {
      expect(newPasswordProblems(p)).toEqual([messages.passwordTooCommon]);
    }
  });

  it('accepts passphrases, long and Unicode passwords that are not on the list', () => {
    expect(newPasswordProblems('correct horse battery staple')).toEqual([]);
    expect(newPasswordProblems('x7'.repeat(32))).toEqual([]);
    expect(newPasswordProblems('été au chalet 🍁 2026')).toEqual([]);
  });

  it('refuses the context words, the email address before the @ and "caterway"', () => {
    expect(newPasswordProblems('robin.hood-was-here', { email: 'robin.hood@example.com' })).toEqual([
      messages.passwordHasContext,
    ]);
    expect(newPasswordProblems('I order from Caterway')).toEqual([messages.passwordHasContext]);
  });

  it('lets the demo accounts keep their passwords (seed and sign-in)', () => {
    for (const a of [...demoAccounts, demoRestaurantTeam])
      expect(newPasswordProblems(a.password, { email: a.email })).toEqual([]);
  });
});
