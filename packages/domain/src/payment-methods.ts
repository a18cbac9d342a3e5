// Saved payment methods (ordering-payments §2 'Payments page', §3 'Saved payment method').

/**
 * A card is expired when its expiry (month/year) is earlier than the current month and year:
 * a card expiring this month still works until the month ends. Bank accounts (no expiry)
 * are never expired, nor is a method whose expiry is unknown.
 */
export function isCardExpired(
  expMonth: number | null | undefined,
  expYear: number | null | undefined,
  now: Date,
): boolean {
  if (expMonth == null || expYear == null || !Number.isInteger(expMonth) || !Number.isInteger(expYear)) return false;
  // Two-digit years (MM/YY as typed) are in this century.
  const year = expYear < 100 ? 2000 + expYear : expYear;
  const currentYear = now.getFullYear();
  const currentMonth = now.getMonth() + 1;
  return year < currentYear || (year === currentYear && expMonth < currentMonth);
}

/** The expiry as shown on a saved card: 'MM/YY'; empty when unknown (bank accounts). */
export function formatCardExpiry(expMonth: number | null | undefined, expYear: number | null | undefined): string {
  if (expMonth == null || expYear == null) return '';
  return `${String(expMonth).padStart(2, '0')}/${String(expYear % 100).padStart(2, '0')}`;
}

const cardBrandLabels: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  interac: 'Interac',
};

/**
 * A saved method's brand as people write it: card networks by their own spelling ("Visa",
 * "American Express"; the provider sends "visa", "amex"), an unknown network as "Card"; a bank
 * account keeps its bank's name as the provider gives it ("TD").
 */
export function paymentBrandLabel(brand: string | null | undefined, isBankAccount = false): string {
  if (isBankAccount) return brand?.trim() || 'Bank account';
  return cardBrandLabels[(brand ?? '').trim().toLowerCase()] ?? 'Card';
}
