import { describe, expect, it } from 'vitest';
import { messages, paymentMessages } from '@caterway/domain';
import {
  formatCardNumber,
  formatExpiry,
  isLuhnValid,
  parseExpiry,
  validateBankForm,
  validateCardForm,
} from './card-input';

const now = new Date(2026, 10, 22);

describe('card input', () => {
  it('checks the Luhn sum', () => {
    expect(isLuhnValid('4242 4242 4242 4242')).toBe(true);
    expect(isLuhnValid('4000000000000002')).toBe(true);
    expect(isLuhnValid('4242 4242 4242 4241')).toBe(false);
    expect(isLuhnValid('4242')).toBe(false);
    expect(isLuhnValid('4242-4242-4242-4242')).toBe(false);
  });

  it('groups the number in fours and the expiry as MM/YY', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42 42a4')).toBe('4242 4');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12/');
    expect(formatExpiry('12/3')).toBe('12/3');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(parseExpiry('04/30')).toEqual({ month: 4, year: 2030 });
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('4/30')).toBeNull();
  });

  it('validates the card form', () => {
    expect(validateCardForm({ number: '4242 4242 4242 4242', expiry: '11/26', cvc: '123', name: '' }, now)).toEqual({});
    expect(validateCardForm({ number: '4242 4242 4242 4241', expiry: '10/26', cvc: '12', name: '' }, now)).toEqual({
      number: paymentMessages.cardNumberIncorrect,
      expiry: paymentMessages.cardExpiryPast,
      cvc: paymentMessages.cardCvcInvalid,
    });
    expect(validateCardForm({ number: '', expiry: '', cvc: '', name: '' }, now)).toEqual({
      number: messages.required,
      expiry: messages.required,
      cvc: messages.required,
    });
  });

  it('validates the bank form and the mandate', () => {
    const ok = {
      billingName: 'Dana Park',
      billingEmail: 'dana@example.com',
      institutionNumber: '001',
      transitNumber: '12345',
      accountNumber: '1234567',
      mandateAccepted: true,
    };
    expect(validateBankForm(ok)).toEqual({});
    expect(
      validateBankForm({
        ...ok,
        institutionNumber: '01',
        transitNumber: '1234',
        accountNumber: '123456',
        mandateAccepted: false,
        billingEmail: 'x',
      }),
    ).toEqual({
      institutionNumber: paymentMessages.institutionNumberInvalid,
      transitNumber: paymentMessages.transitNumberInvalid,
      accountNumber: paymentMessages.accountNumberInvalid,
      mandateAccepted: paymentMessages.padMandateRequired,
      billingEmail: messages.invalidEmail,
    });
  });
});
