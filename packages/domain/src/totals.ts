// Order totals: ONE function, used by the storefront to show the price and by the API to
// charge it (ordering-payments §9). Integer cents throughout.
//
// Rounding rule: every amount is an integer number of cents; the only fractional step is tax.
// tax = (subtotal + delivery fee + cutlery) x rate, rounded half up (x.5 cents goes up) once,
// on the order total. The rate is a percent with at most 3 decimals (13.000, 14.975), handled
// as an integer number of thousandths of a percent, so no floating-point error enters.

/** Cutlery, plates and napkins: 50 cents a piece, added before tax (ordering-payments §9). */
export const CUTLERY_CENTS_PER_PIECE = 50;
/** The largest order total: $1,000,000.00, well inside the 32-bit amounts orders are stored in. */
export const MAX_ORDER_TOTAL_CENTS = 100_000_000;

export type ReceivingMethod = 'delivery' | 'pickup';

export interface PricedMenuItem {
  /** price of one unit of this component or option, in cents */
  priceCents: number;
  quantity: number;
}

export interface PricedLine {
  /** the dish's (menu's) unit price, in cents */
  unitPriceCents: number;
  /** the line quantity; for a dish with menu items, the sum of the items' quantities */
  quantity: number;
  /** chosen components/options (menuItemsMapping resolved to prices); may be empty */
  menuItems: PricedMenuItem[];
}

export interface TotalsInput {
  lines: PricedLine[];
  receivingMethod: ReceivingMethod;
  /** delivery fee by distance, in cents; ignored for pickup and add-on orders */
  deliveryFeeCents: number;
  cutleryCount: number;
  /** percent with up to 3 decimals, e.g. 13 or 14.975 */
  taxRatePercent: number;
  /** add-on orders omit the delivery fee (ordering-payments §9) */
  isAddOn?: boolean;
}

export interface Totals {
  subtotalCents: number;
  deliveryFeeCents: number;
  cutleryCents: number;
  taxCents: number;
  totalCents: number;
}

function assertCents(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer number of cents`);
}

function assertCount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer`);
}

/** The rate as thousandths of a percent (13.000% -> 13000); refuses more than 3 decimals. */
export function taxRateMilli(taxRatePercent: number): number {
  const milli = Math.round(taxRatePercent * 1000);
  if (!Number.isFinite(taxRatePercent) || taxRatePercent < 0 || taxRatePercent > 100 || Math.abs(milli - taxRatePercent * 1000) > 1e-6) {
    throw new RangeError('tax rate must be a percent between 0 and 100 with at most 3 decimals');
  }
  return milli;
}

/** Half-up rounding of amountCents x rate, exact in integers. */
export function taxOn(amountCents: number, taxRatePercent: number): number {
  assertCents('taxable amount', amountCents);
  const numerator = BigInt(amountCents) * BigInt(taxRateMilli(taxRatePercent));
  const denominator = 100_000n; // percent (100) x thousandths (1000)
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

/** One line: quantity x dish price + each option's quantity x its price. */
export function lineSubtotalCents(line: PricedLine): number {
  assertCents('unit price', line.unitPriceCents);
  assertCount('quantity', line.quantity);
  let cents = line.unitPriceCents * line.quantity;
  for (const item of line.menuItems) {
    assertCents('menu item price', item.priceCents);
    assertCount('menu item quantity', item.quantity);
    cents += item.priceCents * item.quantity;
  }
  return cents;
}

export function computeTotals(input: TotalsInput): Totals {
  assertCount('cutlery count', input.cutleryCount);
  const subtotalCents = input.lines.reduce((sum, line) => sum + lineSubtotalCents(line), 0);
  const chargesDelivery = input.receivingMethod === 'delivery' && !input.isAddOn;
  if (chargesDelivery) assertCents('delivery fee', input.deliveryFeeCents);
  const deliveryFeeCents = chargesDelivery ? input.deliveryFeeCents : 0;
  const cutleryCents = input.cutleryCount * CUTLERY_CENTS_PER_PIECE;
  const taxable = subtotalCents + deliveryFeeCents + cutleryCents;
  const taxCents = taxOn(taxable, input.taxRatePercent);
  return { subtotalCents, deliveryFeeCents, cutleryCents, taxCents, totalCents: taxable + taxCents };
}

/** The tax rate shown as the spec asks: a percent with 3 decimals, e.g. "HST 13.000%". */
export function formatTaxLabel(taxName: string, taxRatePercent: number): string {
  return `${taxName} ${(taxRateMilli(taxRatePercent) / 1000).toFixed(3)}%`;
}

export interface DeliveryFeeRange {
  minKm: number;
  maxKm: number;
  feeCents: number;
}

/** The fee of the range containing the distance (min inclusive, max exclusive); null when out of range. */
export function deliveryFeeForDistance(ranges: DeliveryFeeRange[], distanceKm: number): number | null {
  if (!Number.isFinite(distanceKm) || distanceKm < 0) return null;
  const sorted = [...ranges].sort((a, b) => a.minKm - b.minKm);
  for (const r of sorted) if (distanceKm >= r.minKm && distanceKm < r.maxKm) return r.feeCents;
  return null;
}
