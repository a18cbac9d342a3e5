import { describe, expect, it } from 'vitest';
import { allInPerPerson, cutleryForHeads, foodLine, scaledFoodCents } from './all-in.js';
import { taxesFor } from './tax-table.js';
import { computeTotals } from './totals.js';

const DAY = '2026-12-01';
const taxes = (country: 'CA' | 'US', region: string, locality?: string) => {
  const found = taxesFor({ country, region, locality }, DAY);
  if (!found) throw new Error(`no taxes for ${region}`);
  return found;
};

// $1,000 of food for 40 people, a $25 delivery fee, 40 pieces of cutlery ($20): $1,045 taxable
const order = { lines: [foodLine(100_000)], heads: 40, deliveryFeeCents: 2_500 };

describe('allInPerPerson: food + delivery + cutlery + tax, divided by heads, rounded up', () => {
  it('Ontario: HST 13% on $1,045 is $135.85; $1,180.85 / 40 = $29.52125 -> $29.53', () => {
    const allIn = allInPerPerson({ ...order, taxes: taxes('CA', 'ON') });
    expect(allIn.totals.cutleryCents).toBe(2_000);
    expect(allIn.totals.taxLines.map((t) => [t.name, t.cents])).toEqual([['HST', 13_585]]);
    expect(allIn.totalCents).toBe(118_085);
    expect(allIn.perPersonCents).toBe(2_953);
    expect(allIn.heads).toBe(40);
  });

  it('Quebec: GST and QST each rounded on its own ($52.25 + $104.24), $1,201.49 / 40 -> $30.04', () => {
    const allIn = allInPerPerson({ ...order, taxes: taxes('CA', 'QC') });
    expect(allIn.totals.taxLines.map((t) => [t.name, t.cents])).toEqual([
      ['GST', 5_225],
      ['QST', 10_424],
    ]);
    expect(allIn.totalCents).toBe(120_149);
    expect(allIn.perPersonCents).toBe(3_004);
  });

  it('Seattle, WA: sales tax 10.55% ($110.25), $1,155.25 / 40 -> $28.89', () => {
    const allIn = allInPerPerson({ ...order, taxes: taxes('US', 'WA', 'Seattle') });
    expect(allIn.totals.taxCents).toBe(11_025);
    expect(allIn.totalCents).toBe(115_525);
    expect(allIn.perPersonCents).toBe(2_889);
  });

  it('is exactly computeTotals with one piece of cutlery a head and no tip', () => {
    const lines = [
      { unitPriceCents: 1_299, quantity: 12, menuItems: [{ priceCents: 150, quantity: 12 }] },
      { unitPriceCents: 4_500, quantity: 2, menuItems: [] },
    ];
    const allIn = allInPerPerson({ lines, heads: 12, deliveryFeeCents: 1_800, taxes: taxes('CA', 'ON') });
    const totals = computeTotals({
      lines,
      receivingMethod: 'delivery',
      deliveryFeeCents: 1_800,
      cutleryCount: 12,
      taxes: taxes('CA', 'ON'),
    });
    expect(allIn.totals).toEqual(totals);
    expect(allIn.perPersonCents).toBe(Math.ceil(totals.totalCents / 12));
    expect(allIn.perPersonCents * 12).toBeGreaterThanOrEqual(totals.totalCents);
    expect(cutleryForHeads(12)).toBe(12);
  });

  it('counts the order minimum: a small order pays at least the minimum, shared by its heads', () => {
    // $100 food, 5 people, $15 fee, $2.50 cutlery, HST $15.28: $132.78, under a $200 minimum
    const allIn = allInPerPerson({
      lines: [foodLine(10_000)],
      heads: 5,
      deliveryFeeCents: 1_500,
      taxes: taxes('CA', 'ON'),
      minimumTotalCents: 20_000,
    });
    expect(allIn.totals.totalCents).toBe(13_278);
    expect(allIn.totalCents).toBe(20_000);
    expect(allIn.perPersonCents).toBe(4_000);
  });

  it('pickup has no delivery fee', () => {
    const allIn = allInPerPerson({ ...order, receivingMethod: 'pickup', taxes: taxes('CA', 'ON') });
    expect(allIn.totals.deliveryFeeCents).toBe(0);
    // $1,020 taxable, HST $132.60: $1,152.60 / 40 = $28.815 -> $28.82
    expect(allIn.perPersonCents).toBe(2_882);
  });

  it('refuses no heads, a fraction of a head, and a negative fee', () => {
    const on = taxes('CA', 'ON');
    expect(() => allInPerPerson({ ...order, heads: 0, taxes: on })).toThrow(RangeError);
    expect(() => allInPerPerson({ ...order, heads: 2.5, taxes: on })).toThrow(RangeError);
    expect(() => allInPerPerson({ ...order, deliveryFeeCents: -1, taxes: on })).toThrow(RangeError);
  });
});

describe('scaledFoodCents: a default cart brought to the headcount', () => {
  it('keeps the cart as is for its own guests and scales in proportion, rounding up', () => {
    expect(scaledFoodCents(37_500, 25, 25)).toBe(37_500);
    expect(scaledFoodCents(37_500, 25, 40)).toBe(60_000);
    expect(scaledFoodCents(1_001, 3, 2)).toBe(668);
  });

  it('refuses guests or heads below one', () => {
    expect(() => scaledFoodCents(1_000, 0, 2)).toThrow(RangeError);
    expect(() => scaledFoodCents(1_000, 2, 0)).toThrow(RangeError);
    expect(() => scaledFoodCents(-1, 2, 2)).toThrow(RangeError);
  });
});
