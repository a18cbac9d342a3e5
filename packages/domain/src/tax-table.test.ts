import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TAX_TABLE, taxesFor, taxHistory, type PlaceOfSupply } from './tax-table.js';
import {
  combinedTaxName,
  combinedTaxRate,
  computeTotals,
  formatTaxLabel,
  formatTaxLineLabel,
  lineSubtotalCents,
  taxOn,
  tipCentsFor,
  totalsDecrease,
  totalsLines,
  type PricedLine,
} from './totals.js';

const DAY = '2026-12-01';
const rates = (place: PlaceOfSupply, date = DAY) => taxesFor(place, date)?.map((t) => [t.name, t.ratePercent]);
const ca = (region: string): PlaceOfSupply => ({ country: 'CA', region });

describe('the tax table: one test per jurisdiction (prepared food, delivered in 2026)', () => {
  it.each([
    ['ON', [['HST', 13]]],
    ['NS', [['HST', 14]]],
    ['NB', [['HST', 15]]],
    ['NL', [['HST', 15]]],
    ['PE', [['HST', 15]]],
    [
      'QC',
      [
        ['GST', 5],
        ['QST', 9.975],
      ],
    ],
    [
      'BC',
      [
        ['GST', 5],
        ['PST (soda beverages)', 7],
      ],
    ],
    ['AB', [['GST', 5]]],
    ['NT', [['GST', 5]]],
    ['NU', [['GST', 5]]],
    ['YT', [['GST', 5]]],
    [
      'SK',
      [
        ['GST', 5],
        ['PST', 6],
      ],
    ],
    [
      'MB',
      [
        ['GST', 5],
        ['RST', 7],
      ],
    ],
  ])('%s charges %j', (region, expected) => {
    expect(rates(ca(region))).toEqual(expected);
  });

  it('covers every province and territory', () => {
    const regions = new Set(TAX_TABLE.filter((r) => r.country === 'CA').map((r) => r.region));
    expect([...regions].sort()).toEqual(['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT']);
  });

  it('British Columbia charges no PST on prepared food: GST 5%, and PST 7% on soda beverages only', () => {
    expect(TAX_TABLE.filter((r) => r.region === 'BC' && r.name.startsWith('PST')).map((r) => r.onlyOn)).toEqual([
      'soda_beverage',
    ]);
    const bc = taxesFor(ca('BC'), DAY)!;
    expect(combinedTaxName(bc)).toBe('GST');
    expect(combinedTaxRate(bc)).toBe(5);
    const food = { unitPriceCents: 1500, quantity: 20, menuItems: [] };
    const pop = { unitPriceCents: 250, quantity: 20, menuItems: [], taxCategory: 'soda_beverage' as const };
    // a lunch without soda: GST on everything, no PST line at all
    const lunch = computeTotals({
      lines: [food],
      receivingMethod: 'delivery',
      deliveryFeeCents: 1500,
      cutleryCount: 20,
      taxes: bc,
    });
    expect(lunch.taxLines.map((l) => [l.name, l.cents])).toEqual([['GST', Math.round((30_000 + 1500 + 1000) * 0.05)]]);
    // with 20 soft drinks ($50.00): PST 7% on the drinks alone, $3.50
    const withPop = computeTotals({
      lines: [food, pop],
      receivingMethod: 'delivery',
      deliveryFeeCents: 1500,
      cutleryCount: 20,
      taxes: bc,
    });
    expect(withPop.taxLines.map((l) => [l.name, l.cents])).toEqual([
      ['GST', Math.round((35_000 + 1500 + 1000) * 0.05)],
      ['PST (soda beverages)', 350],
    ]);
    expect(withPop.totalCents).toBe(35_000 + 1500 + 1000 + 1875 + 350);
    // before April 1, 2021 soda was exempt too
    expect(rates(ca('BC'), '2021-03-31')).toEqual([['GST', 5]]);
  });

  it('US cities: state + local rate of the delivery city, with the jurisdiction', () => {
    const seattle = taxesFor({ country: 'US', region: 'WA', locality: 'Seattle' }, DAY)!;
    expect(seattle).toMatchObject([{ name: 'Sales Tax', ratePercent: 10.55, jurisdiction: 'Seattle, WA' }]);
    expect(rates({ country: 'US', region: 'WA', locality: 'Bellevue' })).toEqual([['Sales Tax', 10.3]]);
    expect(rates({ country: 'US', region: 'NY', locality: 'New York' })).toEqual([['Sales Tax', 8.875]]);
    // a Queens post office is in New York City
    expect(taxesFor({ country: 'US', region: 'NY', locality: 'Flushing' }, DAY)![0]!.jurisdiction).toBe(
      'New York City, NY',
    );
    expect(rates({ country: 'US', region: 'NY', locality: 'New Rochelle' })).toEqual([['Sales Tax', 8.375]]);
    // New Jersey has one statewide rate
    expect(taxesFor({ country: 'US', region: 'NJ', locality: 'Jersey City' }, DAY)).toMatchObject([
      { ratePercent: 6.625, jurisdiction: 'New Jersey, NJ' },
    ]);
  });

  it('refuses to guess: a US city whose local rate is not in the table has no taxes', () => {
    expect(taxesFor({ country: 'US', region: 'WA', locality: 'Spokane' }, DAY)).toBeNull();
    expect(taxesFor({ country: 'US', region: 'NY', locality: null }, DAY)).toBeNull();
    expect(taxesFor({ country: 'US', region: 'TX', locality: 'Austin' }, DAY)).toBeNull();
    expect(taxesFor(ca('XX'), DAY)).toBeNull();
  });

  it('every row cites a source, has a valid period and rate, and no two rows of a tax overlap', () => {
    for (const row of TAX_TABLE) {
      expect(row.source.length).toBeGreaterThan(20);
      expect(row.effectiveFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (row.effectiveTo) expect(row.effectiveTo >= row.effectiveFrom).toBe(true);
      expect(() => taxOn(100, row.ratePercent)).not.toThrow();
    }
    const key = (r: (typeof TAX_TABLE)[number]) => `${r.country}/${r.region}/${r.locality}/${r.name}`;
    for (const k of new Set(TAX_TABLE.map(key))) {
      const rows = TAX_TABLE.filter((r) => key(r) === k).sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));
      for (let i = 1; i < rows.length; i++) expect(rows[i - 1]!.effectiveTo! < rows[i]!.effectiveFrom).toBe(true);
    }
  });
});

describe('a rate change on a date applies to deliveries from that date', () => {
  it('Nova Scotia: HST 15% up to 2025-03-31, 14% from 2025-04-01', () => {
    expect(rates(ca('NS'), '2025-03-31')).toEqual([['HST', 15]]);
    expect(rates(ca('NS'), '2025-04-01')).toEqual([['HST', 14]]);
    expect(taxHistory('CA', 'NS').map((r) => [r.ratePercent, r.effectiveFrom, r.effectiveTo])).toEqual([
      [15, '2010-07-01', '2025-03-31'],
      [14, '2025-04-01', null],
    ]);
  });

  it('a date before a tax existed has none (Saskatchewan PST on meals began 2017-04-01)', () => {
    expect(rates(ca('SK'), '2017-03-31')).toEqual([['GST', 5]]);
    expect(rates(ca('SK'), '2017-04-01')).toEqual([
      ['GST', 5],
      ['PST', 6],
    ]);
  });

  it('refuses a date that is not YYYY-MM-DD', () => {
    expect(() => taxesFor(ca('ON'), '12/01/2026')).toThrow(RangeError);
  });
});

describe('separate tax lines in the totals', () => {
  const qc = taxesFor(ca('QC'), DAY)!;
  const cart = (subtotalCents: number) => ({
    lines: [{ unitPriceCents: subtotalCents, quantity: 1, menuItems: [] }],
    receivingMethod: 'pickup' as const,
    deliveryFeeCents: 0,
    cutleryCount: 0,
  });

  it('Quebec: GST and QST each rounded on its own (the audit case: $36.00 + $71.82 = $107.82)', () => {
    // $719.95: GST 35.998 -> 36.00, QST 71.815 -> 71.82; one combined 14.975% line was 107.81
    const t = computeTotals({ ...cart(71_995), taxes: qc });
    expect(t.taxLines.map((l) => [l.name, l.cents])).toEqual([
      ['GST', 3600],
      ['QST', 7182],
    ]);
    expect(t.taxCents).toBe(3600 + 7182);
    expect(taxOn(71_995, 14.975)).toBe(10_781); // the old single line, 1 cent short
    expect(t.totalCents).toBe(71_995 + 10_782);
  });

  it('combined name and rate for the preset (3 decimals)', () => {
    expect(combinedTaxName(qc)).toBe('GST+QST');
    expect(combinedTaxRate(qc)).toBe(14.975);
    expect(formatTaxLabel(combinedTaxName(qc), combinedTaxRate(qc))).toBe('GST+QST 14.975%');
    expect(formatTaxLineLabel({ name: 'Sales Tax', ratePercent: 10.55, jurisdiction: 'Seattle, WA' })).toBe(
      'Sales Tax (Seattle, WA) 10.550%',
    );
  });

  it('British Columbia before and after: GST+PST 12% was charged, GST 5% is right', () => {
    const before = computeTotals({ ...cart(50_000), taxes: [{ name: 'GST+PST', ratePercent: 12 }] });
    const after = computeTotals({ ...cart(50_000), taxes: taxesFor(ca('BC'), DAY)! });
    expect(before.totalCents).toBe(56_000);
    expect(after.totalCents).toBe(52_500);
  });

  it('the tip comes after tax, untaxed: none, a percent of the food subtotal, or an amount', () => {
    const on = taxesFor(ca('ON'), DAY)!;
    expect(computeTotals({ ...cart(10_000), taxes: on }).tipCents).toBe(0);
    const pct = computeTotals({ ...cart(10_005), taxes: on, tip: { percent: 15 } });
    expect(pct.tipCents).toBe(1501); // 1500.75 -> 1501
    expect(pct.totalCents).toBe(10_005 + pct.taxCents + 1501);
    expect(pct.taxCents).toBe(computeTotals({ ...cart(10_005), taxes: on }).taxCents);
    expect(computeTotals({ ...cart(10_000), taxes: on, tip: { cents: 2000 } }).totalCents).toBe(10_000 + 1300 + 2000);
    expect(() => tipCentsFor({ percent: 12 }, 100)).toThrow(RangeError);
    expect(() => tipCentsFor({ cents: -1 }, 100)).toThrow(RangeError);
  });
});

describe('property: for 10,000 random carts in every jurisdiction, the lines add up to the total', () => {
  const places: PlaceOfSupply[] = [
    ...['ON', 'NS', 'NB', 'NL', 'PE', 'QC', 'BC', 'AB', 'NT', 'NU', 'YT', 'SK', 'MB'].map(ca),
    { country: 'US', region: 'WA', locality: 'Seattle' },
    { country: 'US', region: 'NY', locality: 'Brooklyn' },
    { country: 'US', region: 'NJ', locality: 'Hoboken' },
  ];
  const line = fc.record({
    unitPriceCents: fc.integer({ min: 0, max: 20_000 }),
    quantity: fc.integer({ min: 0, max: 300 }),
    menuItems: fc.array(
      fc.record({ priceCents: fc.integer({ min: 0, max: 3_000 }), quantity: fc.integer({ min: 0, max: 100 }) }),
      { maxLength: 4 },
    ),
    taxCategory: fc.constantFrom<'prepared_food' | 'soda_beverage'>(
      'prepared_food',
      'prepared_food',
      'prepared_food',
      'soda_beverage',
    ),
  });
  const tip = fc.oneof(
    fc.constant(null),
    fc.constantFrom(10, 15, 18).map((percent) => ({ percent })),
    fc.integer({ min: 0, max: 50_000 }).map((cents) => ({ cents })),
  );

  it('subtotal + delivery fee + cutlery + each rounded tax line + tip = total; each line within half a cent', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 12 }),
        fc.constantFrom(...places),
        fc.constantFrom<'delivery' | 'pickup'>('delivery', 'pickup'),
        fc.boolean(),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 400 }),
        tip,
        (lines, place, receivingMethod, isAddOn, deliveryFeeCents, cutleryCount, tipChoice) => {
          const taxes = taxesFor(place, DAY)!;
          const t = computeTotals({
            lines,
            receivingMethod,
            deliveryFeeCents,
            cutleryCount,
            taxes,
            isAddOn,
            tip: tipChoice,
          });
          const taxable = t.subtotalCents + t.deliveryFeeCents + t.cutleryCents;
          expect(t.subtotalCents).toBe(lines.reduce((s, l) => s + lineSubtotalCents(l), 0));
          // a tax on one category of dishes is a line only when the cart has such dishes, on their subtotal
          const baseOf = (x: (typeof taxes)[number]) =>
            x.onlyOn
              ? lines.filter((l) => l.taxCategory === x.onlyOn).reduce((s, l) => s + lineSubtotalCents(l), 0)
              : taxable;
          const charged = taxes.filter((x) => !x.onlyOn || baseOf(x) > 0);
          expect(t.taxLines.map((l) => l.name)).toEqual(charged.map((x) => x.name));
          t.taxLines.forEach((l, i) =>
            expect(Math.abs(l.cents - (baseOf(charged[i]!) * l.ratePercent) / 100)).toBeLessThanOrEqual(0.5 + 1e-9),
          );
          expect(t.taxCents).toBe(t.taxLines.reduce((s, l) => s + l.cents, 0));
          expect(t.totalCents).toBe(taxable + t.taxLines.reduce((s, l) => s + l.cents, 0) + t.tipCents);
          expect(Number.isSafeInteger(t.totalCents) && t.totalCents >= 0).toBe(true);
        },
      ),
      { numRuns: 10_000 },
    );
  });
});

describe('property: 10,000 random edits, every document from the same totals', () => {
  const places: PlaceOfSupply[] = [
    ca('ON'),
    ca('QC'),
    ca('BC'),
    ca('SK'),
    ca('MB'),
    ca('NS'),
    { country: 'US', region: 'WA', locality: 'Seattle' },
    { country: 'US', region: 'NY', locality: 'Manhattan' },
  ];
  const line = fc.record({
    unitPriceCents: fc.integer({ min: 0, max: 10_000 }),
    quantity: fc.integer({ min: 0, max: 120 }),
    menuItems: fc.array(
      fc.record({ priceCents: fc.integer({ min: 0, max: 2_000 }), quantity: fc.integer({ min: 0, max: 60 }) }),
      { maxLength: 3 },
    ),
  });
  const tip = fc.oneof(
    fc.constant(null),
    fc.constantFrom(10, 15, 18).map((percent) => ({ percent })),
    fc.integer({ min: 0, max: 20_000 }).map((cents) => ({ cents })),
  );
  // an edit: quantities changed (to 0 as well), lines dropped or added, cutlery and tip changed
  const edit = (lines: PricedLine[]) =>
    fc.record({
      scale: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: lines.length, maxLength: lines.length }),
      added: fc.array(line, { maxLength: 3 }),
      cutlery: fc.integer({ min: 0, max: 200 }),
      tip,
    });

  it('a credit note plus the edited totals give back the invoiced totals, and each document adds up', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 8 }).chain((lines) => fc.tuple(fc.constant(lines), edit(lines))),
        fc.constantFrom(...places),
        fc.constantFrom<'delivery' | 'pickup'>('delivery', 'pickup'),
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 0, max: 200 }),
        tip,
        ([lines, change], place, receivingMethod, deliveryFeeCents, cutleryCount, firstTip) => {
          const taxes = taxesFor(place, DAY)!;
          const before = computeTotals({
            lines,
            receivingMethod,
            deliveryFeeCents,
            cutleryCount,
            taxes,
            tip: firstTip,
          });
          const edited = [...lines.map((l, i) => ({ ...l, quantity: l.quantity * change.scale[i]! })), ...change.added];
          const after = computeTotals({
            lines: edited,
            receivingMethod,
            deliveryFeeCents,
            cutleryCount: change.cutlery,
            taxes,
            tip: change.tip,
          });
          const credit = totalsDecrease(before, after);
          // the credit is the difference, component by component, and adds up like any totals
          expect(credit.totalCents).toBe(before.totalCents - after.totalCents);
          expect(
            credit.subtotalCents + credit.deliveryFeeCents + credit.cutleryCents + credit.taxCents + credit.tipCents,
          ).toBe(credit.totalCents);
          credit.taxLines.forEach((l, i) => expect(l.cents + after.taxLines[i]!.cents).toBe(before.taxLines[i]!.cents));
          // every document's amount lines (email, invoice, credit note) add up to its total
          for (const [t, count] of [
            [before, cutleryCount],
            [after, change.cutlery],
            [credit, change.cutlery],
          ] as const) {
            expect(totalsLines(t, { receivingMethod, cutleryCount: count }).reduce((s, l) => s + l.cents, 0)).toBe(
              t.totalCents,
            );
          }
        },
      ),
      { numRuns: 10_000 },
    );
  });
});
