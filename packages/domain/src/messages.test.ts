import { describe, expect, it } from 'vitest';
import { messages, passwordProblems } from './messages.js';

describe('passwordProblems', () => {
  it('accepts 8 to 128 characters with a letter and a number', () => {
    expect(passwordProblems('Lunch4Forty')).toEqual([]);
    expect(passwordProblems('abcdefg1')).toEqual([]);
    expect(passwordProblems(`a1${'x'.repeat(126)}`)).toEqual([]);
  });

  it('refuses short passwords', () => {
    expect(passwordProblems('abc1234')).toEqual([messages.passwordTooShort]);
  });

  it('refuses passwords over 128 characters', () => {
    expect(passwordProblems(`a1${'x'.repeat(127)}`)).toEqual([messages.passwordTooLong]);
  });

  it('needs both a letter and a number', () => {
    expect(passwordProblems('abcdefgh')).toEqual([messages.passwordNeedsLetterAndNumber]);
    expect(passwordProblems('12345678')).toEqual([messages.passwordNeedsLetterAndNumber]);
  });

  it('lists every problem at once', () => {
    expect(passwordProblems('')).toEqual([messages.passwordTooShort, messages.passwordNeedsLetterAndNumber]);
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
