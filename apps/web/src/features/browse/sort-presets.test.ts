import { describe, expect, it } from 'vitest';
import type { PresetSummary } from '../../types/catalogue';
import { sortPresets } from './sort-presets';

const preset = (id: number, price: number, guests: number, orders: number) =>
  ({ id, pricePerPersonCents: price, numberOfGuests: guests, orderCount: orders }) as PresetSummary;

const list = [preset(1, 1500, 10, 5), preset(2, 900, 40, 50), preset(3, 2200, 25, 20), preset(4, 900, 10, 50)];
const ids = (xs: PresetSummary[]) => xs.map((p) => p.id);

describe('sortPresets (browse-account-orders §2 sort options)', () => {
  it('Popular puts the most ordered first, ties by id', () => {
    expect(ids(sortPresets(list, 'popular'))).toEqual([2, 4, 3, 1]);
  });
  it('sorts by price per person both ways', () => {
    expect(ids(sortPresets(list, 'price_desc'))).toEqual([3, 1, 2, 4]);
    expect(ids(sortPresets(list, 'price_asc'))).toEqual([2, 4, 1, 3]);
  });
  it('sorts by head count both ways', () => {
    expect(ids(sortPresets(list, 'headcount_desc'))).toEqual([2, 3, 1, 4]);
    expect(ids(sortPresets(list, 'headcount_asc'))).toEqual([1, 4, 3, 2]);
  });
  it('does not change the input', () => {
    sortPresets(list, 'price_asc');
    expect(ids(list)).toEqual([1, 2, 3, 4]);
  });
});
