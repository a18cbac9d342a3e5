import { describe, expect, it } from 'vitest';
import {
  adjacentPeriod,
  allocateCents,
  commissionCents,
  currentPeriod,
  DEFAULT_COMMISSION_BPS,
  formatRateBps,
  rateOn,
  restaurantShare,
  statementAmounts,
  statementPeriod,
  statementTotals,
} from './statements.js';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('allocateCents', () => {
  it('splits by weight and always sums to the total', () => {
    expect(allocateCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateCents(1000, [3000, 1000])).toEqual([750, 250]);
    expect(allocateCents(1, [1, 1])).toEqual([1, 0]);
    expect(allocateCents(0, [5, 7])).toEqual([0, 0]);
  });

  it('gives the cents left to the largest remainders, ties to the earlier', () => {
    // 10 × 1/3 = 3.33, 10 × 2/3 = 6.67: the second has the larger remainder
    expect(allocateCents(10, [1, 2])).toEqual([3, 7]);
    expect(allocateCents(5, [2, 2, 2])).toEqual([2, 2, 1]);
  });

  it('splits evenly when every weight is zero', () => {
    expect(allocateCents(7, [0, 0])).toEqual([4, 3]);
  });

  it('is exact for many random splits, also for amounts past 2^53 when multiplied', () => {
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let k = 0; k < 500; k++) {
      const total = rand(10_000_000);
      const weights = Array.from({ length: 1 + rand(5) }, () => rand(100_000_000));
      const parts = allocateCents(total, weights);
      expect(sum(parts)).toBe(total);
      parts.forEach((p, i) => {
        const exact = sum(weights) ? (total * weights[i]!) / sum(weights) : total / weights.length;
        expect(Math.abs(p - exact)).toBeLessThan(1);
      });
    }
    expect(sum(allocateCents(99_999_999, [99_999_999, 99_999_998, 1]))).toBe(99_999_999);
  });

  it('refuses negative or fractional input', () => {
    expect(() => allocateCents(-1, [1])).toThrow(RangeError);
    expect(() => allocateCents(1.5, [1])).toThrow(RangeError);
    expect(() => allocateCents(10, [-1, 2])).toThrow(RangeError);
    expect(() => allocateCents(10, [])).toThrow(RangeError);
    expect(allocateCents(0, [])).toEqual([]);
  });
});

describe('commission', () => {
  it('rounds half up to the cent', () => {
    expect(commissionCents(10_000, 1500)).toBe(1500);
    expect(commissionCents(1, 5000)).toBe(1); // 0.5 → 1
    expect(commissionCents(3, 1500)).toBe(0); // 0.45 → 0
    expect(commissionCents(3333, 1250)).toBe(417); // 416.625 → 417
    expect(commissionCents(0, 1500)).toBe(0);
  });

  it('refuses a rate outside 0..100 %', () => {
    expect(() => commissionCents(100, 10_001)).toThrow(RangeError);
    expect(() => commissionCents(100, -1)).toThrow(RangeError);
    expect(() => commissionCents(100, 12.5)).toThrow(RangeError);
  });

  it('formats basis points as a percent', () => {
    expect(formatRateBps(1500)).toBe('15.00%');
    expect(formatRateBps(1275)).toBe('12.75%');
    expect(formatRateBps(5)).toBe('0.05%');
  });

  it('uses the rate in force on the day, else the default', () => {
    const rates = [
      { rate_bps: 1200, effective_from: '2026-10-01' },
      { rate_bps: 1000, effective_from: '2026-11-15' },
    ];
    expect(rateOn(rates, '2026-09-30')).toBe(DEFAULT_COMMISSION_BPS);
    expect(rateOn(rates, '2026-10-01')).toBe(1200);
    expect(rateOn(rates, '2026-11-14')).toBe(1200);
    expect(rateOn(rates, '2026-11-15')).toBe(1000);
    expect(rateOn([], '2026-11-15')).toBe(1500);
  });
});

describe('restaurantShare', () => {
  const order = {
    delivery_fee_cents: 1001,
    cutlery_cents: 250,
    tax_cents: 1333,
    tip_cents: 999,
    food_by_chef: [
      { chef_id: 7, cents: 6000 },
      { chef_id: 3, cents: 3000 },
      { chef_id: 7, cents: 1000 }, // two lines of one restaurant
    ],
  };

  it('gives each restaurant its own lines and a pro rata share that sums to the order exactly', () => {
    const a = restaurantShare(order, 3);
    const b = restaurantShare(order, 7);
    expect(a.food_cents - Math.round((250 * 3) / 10)).toBe(3000);
    expect(a.food_cents + b.food_cents).toBe(10_000 + 250);
    expect(a.delivery_fee_cents + b.delivery_fee_cents).toBe(1001);
    expect(a.tax_cents + b.tax_cents).toBe(1333);
    expect(a.tip_cents + b.tip_cents).toBe(999);
    expect(a).toEqual({ food_cents: 3075, delivery_fee_cents: 300, tax_cents: 400, tip_cents: 300 });
  });

  it('gives a one-restaurant order everything', () => {
    const s = restaurantShare({ ...order, food_by_chef: [{ chef_id: 3, cents: 500 }] }, 3);
    expect(s).toEqual({ food_cents: 750, delivery_fee_cents: 1001, tax_cents: 1333, tip_cents: 999 });
  });

  it('gives nothing to a restaurant that is not in the order', () => {
    expect(restaurantShare(order, 99)).toEqual({ food_cents: 0, delivery_fee_cents: 0, tax_cents: 0, tip_cents: 0 });
  });
});

describe('statement amounts and totals', () => {
  it('charges commission on food only and nets the rest through', () => {
    const line = statementAmounts(
      { food_cents: 10_000, delivery_fee_cents: 1500, tax_cents: 1495, tip_cents: 500 },
      1500,
    );
    expect(line.commission_cents).toBe(1500);
    expect(line.net_cents).toBe(10_000 + 1500 + 1495 + 500 - 1500);
  });

  it('totals are the sum of the lines figure by figure', () => {
    const lines = [
      statementAmounts({ food_cents: 3333, delivery_fee_cents: 1, tax_cents: 2, tip_cents: 3 }, 1250),
      statementAmounts({ food_cents: 3333, delivery_fee_cents: 4, tax_cents: 5, tip_cents: 6 }, 1250),
    ];
    const t = statementTotals(lines);
    expect(t).toEqual({
      orders: 2,
      food_cents: 6666,
      delivery_fee_cents: 5,
      tax_cents: 7,
      tip_cents: 9,
      commission_cents: 834, // 417 + 417: rounded per order, not on the total (833.25)
      net_cents: 6666 + 5 + 7 + 9 - 834,
    });
    expect(statementTotals([])).toMatchObject({ orders: 0, net_cents: 0 });
  });
});

describe('periods', () => {
  it('weeks run Monday to Sunday', () => {
    expect(statementPeriod('week', '2026-11-28')).toEqual({
      period: 'week',
      start: '2026-11-23',
      end: '2026-11-29',
      label: 'Week of Nov 23, 2026',
    });
    expect(statementPeriod('week', '2026-11-23').start).toBe('2026-11-23');
    expect(statementPeriod('week', '2026-11-29').start).toBe('2026-11-23');
    expect(statementPeriod('week', '2027-01-01')).toMatchObject({ start: '2026-12-28', end: '2027-01-03' });
  });

  it('months are calendar months, February too', () => {
    expect(statementPeriod('month', '2028-02-10')).toEqual({
      period: 'month',
      start: '2028-02-01',
      end: '2028-02-29',
      label: 'February 2028',
    });
    expect(adjacentPeriod(statementPeriod('month', '2026-12-05'), 1).start).toBe('2027-01-01');
    expect(adjacentPeriod(statementPeriod('month', '2026-01-05'), -1).start).toBe('2025-12-01');
    expect(adjacentPeriod(statementPeriod('week', '2026-11-28'), -1).start).toBe('2026-11-16');
  });

  it("the current period is the restaurant's day, not UTC's", () => {
    // 2026-12-01 03:00 UTC is still November 30 in Vancouver
    const now = new Date('2026-12-01T03:00:00Z');
    expect(currentPeriod('month', now, 'America/Vancouver').start).toBe('2026-11-01');
    expect(currentPeriod('month', now, 'Europe/Paris').start).toBe('2026-12-01');
  });
});
