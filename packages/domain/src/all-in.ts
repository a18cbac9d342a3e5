// The all-in price per person (issue 20 §1; docs/decisions/071): what one person's share of the
// order costs with everything the checkout adds, before anyone reaches checkout. It is never a
// total of its own: the order's amounts come from computeTotals, the function the API charges
// with, and the share is that total divided by the heads, rounded up to the cent (so the shares
// of everyone never add up to less than what is charged).
//
// All-in = food + delivery fee + cutlery + every tax of the place of supply. It assumes one
// piece of cutlery (plates and napkins) a head, and no tip (a tip is the customer's choice,
// made at checkout, and goes to the restaurant). A minimum the order must reach counts: an
// order below it cannot be placed, so the share is at least the minimum divided by the heads.

import { computeTotals, type PricedLine, type ReceivingMethod, type TaxComponent, type Totals } from './totals.js';

export interface AllInInput {
  /** the food: the cart's priced lines, or one line of a food amount (foodLine) */
  lines: readonly PricedLine[];
  /** how many people the order feeds: a whole number from 1 */
  heads: number;
  /** the delivery fee to the address (0 for pickup) */
  deliveryFeeCents: number;
  /** delivery unless said */
  receivingMethod?: ReceivingMethod;
  /** the taxes of the place of supply (taxesFor, or a preset's tax_lines) */
  taxes: readonly TaxComponent[];
  /**
   * the order minimum on the total (delivery fee and tax included), as the checkout checks a
   * restaurant's minimum; 0 or absent: none
   */
  minimumTotalCents?: number;
}

export interface AllIn {
  /** the total divided by the heads, rounded up to the cent */
  perPersonCents: number;
  heads: number;
  /** what checkout would charge for this food, fee, cutlery and taxes (tip none) */
  totals: Totals;
  /** the total the share is of: the order's total, or the minimum when the order is below it */
  totalCents: number;
}

/** One piece of cutlery, a plate and a napkin a head (decision 071). */
export const cutleryForHeads = (heads: number) => heads;

/** A food amount as one priced line (prepared food), for a basis that is an amount, not a cart. */
export const foodLine = (cents: number): PricedLine => ({ unitPriceCents: cents, quantity: 1, menuItems: [] });

/**
 * A default cart for `guests` people brought to `heads` people in proportion, rounded up to the
 * cent: the card's basis when the visitor has said how many people (decision 071).
 */
export function scaledFoodCents(defaultCartCents: number, guests: number, heads: number): number {
  if (!Number.isSafeInteger(defaultCartCents) || defaultCartCents < 0)
    throw new RangeError('food must be a non-negative integer number of cents');
  if (!Number.isSafeInteger(guests) || guests < 1) throw new RangeError('guests must be a whole number from 1');
  if (!Number.isSafeInteger(heads) || heads < 1) throw new RangeError('heads must be a whole number from 1');
  if (heads === guests) return defaultCartCents;
  return Number((BigInt(defaultCartCents) * BigInt(heads) + BigInt(guests - 1)) / BigInt(guests));
}

/** The all-in price per person of an order: computeTotals' total (at least the minimum) / heads, rounded up. */
export function allInPerPerson(input: AllInInput): AllIn {
  const { heads } = input;
  if (!Number.isSafeInteger(heads) || heads < 1) throw new RangeError('heads must be a whole number from 1');
  const totals = computeTotals({
    lines: [...input.lines],
    receivingMethod: input.receivingMethod ?? 'delivery',
    deliveryFeeCents: input.deliveryFeeCents,
    cutleryCount: cutleryForHeads(heads),
    taxes: input.taxes,
    tip: null,
  });
  const totalCents = Math.max(totals.totalCents, input.minimumTotalCents ?? 0);
  return { perPersonCents: Math.ceil(totalCents / heads), heads, totals, totalCents };
}
