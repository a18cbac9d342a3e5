import { describe, expect, it } from 'vitest';
import { messages } from '@caterway/domain';
import { emptySignUpValues, validateSignUp } from './sign-up-validation';

const valid = {
  ...emptySignUpValues,
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phone: '416-555-0100',
  address1: '100 King St W, Toronto, ON',
  password: 'secret123',
  passwordConfirmation: 'secret123',
};

describe('validateSignUp', () => {
  it('accepts a complete form with the optional fields empty', () => {
    expect(validateSignUp(valid)).toEqual({});
  });
  it('requires the required fields only', () => {
    const errors = validateSignUp({ ...emptySignUpValues });
    expect(Object.keys(errors).sort()).toEqual(['address1', 'email', 'firstName', 'lastName', 'password', 'phone']);
    for (const message of Object.values(errors)) expect(message).toBe(messages.required);
  });
  it('checks the email and that the passwords match', () => {
    const errors = validateSignUp({ ...valid, email: 'ann@', passwordConfirmation: 'other123' });
    expect(errors).toEqual({ email: messages.invalidEmail, passwordConfirmation: messages.passwordsMustMatch });
  });
  it('applies the shared password rules', () => {
    expect(validateSignUp({ ...valid, password: 'short1', passwordConfirmation: 'short1' }).password).toBe(
      messages.passwordTooShort,
    );
    // no composition rules any more: words and spaces are fine
    const phrase = 'correct horse battery staple';
    expect(validateSignUp({ ...valid, password: phrase, passwordConfirmation: phrase })).toEqual({});
    // the email before the @ is a context word
    expect(
      validateSignUp({
        ...valid,
        email: 'annalise@example.com',
        password: 'annalise2026',
        passwordConfirmation: 'annalise2026',
      }).password,
    ).toBe(messages.passwordHasContext);
  });
});
