import { describe, expect, it } from 'vitest';
import { typedDollarsToCents } from './money-input';

describe('typedDollarsToCents', () => {
  it('reads what a person types: whole dollars, cents, a dollar sign and thousands commas', () => {
    expect(typedDollarsToCents('25')).toBe(2500);
    expect(typedDollarsToCents('$18.5')).toBe(1850);
    expect(typedDollarsToCents(' 1,250.99 ')).toBe(125_099);
    expect(typedDollarsToCents('0.29')).toBe(29);
    expect(typedDollarsToCents('4.35')).toBe(435);
  });

  it('refuses what is not an amount of dollars and cents', () => {
    for (const typed of ['', 'ten', '1.999', '-5', '5.', '.5', '1e3']) expect(typedDollarsToCents(typed)).toBeNaN();
  });
});
