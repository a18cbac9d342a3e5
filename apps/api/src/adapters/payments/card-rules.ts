// Card and bank rules of the sandbox provider, with Stripe's test numbers and messages
// (https://docs.stripe.com/testing). Pure functions: unit-tested in card-rules.test.ts.

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

/** The provider's messages (what Stripe answers); the browser shows them as they are (ordering-payments §9). */
export const providerMessages = {
  incorrectNumber: 'Your card number is incorrect.',
  expired: 'Your card has expired.',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  // the same text as sandboxCreateCardBodySchema's cvc message in @caterway/contracts
  invalidCvc: 'Your card\u2019s security code is invalid.',
} as const;

/** Stripe's test cards that decline when a payment is authorised (not when the card is created). */
export const authorisationDeclines: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'generic_decline', message: providerMessages.declined },
  '4000000000009995': { code: 'insufficient_funds', message: providerMessages.insufficientFunds },
};

/** Stripe's test card that is refused at creation as expired, whatever expiry date is typed. */
export const EXPIRED_TEST_CARD = '4000000000000069';

export function normaliseCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^5[1-5]/.test(digits) || /^2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720)/.test(digits)) return 'mastercard';
  if (/^(6011|65|64[4-9]|622)/.test(digits)) return 'discover';
  return 'unknown';
}

/** A card is good through the last day of its expiry month (UTC). */
export function cardExpired(expMonth: number, expYear: number, now: Date): boolean {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  return expYear < y || (expYear === y && expMonth < m);
}

/** American Express has a 4-digit code, other brands 3 digits. */
export function cvcValid(cvc: string, brand: CardBrand): boolean {
  return brand === 'amex' ? /^\d{4}$/.test(cvc) : /^\d{3}$/.test(cvc);
}

const institutions: Record<string, string> = {
  '001': 'BMO',
  '002': 'Scotiabank',
  '003': 'RBC',
  '004': 'TD',
  '006': 'National Bank',
  '010': 'CIBC',
  '815': 'Desjardins',
};

/** Bank name shown as the brand of a Canadian pre-authorised debit (acss_debit) method. */
export function bankName(institutionNumber: string): string {
  return institutions[institutionNumber] ?? 'Bank';
}
