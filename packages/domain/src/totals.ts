// Order totals: ONE function, used by the storefront to show the price and by the API to
// charge it (ordering-payments §9). Integer cents throughout.
//
// Rounding rule: every amount is an integer number of cents; the fractional steps are each tax
// and a percent tip. Each tax of the place of supply (GST, QST, HST, PST, RST, Sales Tax; see
// tax-table.ts) is (subtotal + delivery fee + cutlery) x its rate, rounded half up (x.5 cents
// goes up) on its own: a Quebec order's GST and QST are two lines, each rounded, never one
// combined 14.975% rounded once (docs/decisions/033). A rate is a percent with at most 3
// decimals (13.000, 9.975), handled as an integer number of thousandths of a percent, so no
// floating-point error enters. The tip comes after tax: it is not taxed (it goes to the
// restaurant) and is either an amount or a percent of the food subtotal.
//
// total = subtotal + delivery fee + cutlery + each rounded tax line + tip

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

/**
 * What a dish is for sales tax: prepared food (every catering dish), or a soda beverage (a
 * sweetened carbonated or effervescent drink: soft drinks, sparkling juice, kombucha), which
 * some taxes reach beyond prepared food: BC PST.
 */
export type TaxCategory = 'prepared_food' | 'soda_beverage';

export interface PricedLine {
  /** the dish's (menu's) unit price, in cents */
  unitPriceCents: number;
  /** the line quantity; for a dish with menu items, the sum of the items' quantities */
  quantity: number;
  /** chosen components/options (menuItemsMapping resolved to prices); may be empty */
  menuItems: PricedMenuItem[];
  /** prepared food when absent */
  taxCategory?: TaxCategory;
}

export interface TotalsInput {
  lines: PricedLine[];
  receivingMethod: ReceivingMethod;
  /** delivery fee by distance, in cents; ignored for pickup and add-on orders */
  deliveryFeeCents: number;
  cutleryCount: number;
  /** the taxes of the place of supply, each its own line (GST, then QST) */
  taxes: readonly TaxComponent[];
  /** add-on orders omit the delivery fee (ordering-payments §9) */
  isAddOn?: boolean;
  /** none by default */
  tip?: Tip | null;
}

/** One tax of the place of supply: its name and its percent with at most 3 decimals. */
export interface TaxComponent {
  name: string;
  ratePercent: number;
  /** "Seattle, WA" for a US sales tax; null or absent in Canada */
  jurisdiction?: string | null;
  /**
   * A tax on one category of dishes only (BC PST on soda beverages): computed on those lines'
   * subtotal alone, and a line of the order only when the cart has such dishes. Absent: the
   * whole taxable amount (subtotal + delivery fee + cutlery).
   */
  onlyOn?: TaxCategory | null;
}

export interface TaxLine extends TaxComponent {
  cents: number;
}

/** A tip: a percent of the food subtotal (10, 15, 18) or an amount in cents. */
export type Tip = { percent: number } | { cents: number };
export const TIP_PERCENTS = [10, 15, 18] as const;
/** A tip amount above this is refused as a typo (a tenth of the largest order). */
export const MAX_TIP_CENTS = 10_000_000;

export interface Totals {
  subtotalCents: number;
  deliveryFeeCents: number;
  cutleryCents: number;
  /** one line per tax, each rounded on its own */
  taxLines: TaxLine[];
  /** the sum of the tax lines */
  taxCents: number;
  tipCents: number;
  totalCents: number;
}

function assertCents(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a non-negative integer number of cents`);
}

function assertCount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer`);
}

/** The rate as thousandths of a percent (13.000% -> 13000); refuses more than 3 decimals. */
export function taxRateMilli(taxRatePercent: number): number {
  const milli = Math.round(taxRatePercent * 1000);
  if (
    !Number.isFinite(taxRatePercent) ||
    taxRatePercent < 0 ||
    taxRatePercent > 100 ||
    Math.abs(milli - taxRatePercent * 1000) > 1e-6
  ) {
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

/** The tip in cents: an amount as given, a percent of the food subtotal rounded half up. */
export function tipCentsFor(tip: Tip | null | undefined, subtotalCents: number): number {
  if (!tip) return 0;
  if ('cents' in tip) {
    assertCents('tip', tip.cents);
    if (tip.cents > MAX_TIP_CENTS) throw new RangeError('tip is too large');
    return tip.cents;
  }
  if (!(TIP_PERCENTS as readonly number[]).includes(tip.percent) && tip.percent !== 0)
    throw new RangeError('tip percent must be 10, 15 or 18');
  return taxOn(subtotalCents, tip.percent);
}

export function computeTotals(input: TotalsInput): Totals {
  assertCount('cutlery count', input.cutleryCount);
  const subtotalCents = input.lines.reduce((sum, line) => sum + lineSubtotalCents(line), 0);
  const chargesDelivery = input.receivingMethod === 'delivery' && !input.isAddOn;
  if (chargesDelivery) assertCents('delivery fee', input.deliveryFeeCents);
  const deliveryFeeCents = chargesDelivery ? input.deliveryFeeCents : 0;
  const cutleryCents = input.cutleryCount * CUTLERY_CENTS_PER_PIECE;
  const taxable = subtotalCents + deliveryFeeCents + cutleryCents;
  const taxLines: TaxLine[] = [];
  for (const t of input.taxes) {
    const { onlyOn, ...tax } = t;
    // a tax on one category of dishes: on their subtotal, and only when the cart has any
    const base = onlyOn
      ? input.lines
          .filter((l) => (l.taxCategory ?? 'prepared_food') === onlyOn)
          .reduce((sum, l) => sum + lineSubtotalCents(l), 0)
      : taxable;
    if (onlyOn && base === 0) continue;
    taxLines.push({ ...tax, jurisdiction: t.jurisdiction ?? null, cents: taxOn(base, t.ratePercent) });
  }
  const taxCents = taxLines.reduce((sum, l) => sum + l.cents, 0);
  const tipCents = tipCentsFor(input.tip, subtotalCents);
  return {
    subtotalCents,
    deliveryFeeCents,
    cutleryCents,
    taxLines,
    taxCents,
    tipCents,
    totalCents: taxable + taxCents + tipCents,
  };
}

/** The taxes on the whole order: all but those on one category of dishes (BC PST on soda beverages). */
const onWholeOrder = (taxes: readonly TaxComponent[]) => taxes.filter((t) => !t.onlyOn);

/**
 * The combined rate of the taxes on the whole order (GST 5 + QST 9.975 = 14.975), exact in
 * thousandths. A tax on one category of dishes is not part of it (it is no rate of the order).
 */
export function combinedTaxRate(taxes: readonly TaxComponent[]): number {
  return onWholeOrder(taxes).reduce((sum, t) => sum + taxRateMilli(t.ratePercent), 0) / 1000;
}

/** The combined name the product documents' taxName carries: "HST", "GST+QST", "Sales Tax". */
export function combinedTaxName(taxes: readonly TaxComponent[]): string {
  const whole = onWholeOrder(taxes);
  return whole.length ? whole.map((t) => t.name).join('+') : 'HST';
}

/** The tax rate shown as the spec asks: a percent with 3 decimals, e.g. "HST 13.000%". */
export function formatTaxLabel(taxName: string, taxRatePercent: number): string {
  return `${taxName} ${(taxRateMilli(taxRatePercent) / 1000).toFixed(3)}%`;
}

/** One tax line's label: "QST 9.975%", "Sales Tax (Seattle, WA) 10.550%". */
export function formatTaxLineLabel(line: TaxComponent): string {
  const name = line.jurisdiction ? `${line.name} (${line.jurisdiction})` : line.name;
  return formatTaxLabel(name, line.ratePercent);
}

/** One amount line of an order document (confirmation email, invoice, credit note). */
export interface TotalsLine {
  label: string;
  cents: number;
}

/**
 * The amount lines of a document, in the order the totals add up: subtotal, delivery fee (a
 * delivery), cutlery (when any), each tax on its own line with the label the order pages show
 * (formatTaxLineLabel), the tip (when any). The total is the document's own last line.
 */
export function totalsLines(
  totals: Totals,
  context: { receivingMethod: ReceivingMethod; cutleryCount: number },
): TotalsLine[] {
  const lines: TotalsLine[] = [{ label: 'Subtotal', cents: totals.subtotalCents }];
  if (context.receivingMethod === 'delivery') lines.push({ label: 'Delivery fee', cents: totals.deliveryFeeCents });
  if (totals.cutleryCents !== 0 || context.cutleryCount > 0)
    lines.push({ label: `Cutlery, plates and napkins (${context.cutleryCount})`, cents: totals.cutleryCents });
  for (const t of totals.taxLines) lines.push({ label: formatTaxLineLabel(t), cents: t.cents });
  if (totals.tipCents !== 0) lines.push({ label: 'Tip (for the restaurant)', cents: totals.tipCents });
  return lines;
}

const taxKey = (t: TaxComponent) => `${t.name}|${t.jurisdiction ?? ''}|${taxRateMilli(t.ratePercent)}`;

/**
 * What a credit note gives back when an order's totals go from `before` to `after`, both
 * computeTotals results (or the copies stored with the order, which are): each component's
 * decrease, never computed on its own. Tax lines are matched on name, jurisdiction and rate; a
 * tax only `before` has is given back whole, one only `after` has shows as a negative decrease
 * (an increase), like any component that went up. `after` null: the supply is cancelled and
 * everything is given back. The parts add up to the total as computeTotals' do.
 */
export function totalsDecrease(before: Totals, after: Totals | null): Totals {
  const later = new Map((after?.taxLines ?? []).map((t) => [taxKey(t), t]));
  const taxLines: TaxLine[] = before.taxLines.map((t) => {
    const same = later.get(taxKey(t));
    later.delete(taxKey(t));
    return { ...t, jurisdiction: t.jurisdiction ?? null, cents: t.cents - (same?.cents ?? 0) };
  });
  for (const t of later.values()) taxLines.push({ ...t, jurisdiction: t.jurisdiction ?? null, cents: -t.cents });
  const minus = (key: 'subtotalCents' | 'deliveryFeeCents' | 'cutleryCents' | 'tipCents' | 'totalCents') =>
    before[key] - (after?.[key] ?? 0);
  return {
    subtotalCents: minus('subtotalCents'),
    deliveryFeeCents: minus('deliveryFeeCents'),
    cutleryCents: minus('cutleryCents'),
    taxLines,
    taxCents: taxLines.reduce((sum, l) => sum + l.cents, 0),
    tipCents: minus('tipCents'),
    totalCents: minus('totalCents'),
  };
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
