import { addCalendarDays, localDateOf } from './availability.js';

// A restaurant's statement (issue 19 part 5; docs/decisions/057): what Caterway owes a restaurant
// for the orders it delivered in a week or a month. Integer cents throughout; one allocation rule
// (largest remainder) splits an order's shared figures between its restaurants so that their
// shares always add up to the order's figures exactly, and one function computes the totals.

/** Caterway's commission when operations never set a rate: 15.00 % (basis points). */
export const DEFAULT_COMMISSION_BPS = 1500;
/** 100.00 %: a rate is 0..10000 basis points. */
export const MAX_COMMISSION_BPS = 10_000;

export type StatementPeriodKind = 'week' | 'month';

/**
 * Splits `total` cents into integer parts proportional to `weights`, summing exactly to `total`
 * (largest remainder: each part is floored, then the cents left go one each to the largest
 * remainders, ties to the earlier index). Zero weights everywhere split evenly. Deterministic.
 */
export function allocateCents(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`allocateCents: bad total ${total}`);
  if (weights.length === 0) {
    if (total === 0) return [];
    throw new RangeError('allocateCents: nothing to allocate to');
  }
  if (weights.some((w) => !Number.isSafeInteger(w) || w < 0)) throw new RangeError('allocateCents: bad weight');
  const even = weights.every((w) => w === 0);
  const ws = even ? weights.map(() => 1) : weights;
  // in BigInt: total × weight may pass 2^53 for large orders
  const sum = ws.reduce((a, b) => a + BigInt(b), 0n);
  const t = BigInt(total);
  const parts = ws.map((w) => Number((t * BigInt(w)) / sum));
  const remainders = ws.map((w, i) => ({ i, r: (t * BigInt(w)) % sum }));
  let left = total - parts.reduce((a, b) => a + b, 0);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

/** Commission on `cents` at `rateBps` basis points, rounded half up to the cent. */
export function commissionCents(cents: number, rateBps: number): number {
  if (!Number.isSafeInteger(rateBps) || rateBps < 0 || rateBps > MAX_COMMISSION_BPS) {
    throw new RangeError(`commissionCents: bad rate ${rateBps}`);
  }
  return Math.floor((cents * rateBps + 5000) / 10_000);
}

/** '15.00%' for 1500 basis points. */
export function formatRateBps(rateBps: number): string {
  return `${Math.floor(rateBps / 100)}.${String(rateBps % 100).padStart(2, '0')}%`;
}

/** The figures of one order that a statement splits between the order's restaurants. */
export interface StatementOrderFigures {
  delivery_fee_cents: number;
  cutlery_cents: number;
  tax_cents: number;
  tip_cents: number;
  /** the food of each restaurant of the order: the sum of its lines (chef id null = a removed restaurant) */
  food_by_chef: readonly { chef_id: number | null; cents: number }[];
}

/** One restaurant's share of one order. */
export interface RestaurantShare {
  /** its own lines, plus its share of the cutlery */
  food_cents: number;
  delivery_fee_cents: number;
  tax_cents: number;
  tip_cents: number;
}

/**
 * The share of `chefId` in an order: its food is its own lines; the order-level figures (delivery
 * fee, cutlery, taxes, tip) are split between the order's restaurants by food (allocateCents over
 * the restaurants in chef-id order), so the shares of all restaurants add up to the order exactly.
 */
export function restaurantShare(order: StatementOrderFigures, chefId: number): RestaurantShare {
  const byChef = new Map<number, number>();
  for (const f of order.food_by_chef) byChef.set(f.chef_id ?? 0, (byChef.get(f.chef_id ?? 0) ?? 0) + f.cents);
  const chefs = [...byChef.keys()].sort((a, b) => a - b);
  const index = chefs.indexOf(chefId);
  if (index < 0) return { food_cents: 0, delivery_fee_cents: 0, tax_cents: 0, tip_cents: 0 };
  const weights = chefs.map((c) => byChef.get(c)!);
  const split = (total: number) => allocateCents(total, weights)[index]!;
  return {
    food_cents: weights[index]! + split(order.cutlery_cents),
    delivery_fee_cents: split(order.delivery_fee_cents),
    tax_cents: split(order.tax_cents),
    tip_cents: split(order.tip_cents),
  };
}

/** A statement line: a restaurant's share of an order, Caterway's commission on its food, and the net. */
export interface StatementAmounts extends RestaurantShare {
  commission_cents: number;
  net_cents: number;
}

/** Commission is charged on food only; delivery fee, taxes and tip pass through whole. */
export function statementAmounts(share: RestaurantShare, rateBps: number): StatementAmounts {
  const commission = commissionCents(share.food_cents, rateBps);
  return {
    ...share,
    commission_cents: commission,
    net_cents: share.food_cents + share.delivery_fee_cents + share.tax_cents + share.tip_cents - commission,
  };
}

export interface StatementTotals {
  orders: number;
  food_cents: number;
  delivery_fee_cents: number;
  tax_cents: number;
  tip_cents: number;
  commission_cents: number;
  net_cents: number;
}

/** The statement's totals: the sum of its lines, figure by figure. */
export function statementTotals(lines: readonly StatementAmounts[]): StatementTotals {
  const t: StatementTotals = {
    orders: lines.length,
    food_cents: 0,
    delivery_fee_cents: 0,
    tax_cents: 0,
    tip_cents: 0,
    commission_cents: 0,
    net_cents: 0,
  };
  for (const l of lines) {
    t.food_cents += l.food_cents;
    t.delivery_fee_cents += l.delivery_fee_cents;
    t.tax_cents += l.tax_cents;
    t.tip_cents += l.tip_cents;
    t.commission_cents += l.commission_cents;
    t.net_cents += l.net_cents;
  }
  return t;
}

/** A commission rate from a day on (restaurant_commissions). */
export interface CommissionRate {
  rate_bps: number;
  effective_from: string;
}

/** The rate in force on `date` ('yyyy-MM-dd'): the latest one from that day or before, else the default. */
export function rateOn(rates: readonly CommissionRate[], date: string): number {
  let best: CommissionRate | undefined;
  for (const r of rates) if (r.effective_from <= date && (!best || r.effective_from > best.effective_from)) best = r;
  return best?.rate_bps ?? DEFAULT_COMMISSION_BPS;
}

export interface StatementPeriod {
  period: StatementPeriodKind;
  /** the first day, 'yyyy-MM-dd' (a Monday, or the 1st of a month) */
  start: string;
  /** the last day, inclusive */
  end: string;
  /** 'Week of Nov 23, 2026' or 'November 2026' */
  label: string;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const pad2 = (n: number) => String(n).padStart(2, '0');
const ymd = (date: string) => date.split('-').map(Number) as [number, number, number];

/** The week (Monday to Sunday) or the calendar month that holds `date` ('yyyy-MM-dd'). */
export function statementPeriod(period: StatementPeriodKind, date: string): StatementPeriod {
  const [y, m, d] = ymd(date);
  if (period === 'month') {
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    return {
      period,
      start: `${y}-${pad2(m)}-01`,
      end: `${y}-${pad2(m)}-${pad2(last)}`,
      label: `${MONTHS[m - 1]} ${y}`,
    };
  }
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7; // Monday 0
  const start = addCalendarDays(date, -weekday)!;
  const end = addCalendarDays(start, 6)!;
  const [sy, sm, sd] = ymd(start);
  return { period, start, end, label: `Week of ${MONTHS[sm - 1]!.slice(0, 3)} ${sd}, ${sy}` };
}

/** The period before (-1) or after (+1) `p`. */
export function adjacentPeriod(p: StatementPeriod, step: -1 | 1): StatementPeriod {
  if (p.period === 'week') return statementPeriod('week', addCalendarDays(p.start, 7 * step)!);
  const [y, m] = ymd(p.start);
  const t = new Date(Date.UTC(y, m - 1 + step, 1));
  return statementPeriod('month', `${t.getUTCFullYear()}-${pad2(t.getUTCMonth() + 1)}-01`);
}

/** The period that holds `now` in the restaurant's zone. */
export function currentPeriod(period: StatementPeriodKind, now: Date, timeZone: string): StatementPeriod {
  return statementPeriod(period, localDateOf(now, timeZone));
}
