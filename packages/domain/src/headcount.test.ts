import { describe, expect, it } from 'vitest';
import { itemQuantityProblem, sidesProblem } from './cart-rules.js';
import { cartServings, lineServings, scaleLinesToHeadcount, servingsText, type ScalableLine } from './headcount.js';

// a preset like the demo's: a tray feeding 10, a salad feeding 4, and singles (serves 1)
const preset: ScalableLine[] = [
  { quantity: 2, serves: 10, minOrderAmount: 1, menuItemsMapping: { '11': 2, '12': 1 } },
  { quantity: 3, serves: 4, minOrderAmount: 1 },
  { quantity: 8, serves: 1, minOrderAmount: 5 },
  { quantity: 0, serves: 1, minOrderAmount: 1 },
];

const fed = (lines: ScalableLine[], people: number) =>
  cartServings(
    scaleLinesToHeadcount(lines, people).map((l, i) => ({ quantity: l.quantity, serves: lines[i]!.serves })),
  );

describe('lineServings and cartServings', () => {
  it('multiplies the quantity by what one unit serves; singles and unknowns serve 1', () => {
    expect(lineServings({ quantity: 3, serves: 10 })).toBe(30);
    expect(lineServings({ quantity: 3, serves: null })).toBe(3);
    expect(lineServings({ quantity: 3, serves: undefined })).toBe(3);
    expect(lineServings({ quantity: 3, serves: 0 })).toBe(3);
    expect(lineServings({ quantity: 0, serves: 10 })).toBe(0);
    expect(lineServings({ quantity: -2, serves: 10 })).toBe(0);
    expect(cartServings(preset)).toBe(20 + 12 + 8);
    expect(cartServings([])).toBe(0);
  });
});

describe('scaleLinesToHeadcount', () => {
  it('keeps the mix: every chosen line scaled by the same factor, a line at 0 stays 0', () => {
    // default feeds 40; 80 people doubles every line
    expect(scaleLinesToHeadcount(preset, 80).map((l) => l.quantity)).toEqual([4, 6, 16, 0]);
    expect(scaleLinesToHeadcount(preset, 40).map((l) => l.quantity)).toEqual([2, 3, 8, 0]);
  });

  it('rounds every line up, so the cart always feeds at least the headcount', () => {
    // 42 / 40 = 1.05: 2.1 -> 3 trays, 3.15 -> 4 salads, 8.4 -> 9 singles
    expect(scaleLinesToHeadcount(preset, 42).map((l) => l.quantity)).toEqual([3, 4, 9, 0]);
    for (let people = 1; people <= 2000; people += 37) expect(fed(preset, people)).toBeGreaterThanOrEqual(people);
    expect(fed(preset, 2000)).toBeGreaterThanOrEqual(2000);
  });

  it('for 1 person keeps one of each chosen dish, and never goes below the dish minimum', () => {
    expect(scaleLinesToHeadcount(preset, 1).map((l) => l.quantity)).toEqual([1, 1, 5, 0]);
  });

  it('at 2000 people scales up without losing a serving', () => {
    const scaled = scaleLinesToHeadcount(preset, 2000).map((l) => l.quantity);
    expect(scaled).toEqual([100, 150, 400, 0]);
    expect(fed(preset, 2000)).toBe(2000);
  });

  it('orders whole trays: a 10-serving tray for 12 people alone is 2 trays', () => {
    const trays: ScalableLine[] = [{ quantity: 1, serves: 10, minOrderAmount: 1 }];
    expect(scaleLinesToHeadcount(trays, 12)[0]!.quantity).toBe(2);
    expect(scaleLinesToHeadcount(trays, 10)[0]!.quantity).toBe(1);
    expect(scaleLinesToHeadcount(trays, 3)[0]!.quantity).toBe(1);
  });

  it('a minimum larger than needed wins (the cart then feeds more than asked)', () => {
    const boxes: ScalableLine[] = [{ quantity: 12, serves: 1, minOrderAmount: 12 }];
    expect(scaleLinesToHeadcount(boxes, 4)[0]!.quantity).toBe(12);
    expect(fed(boxes, 4)).toBe(12);
  });

  it('moves the options with their dish, within the dish and the cart rules', () => {
    const [tray] = scaleLinesToHeadcount(preset, 80);
    expect(tray).toEqual({ quantity: 4, menuItemsMapping: { '11': 4, '12': 2 } });
    for (const people of [1, 7, 42, 333, 2000]) {
      const [line] = scaleLinesToHeadcount(preset, people);
      const items = Object.entries(line!.menuItemsMapping).map(([name, quantity]) => ({ name, quantity }));
      expect(sidesProblem({ dishName: 'Tray', lineQuantity: line!.quantity, items })).toBeNull();
      expect(
        itemQuantityProblem({
          hasMenuItems: true,
          lineQuantity: line!.quantity,
          itemQuantities: items.map((i) => i.quantity),
          minOrderAmount: 1,
        }),
      ).toBeNull();
    }
    const withZero: ScalableLine[] = [{ quantity: 2, serves: 1, minOrderAmount: 1, menuItemsMapping: { '5': 0 } }];
    expect(scaleLinesToHeadcount(withZero, 10)[0]!.menuItemsMapping).toEqual({ '5': 0 });
  });

  it('leaves a cart with nothing chosen, or a headcount out of 1..2000, unchanged', () => {
    const empty: ScalableLine[] = [{ quantity: 0, serves: 10, minOrderAmount: 1 }];
    expect(scaleLinesToHeadcount(empty, 40)).toEqual([{ quantity: 0, menuItemsMapping: {} }]);
    for (const people of [0, -3, 2001, 1.5, Number.NaN])
      expect(scaleLinesToHeadcount(preset, people).map((l) => l.quantity)).toEqual([2, 3, 8, 0]);
  });

  it('does not change the lines it is given', () => {
    const copy = structuredClone(preset);
    scaleLinesToHeadcount(preset, 300);
    expect(preset).toEqual(copy);
  });
});

describe('servingsText', () => {
  it('says servings against people', () => {
    expect(servingsText(42, 40)).toBe('Serves 42 · you need 40');
  });
});
