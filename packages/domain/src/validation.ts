// Small form checks shared by the storefront and the API (browse-account-orders §5,
// ordering-payments §5). The messages they go with live in messages.ts.

// Pragmatic address shape: one @, no spaces, a dot in the domain, no empty labels. Deliverability
// is proven by the confirmation email, not by a regex.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export function isBlank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === '';
}

export function isValidEmail(value: string): boolean {
  const v = value.trim();
  return v.length <= 254 && EMAIL.test(v);
}

export function isNonNegativeInteger(value: string | number): boolean {
  const s = String(value).trim();
  return /^\d+$/.test(s);
}
