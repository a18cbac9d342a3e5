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
  // a card that needs 3-D Secure, charged while the customer is away (off_session)
  authenticationRequired: 'Your card was declined. This transaction requires authentication.',
  // the customer failed or abandoned 3-D Secure (payment_intent_authentication_failure)
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;

/** Stripe's test cards that decline when a payment is authorised (not when the card is created). */
export const authorisationDeclines: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'generic_decline', message: providerMessages.declined },
  '4000000000009995': { code: 'insufficient_funds', message: providerMessages.insufficientFunds },
};

/**
 * Stripe's 3-D Secure test card: every payment needs the customer's authentication in the
 * browser (requires_action, then the sandbox's confirm step); charged off-session it declines
 * with authentication_required.
 */
export const AUTHENTICATION_TEST_CARD = '4000002760003184';
export const AUTHENTICATION_REQUIRED = 'authentication_required';

/**
 * Stripe's test card that attaches to a customer (a setup intent succeeds) but whose charges are
 * declined: a far-future order keeps it at checkout and its authorisation 5 days before delivery
 * fails. Stored with this marker as its decline code.
 */
export const ATTACHES_THEN_DECLINES_CARD = '4000000000000341';
export const CHARGE_DECLINED = 'charge_declined';

/** How a card's stored decline code refuses an authorisation (a payment intent), if it does. */
export function chargeDecline(declineCode: string | null): { code: string; message: string } | undefined {
  if (declineCode === CHARGE_DECLINED) return { code: 'generic_decline', message: providerMessages.declined };
  return declineCode ? Object.values(authorisationDeclines).find((d) => d.code === declineCode) : undefined;
}

/** How it refuses being saved (a setup intent): the charge-only card is accepted there. */
export function setupDecline(declineCode: string | null): { code: string; message: string } | undefined {
  return declineCode === CHARGE_DECLINED ? undefined : chargeDecline(declineCode);
}

/** The decline code a new card payment method is stored with (null: it authorises). */
export function declineCodeOf(digits: string): string | null {
  if (authorisationDeclines[digits]) return authorisationDeclines[digits].code;
  if (digits === AUTHENTICATION_TEST_CARD) return AUTHENTICATION_REQUIRED;
  return digits === ATTACHES_THEN_DECLINES_CARD ? CHARGE_DECLINED : null;
}

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
