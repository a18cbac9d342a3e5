import { describe, expect, it } from 'vitest';
import { budgetLeftCents, overBudgetByCents } from './budget';

describe('budget left', () => {
  it('is the whole budget without a pick and the rest after one', () => {
    expect(budgetLeftCents(2500, null)).toBe(2500);
    expect(budgetLeftCents(2500, undefined)).toBe(2500);
    expect(budgetLeftCents(2500, 1899)).toBe(601);
    expect(budgetLeftCents(2500, 2500)).toBe(0);
  });

  it('never goes below zero and tells how far a meal is over', () => {
    expect(budgetLeftCents(2500, 3000)).toBe(0);
    expect(overBudgetByCents(3000, 2500)).toBe(500);
    expect(overBudgetByCents(2500, 2500)).toBe(0);
    expect(overBudgetByCents(1000, 2500)).toBe(0);
  });
});
