import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeTotals,
  deliveryFeeForDistance,
  formatTaxLabel,
  lineSubtotalCents,
  taxOn,
  totalsDecrease,
  totalsLines,
  type Totals,
  type TotalsInput,
} from './totals.js';

describe('taxOn', () => {
  it('rounds half up once, exactly', () => {
    expect(taxOn(1000, 13)).toBe(130);
    expect(taxOn(1, 13)).toBe(0); // 0.13 cents
    expect(taxOn(4, 12.5)).toBe(1); // 0.5 cents goes up
    expect(taxOn(3, 14.975)).toBe(0); // 0.449
    expect(taxOn(10_000, 14.975)).toBe(1498); // 1497.5 -> 1498
    expect(taxOn(123_457, 8.875)).toBe(10_957); // 10956.8
  });

  it('refuses rates with more than 3 decimals and bad amounts', () => {
    expect(() => taxOn(100, 13.0001)).toThrow(RangeError);
    expect(() => taxOn(-1, 13)).toThrow(RangeError);
    expect(() => taxOn(1.5, 13)).toThrow(RangeError);
  });
});

describe('computeTotals', () => {
  const base: TotalsInput = {
    lines: [
      { unitPriceCents: 1250, quantity: 10, menuItems: [] },
      {
        unitPriceCents: 900,
        quantity: 12,
        menuItems: [
          { priceCents: 0, quantity: 8 },
          { priceCents: 150, quantity: 4 },
        ],
      },
    ],
    receivingMethod: 'delivery',
    deliveryFeeCents: 2500,
    cutleryCount: 22,
    taxes: [{ name: 'HST', ratePercent: 13 }],
  };

  it('is (subtotal + delivery fee + cutlery) x (1 + tax) for delivery', () => {
    const t = computeTotals(base);
    expect(t.subtotalCents).toBe(12_500 + 10_800 + 600);
    expect(t.cutleryCents).toBe(1100);
    expect(t.deliveryFeeCents).toBe(2500);
    expect(t.taxCents).toBe(Math.round((23_900 + 2500 + 1100) * 0.13));
    expect(t.totalCents).toBe(23_900 + 2500 + 1100 + t.taxCents);
  });

  it('drops the delivery fee for pickup and add-on orders', () => {
    expect(computeTotals({ ...base, receivingMethod: 'pickup' }).deliveryFeeCents).toBe(0);
    expect(computeTotals({ ...base, isAddOn: true }).deliveryFeeCents).toBe(0);
  });

  it('is additive and never negative for any valid cart (property)', () => {
    const line = fc.record({
      unitPriceCents: fc.integer({ min: 0, max: 50_000 }),
      quantity: fc.integer({ min: 0, max: 500 }),
      menuItems: fc.array(
        fc.record({ priceCents: fc.integer({ min: 0, max: 5_000 }), quantity: fc.integer({ min: 0, max: 200 }) }),
        { maxLength: 5 },
      ),
    });
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 20 }),
        fc.constantFrom<'delivery' | 'pickup'>('delivery', 'pickup'),
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 20_000 }).map((m) => m / 1000),
        (lines, receivingMethod, deliveryFeeCents, cutleryCount, taxRatePercent) => {
          const t = computeTotals({
            lines,
            receivingMethod,
            deliveryFeeCents,
            cutleryCount,
            taxes: [{ name: 'TAX', ratePercent: taxRatePercent }],
          });
          const taxable = t.subtotalCents + t.deliveryFeeCents + t.cutleryCents;
          expect(t.subtotalCents).toBe(lines.reduce((s, l) => s + lineSubtotalCents(l), 0));
          expect(t.totalCents).toBe(taxable + t.taxCents);
          // the exact tax is within half a cent of the rounded one
          expect(Math.abs(t.taxCents - (taxable * taxRatePercent) / 100)).toBeLessThanOrEqual(0.5 + 1e-9);
          expect(Number.isSafeInteger(t.totalCents) && t.totalCents >= 0).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('formatTaxLabel and deliveryFeeForDistance', () => {
  it('shows the percent with 3 decimals', () => {
    expect(formatTaxLabel('HST', 13)).toBe('HST 13.000%');
    expect(formatTaxLabel('GST+QST', 14.975)).toBe('GST+QST 14.975%');
  });

  it('finds the range containing the distance', () => {
    const ranges = [
      { minKm: 5, maxKm: 10, feeCents: 2500 },
      { minKm: 0, maxKm: 5, feeCents: 1500 },
    ];
    expect(deliveryFeeForDistance(ranges, 0)).toBe(1500);
    expect(deliveryFeeForDistance(ranges, 5)).toBe(2500);
    expect(deliveryFeeForDistance(ranges, 10)).toBeNull();
  });
});

describe('totalsDecrease: what a credit note gives back', () => {
  const quebec = [
    { name: 'GST', ratePercent: 5 },
    { name: 'QST', ratePercent: 9.975 },
  ];
  const order = (quantity: number, over: Partial<TotalsInput> = {}): Totals =>
    computeTotals({
      lines: [{ unitPriceCents: 1995, quantity, menuItems: [] }],
      receivingMethod: 'delivery',
      deliveryFeeCents: 1500,
      cutleryCount: quantity,
      taxes: quebec,
      tip: { percent: 15 },
      ...over,
    });
  const sumOfParts = (t: Totals) => t.subtotalCents + t.deliveryFeeCents + t.cutleryCents + t.taxCents + t.tipCents;

  it('is the difference of two computeTotals results, component by component and tax line by tax line', () => {
    const before = order(12);
    const after = order(9);
    const credit = totalsDecrease(before, after);
    expect(credit).toEqual({
      subtotalCents: 3 * 1995,
      deliveryFeeCents: 0,
      cutleryCents: 150,
      taxLines: [
        {
          name: 'GST',
          ratePercent: 5,
          jurisdiction: null,
          cents: before.taxLines[0]!.cents - after.taxLines[0]!.cents,
        },
        {
          name: 'QST',
          ratePercent: 9.975,
          jurisdiction: null,
          cents: before.taxLines[1]!.cents - after.taxLines[1]!.cents,
        },
      ],
      taxCents: before.taxCents - after.taxCents,
      tipCents: before.tipCents - after.tipCents,
      totalCents: before.totalCents - after.totalCents,
    });
    expect(sumOfParts(credit)).toBe(credit.totalCents);
  });

  it('gives everything back when the supply is cancelled', () => {
    const before = order(12);
    expect(totalsDecrease(before, null)).toEqual({
      ...before,
      taxLines: before.taxLines.map((t) => ({ ...t, jurisdiction: null })),
    });
  });

  it('keeps a tax the order no longer has whole, and shows a new one as an increase', () => {
    const before = computeTotals({
      lines: [{ unitPriceCents: 10_000, quantity: 1, menuItems: [] }],
      receivingMethod: 'pickup',
      deliveryFeeCents: 0,
      cutleryCount: 0,
      taxes: [{ name: 'HST', ratePercent: 13 }],
    });
    const after = computeTotals({
      lines: [{ unitPriceCents: 10_000, quantity: 1, menuItems: [] }],
      receivingMethod: 'pickup',
      deliveryFeeCents: 0,
      cutleryCount: 0,
      taxes: [{ name: 'GST', ratePercent: 5 }],
    });
    const credit = totalsDecrease(before, after);
    expect(credit.taxLines.map((t) => [t.name, t.cents])).toEqual([
      ['HST', 1300],
      ['GST', -500],
    ]);
    expect(credit.totalCents).toBe(800);
    expect(sumOfParts(credit)).toBe(credit.totalCents);
  });

  it('matches US sales tax lines on their jurisdiction', () => {
    const seattle = [{ name: 'Sales Tax', ratePercent: 10.55, jurisdiction: 'Seattle, WA' }];
    const credit = totalsDecrease(order(10, { taxes: seattle }), order(8, { taxes: seattle }));
    expect(credit.taxLines).toHaveLength(1);
    expect(credit.taxLines[0]).toMatchObject({ name: 'Sales Tax', jurisdiction: 'Seattle, WA' });
    expect(sumOfParts(credit)).toBe(credit.totalCents);
  });

  it('adds up for random pairs of carts (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 40 }),
        (a, b, cutlery) => {
          const credit = totalsDecrease(order(a, { cutleryCount: cutlery }), order(b, { cutleryCount: 0 }));
          expect(sumOfParts(credit)).toBe(credit.totalCents);
        },
      ),
    );
  });
});

describe('totalsLines: the amount lines of a document', () => {
  it("lists subtotal, delivery fee, cutlery, each tax with the order pages' label, and the tip", () => {
    const totals = computeTotals({
      lines: [{ unitPriceCents: 2000, quantity: 5, menuItems: [] }],
      receivingMethod: 'delivery',
      deliveryFeeCents: 1500,
      cutleryCount: 4,
      taxes: [{ name: 'Sales Tax', ratePercent: 10.55, jurisdiction: 'Seattle, WA' }],
      tip: { percent: 10 },
    });
    expect(totalsLines(totals, { receivingMethod: 'delivery', cutleryCount: 4 })).toEqual([
      { label: 'Subtotal', cents: 10_000 },
      { label: 'Delivery fee', cents: 1500 },
      { label: 'Cutlery, plates and napkins (4)', cents: 200 },
      { label: 'Sales Tax (Seattle, WA) 10.550%', cents: totals.taxLines[0]!.cents },
      { label: 'Tip (for the restaurant)', cents: 1000 },
    ]);
  });

  it('leaves out the delivery fee of a pickup, and cutlery and tip when there are none', () => {
    const totals = computeTotals({
      lines: [{ unitPriceCents: 2000, quantity: 1, menuItems: [] }],
      receivingMethod: 'pickup',
      deliveryFeeCents: 0,
      cutleryCount: 0,
      taxes: [
        { name: 'GST', ratePercent: 5 },
        { name: 'QST', ratePercent: 9.975 },
      ],
    });
    expect(totalsLines(totals, { receivingMethod: 'pickup', cutleryCount: 0 }).map((l) => l.label)).toEqual([
      'Subtotal',
      'GST 5.000%',
      'QST 9.975%',
    ]);
  });
});
