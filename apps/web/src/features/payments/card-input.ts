import { isValidEmail, messages, paymentMessages } from '@caterway/domain';

// The sandbox card form's input rules: number with a Luhn check shown in groups of four,
// expiry MM/YY, CVC of 3 or 4 digits. The provider checks again (the sandbox refuses a
// Luhn-invalid number with 'Your card number is incorrect.').

export const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** Luhn checksum over the digits; 12 to 19 digits. */
export function isLuhnValid(number: string): boolean {
  const digits = digitsOnly(number);
  if (digits.length < 12 || digits.length > 19 || digits !== number.replace(/\s/g, '')) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** '4242424242424242' -> '4242 4242 4242 4242' (at most 19 digits). */
export function formatCardNumber(value: string): string {
  return digitsOnly(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Typed expiry to 'MM/YY': '4' stays, '12' -> '12/', '1230' -> '12/30'. */
export function formatExpiry(value: string): string {
  const digits = digitsOnly(value).slice(0, 4);
  if (digits.length < 2) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** 'MM/YY' -> { month, year (4 digits) }, or null when not a real month. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

export interface CardFormValues {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardFormErrors = Partial<Record<keyof CardFormValues, string>>;

export function validateCardForm(values: CardFormValues, now: Date): CardFormErrors {
  const errors: CardFormErrors = {};
  if (digitsOnly(values.number) === '') errors.number = messages.required;
  else if (!isLuhnValid(values.number)) errors.number = paymentMessages.cardNumberIncorrect;
  const expiry = parseExpiry(values.expiry);
  if (values.expiry.trim() === '') errors.expiry = messages.required;
  else if (!expiry) errors.expiry = paymentMessages.cardExpiryInvalid;
  else if (expiry.year < now.getFullYear() || (expiry.year === now.getFullYear() && expiry.month < now.getMonth() + 1))
    errors.expiry = paymentMessages.cardExpiryPast;
  if (values.cvc.trim() === '') errors.cvc = messages.required;
  else if (!/^\d{3,4}$/.test(values.cvc.trim())) errors.cvc = paymentMessages.cardCvcInvalid;
  return errors;
}

export interface BankFormValues {
  billingName: string;
  billingEmail: string;
  institutionNumber: string;
  transitNumber: string;
  accountNumber: string;
  mandateAccepted: boolean;
}

export type BankFormErrors = Partial<Record<keyof BankFormValues, string>>;

/** Canadian pre-authorized debit details: institution 3 digits, transit 5, account 7 to 12. */
export function validateBankForm(values: BankFormValues): BankFormErrors {
  const errors: BankFormErrors = {};
  if (values.billingName.trim() === '') errors.billingName = messages.required;
  if (values.billingEmail.trim() === '') errors.billingEmail = messages.required;
  else if (!isValidEmail(values.billingEmail)) errors.billingEmail = messages.invalidEmail;
  if (!/^\d{3}$/.test(values.institutionNumber)) errors.institutionNumber = paymentMessages.institutionNumberInvalid;
  if (!/^\d{5}$/.test(values.transitNumber)) errors.transitNumber = paymentMessages.transitNumberInvalid;
  if (!/^\d{7,12}$/.test(values.accountNumber)) errors.accountNumber = paymentMessages.accountNumberInvalid;
  if (!values.mandateAccepted) errors.mandateAccepted = paymentMessages.padMandateRequired;
  return errors;
}
