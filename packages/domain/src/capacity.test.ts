import { describe, expect, it } from 'vitest';
import { capacityLoad, fitsCapacity, windowStartOf, type CapacityRule } from './capacity.js';

const rule = (over: Partial<CapacityRule> = {}): CapacityRule => ({
  unit: 'orders',
  perDay: null,
  perWindow: null,
  windowMinutes: 60,
  ...over,
});

describe('capacity', () => {
  it('puts a time of day in its window', () => {
    expect(windowStartOf(11 * 60 + 59, 60)).toBe(11 * 60);
    expect(windowStartOf(12 * 60, 60)).toBe(12 * 60);
    expect(windowStartOf(12 * 60 + 45, 30)).toBe(12 * 60 + 30);
    expect(windowStartOf(13 * 60, 120)).toBe(12 * 60);
  });

  it('counts an order as one, or as its servings', () => {
    expect(capacityLoad({ unit: 'orders' }, 40)).toBe(1);
    expect(capacityLoad({ unit: 'servings' }, 40)).toBe(40);
  });

  it('fits while both the day and the window have room, to the last place', () => {
    expect(fitsCapacity(rule(), { day: 1_000, window: 1_000 }, 1)).toBe(true);
    const r = rule({ perDay: 10, perWindow: 4 });
    expect(fitsCapacity(r, { day: 9, window: 3 }, 1)).toBe(true);
    expect(fitsCapacity(r, { day: 10, window: 0 }, 1)).toBe(false);
    expect(fitsCapacity(r, { day: 0, window: 4 }, 1)).toBe(false);
    expect(fitsCapacity(rule({ unit: 'servings', perWindow: 100 }), { day: 0, window: 60 }, 40)).toBe(true);
    expect(fitsCapacity(rule({ unit: 'servings', perWindow: 100 }), { day: 0, window: 61 }, 40)).toBe(false);
  });
});
