import { describe, expect, it } from 'vitest';
import { DIETARY_NEEDS, dietaryNeedsOf, priceLevel } from './browse.js';

describe('priceLevel', () => {
  it('puts a price per person into one of four levels', () => {
    expect(priceLevel(0)).toBe(1);
    expect(priceLevel(2499)).toBe(1);
    expect(priceLevel(2500)).toBe(2);
    expect(priceLevel(3499)).toBe(2);
    expect(priceLevel(3500)).toBe(3);
    expect(priceLevel(4500)).toBe(4);
    expect(priceLevel(12_000)).toBe(4);
  });
});

describe('dietaryNeedsOf', () => {
  it('keeps the known needs once, in the canonical order', () => {
    expect(dietaryNeedsOf(['Halal', 'Vegan', 'Keto', 'Vegan'])).toEqual(['Vegan', 'Halal']);
    expect(dietaryNeedsOf([...DIETARY_NEEDS].reverse())).toEqual([...DIETARY_NEEDS]);
  });
});
