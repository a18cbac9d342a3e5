// Money is integer cents everywhere (ARCHITECTURE.md 'Data'); these helpers are presentation
// only. The currency follows the country: CAD in Canada, USD in the US (both written with '$',
// as the spec's screens do: '$12.50').

export type Country = 'CA' | 'US';
export type Currency = 'CAD' | 'USD';

export const currencyForCountry = (country: string | null | undefined): Currency => (country === 'US' ? 'USD' : 'CAD');

/** Integer cents to '$12.50' (two decimals, thousands separated: '$1,234.00', negatives '-$3.05'). */
export function formatCents(cents: number): string {
  if (!Number.isFinite(cents)) throw new RangeError(`formatCents: not a finite number: ${cents}`);
  const whole = Math.round(cents);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  const dollars = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}$${dollars}.${rest}`;
}

/** Cents with the currency code for places where both countries show side by side: '$12.50 CAD'. */
export function formatCentsWithCurrency(cents: number, country: string | null | undefined): string {
  return `${formatCents(cents)} ${currencyForCountry(country)}`;
}

/** Whole dollars to integer cents without float drift (12.5 -> 1250, 0.1 + 0.2 style inputs rounded). */
export function dollarsToCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError(`dollarsToCents: not a finite number: ${dollars}`);
  return Math.round(dollars * 100);
}
