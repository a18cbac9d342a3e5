import { describe, expect, it } from 'vitest';
import { messages, passwordContextWords, passwordProblems } from './messages.js';

describe('passwordProblems', () => {
  it('accepts 8 to 128 characters without composition rules', () => {
    expect(passwordProblems('Lunch4Forty')).toEqual([]);
    expect(passwordProblems('Kitchen4Ops')).toEqual([]);
    expect(passwordProblems('abcdefg1')).toEqual([]);
    // NIST SP 800-63B-4: no letter-and-number rule; a passphrase of words and spaces is fine
    expect(passwordProblems('correct horse battery staple')).toEqual([]);
    expect(passwordProblems('abcdefgh')).toEqual([]);
    expect(passwordProblems('12345678')).toEqual([]);
    expect(passwordProblems('x'.repeat(128))).toEqual([]);
    expect(passwordProblems('x'.repeat(64))).toEqual([]);
  });

  it('allows every printable character, spaces and Unicode, counting characters rather than UTF-16 units', () => {
    expect(passwordProblems('  spaces  ')).toEqual([]);
    expect(passwordProblems('mot de passe été 🍕🍣')).toEqual([]);
    expect(passwordProblems('密码密码密码密码')).toEqual([]);
    // 128 emoji are 256 UTF-16 units but 128 characters
    expect(passwordProblems('🍕'.repeat(128))).toEqual([]);
    expect(passwordProblems('🍕'.repeat(129))).toEqual([messages.passwordTooLong]);
    // 4 emoji are 8 UTF-16 units but only 4 characters
    expect(passwordProblems('🍕🍕🍕🍕')).toEqual([messages.passwordTooShort]);
    expect(passwordProblems('~!@#$%^&*()_+{}|:"<>?`-=[]\\;\',./')).toEqual([]);
  });

  it('refuses short passwords', () => {
    expect(passwordProblems('abc1234')).toEqual([messages.passwordTooShort]);
    expect(passwordProblems('')).toEqual([messages.passwordTooShort]);
  });

  it('refuses passwords over 128 characters', () => {
    expect(passwordProblems('x'.repeat(129))).toEqual([messages.passwordTooLong]);
  });

  it('refuses the context words: the product name and the email address before the @', () => {
    expect(passwordProblems('MyCaterway2026')).toEqual([messages.passwordHasContext]);
    expect(passwordProblems('dana.morgan-2026', { email: 'Dana.Morgan@example.com' })).toEqual([
      messages.passwordHasContext,
    ]);
    expect(passwordProblems('dana.morgan-2026', { email: 'sam@example.com' })).toEqual([]);
    // a short local part is no context word: it would refuse too much
    expect(passwordContextWords('jo@example.com')).toEqual(['caterway']);
    expect(passwordContextWords('dana@example.com')).toEqual(['caterway', 'dana']);
  });
});

describe('messages', () => {
  it('keeps the spec wording of the auth messages', () => {
    expect(messages.passwordsMustMatch).toBe('Passwords must match');
    expect(messages.bothPasswordsSame).toBe('Both password need to be the same');
    expect(messages.signInFailed).toBe('Invalid Information. Please try again.');
    expect(messages.confirmEmail).toBe('Please confirm your email address.');
    expect(messages.loggedOutInactivity).toBe('You are logged out because of inactivity. Please login again!');
    expect(messages.accountVerificationFailed('help@example.com')).toBe(
      "Your account verification didn't work. Please contact us at help@example.com and we're Happy to help!",
    );
  });
});
