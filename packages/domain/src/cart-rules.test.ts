import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addOnLimitProblem,
  cartProgress,
  CartPricingError,
  chefMinimumProblems,
  emptyCartProblem,
  emptyOrderProblem,
  itemQuantityProblem,
  presetMinimumProblem,
  priceCart,
  servingDetailsProblem,
  sidesProblem,
  type PricingMenu,
} from './cart-rules.js';
import { messages } from './messages.js';
import { computeTotals } from './totals.js';

describe('itemQuantityProblem', () => {
  const base = { hasMenuItems: false, lineQuantity: 5, itemQuantities: [], minOrderAmount: 5 };

  it('refuses negative and fractional quantities with the spec message', () => {
    expect(itemQuantityProblem({ ...base, lineQuantity: -1 })).toBe('Please select non negative integer.');
    expect(itemQuantityProblem({ ...base, lineQuantity: 2.5 })).toBe('Please select non negative integer.');
    expect(itemQuantityProblem({ ...base, hasMenuItems: true, itemQuantities: [5, -2] })).toBe(
      'Please select non negative integer.',
    );
  });

  it('without menu items the line quantity must reach the minimum', () => {
    expect(itemQuantityProblem(base)).toBeNull();
    expect(itemQuantityProblem({ ...base, lineQuantity: 4 })).toBe(
      'Minimum order amount of 5 per item not met. Please increase quantity and continue.',
    );
    expect(itemQuantityProblem({ ...base, lineQuantity: 0, minOrderAmount: 0 })).toBeNull();
  });

  it('with menu items needs one above 0 and each non-zero at least the minimum', () => {
    const withItems = { ...base, hasMenuItems: true, lineQuantity: 10 };
    expect(itemQuantityProblem({ ...withItems, itemQuantities: [10, 0, 5] })).toBeNull();
    expect(itemQuantityProblem({ ...withItems, itemQuantities: [0, 0] })).toBe(messages.minimumPerItemNotMet(5));
    expect(itemQuantityProblem({ ...withItems, itemQuantities: [] })).toBe(messages.minimumPerItemNotMet(5));
    expect(itemQuantityProblem({ ...withItems, itemQuantities: [10, 3] })).toBe(messages.minimumPerItemNotMet(5));
  });
});

describe('servingDetailsProblem', () => {
  it('checks names, positive quantities and the line total', () => {
    expect(servingDetailsProblem(3, [])).toBeNull();
    expect(
      servingDetailsProblem(3, [
        { userName: 'Ann', quantity: 2 },
        { userName: 'Bo', quantity: 1 },
      ]),
    ).toBeNull();
    expect(servingDetailsProblem(3, [{ userName: '  ', quantity: 1 }])).toBe('User name is required.');
    expect(servingDetailsProblem(3, [{ userName: 'Ann', quantity: 0 }])).toBe('Quantity must be greater than 0.');
    expect(
      servingDetailsProblem(3, [
        { userName: 'Ann', quantity: 2 },
        { userName: 'Bo', quantity: 2 },
      ]),
    ).toBe("Assigned quantity (4) cannot exceed the item's quantity (3).");
  });
});

describe('chef and preset minimums', () => {
  it('names each chef below its minimum with the amount in dollars', () => {
    expect(
      chefMinimumProblems([
        { name: "Rosa's Kitchen", minimumCents: 25_000, subtotalCents: 24_999 },
        { name: 'Met Chef', minimumCents: 10_000, subtotalCents: 10_000 },
      ]),
    ).toEqual([
      "Minimum $250.00 order not met for Rosa's Kitchen. Please add additional items or increase quantity and continue.",
    ]);
    expect(chefMinimumProblems([{ name: 'Big', minimumCents: 125_000, subtotalCents: 0 }])[0]).toContain(
      'Minimum $1,250.00 order',
    );
  });

  it('compares the preset minimum with the total', () => {
    expect(presetMinimumProblem(10_000, 10_000)).toBeNull();
    expect(presetMinimumProblem(100, 0)).toBeNull();
    expect(presetMinimumProblem(9_999, 10_000)).toBe(messages.presetMinimumNotMet('$100.00'));
  });
});

describe('empty order, empty cart, add-on limit', () => {
  it('needs one ordered line', () => {
    expect(emptyOrderProblem([])).toBe('No Items: At least one item is required in your order.');
    expect(emptyOrderProblem([{ quantity: 0 }, { quantity: 0, itemQuantities: [0] }])).toBe(messages.noItems);
    expect(emptyOrderProblem([{ quantity: 0, itemQuantities: [0, 2] }])).toBeNull();
    expect(emptyOrderProblem([{ quantity: 1 }])).toBeNull();
  });

  it('refuses an add-on with a total of 0 and more lines than allowed', () => {
    expect(emptyCartProblem(0)).toBe('Your cart is empty.');
    expect(emptyCartProblem(1)).toBeNull();
    expect(addOnLimitProblem(11, 10)).toBe('You cannot add more than 10 items.');
    expect(addOnLimitProblem(10, 10)).toBeNull();
  });
});

describe('cartProgress', () => {
  it('gives the share reached and what remains, capped at 1', () => {
    const [a, b, c] = cartProgress([
      { name: 'A', minimumCents: 20_000, subtotalCents: 5_000 },
      { name: 'B', minimumCents: 20_000, subtotalCents: 30_000 },
      { name: 'C', minimumCents: 0, subtotalCents: 0 },
    ]);
    expect(a).toMatchObject({ fraction: 0.25, remainingCents: 15_000, met: false });
    expect(b).toMatchObject({ fraction: 1, remainingCents: 0, met: true });
    expect(c).toMatchObject({ fraction: 1, remainingCents: 0, met: true });
  });
});

describe('priceCart', () => {
  const menus = new Map<number, PricingMenu>([
    [
      1,
      {
        id: 1,
        priceCents: 1250,
        menuItems: [
          { id: 10, priceCents: 0 },
          { id: 11, priceCents: 300 },
        ],
      },
    ],
    [2, { id: 2, priceCents: 999, menuItems: [] }],
    [3, { id: 3, priceCents: 500, menuItems: [], isDeleted: true }],
  ]);

  it('prices from the menus only and feeds computeTotals', () => {
    const lines = priceCart(
      [
        { menuId: 1, quantity: 4, menuItemsMapping: { '10': 4, '11': 2 } },
        { menuId: 2, quantity: 3, menuItemsMapping: {} },
      ],
      menus,
    );
    expect(lines).toEqual([
      {
        unitPriceCents: 1250,
        quantity: 4,
        menuItems: [
          { priceCents: 0, quantity: 4 },
          { priceCents: 300, quantity: 2 },
        ],
        taxCategory: 'prepared_food',
      },
      { unitPriceCents: 999, quantity: 3, menuItems: [], taxCategory: 'prepared_food' },
    ]);
    // a menu's tax category travels with its line (BC PST on soda beverages)
    expect(
      priceCart([{ menuId: 2, quantity: 1, menuItemsMapping: {} }], {
        2: { id: 2, priceCents: 250, menuItems: [], taxCategory: 'soda_beverage' },
      })[0]!.taxCategory,
    ).toBe('soda_beverage');
    const totals = computeTotals({
      lines,
      receivingMethod: 'pickup',
      deliveryFeeCents: 0,
      cutleryCount: 0,
      taxes: [{ name: 'HST', ratePercent: 13 }],
    });
    expect(totals.subtotalCents).toBe(4 * 1250 + 2 * 300 + 3 * 999);
  });

  it('accepts a plain object keyed by id', () => {
    expect(priceCart([{ menuId: 2, quantity: 1, menuItemsMapping: {} }], { 2: menus.get(2)! })).toHaveLength(1);
  });

  it('refuses unknown menus, foreign menu items and deleted dishes', () => {
    expect(() => priceCart([{ menuId: 99, quantity: 1, menuItemsMapping: {} }], menus)).toThrow(CartPricingError);
    expect(() => priceCart([{ menuId: 99, quantity: 1, menuItemsMapping: {} }], menus)).toThrow('Unknown menu 99');
    expect(() => priceCart([{ menuId: 2, quantity: 1, menuItemsMapping: { '10': 1 } }], menus)).toThrow(
      'Unknown menu item 10 for menu 2',
    );
    expect(() => priceCart([{ menuId: 3, quantity: 1, menuItemsMapping: {} }], menus)).toThrow('no longer available');
  });
});

describe('sidesProblem (menu items belong to their dish)', () => {
  const dish = 'Chicken Shawarma Platter';
  const sides = (...quantities: number[]) =>
    quantities.map((quantity, i) => ({ name: ['Garlic Sauce', 'Rice', 'Fattoush'][i]!, quantity }));

  it.each([
    { line: 0, items: [0, 0], problem: null },
    { line: 10, items: [], problem: null },
    { line: 10, items: [10, 0, 3], problem: null },
    {
      line: 0,
      items: [300, 300],
      problem:
        'Chicken Shawarma Platter: sides and options need at least one of the dish. Please set its quantity or remove the sides.',
    },
    { line: 0, items: [0, 1], problem: messages.sidesNeedDish(dish) },
    {
      line: 10,
      items: [10, 11],
      problem:
        'Chicken Shawarma Platter: Rice (11) cannot be more than the dish quantity (10). Please lower it or add more of the dish.',
    },
    { line: 1, items: [300], problem: messages.sidesExceedDish(dish, 'Garlic Sauce', 300, 1) },
  ])('line $line with items $items', ({ line, items, problem }) => {
    expect(sidesProblem({ dishName: dish, lineQuantity: line, items: sides(...items) })).toBe(problem);
  });

  it('accepts exactly the carts whose every item is at most the dish quantity (property)', () => {
    fc.assert(
      fc.property(fc.nat(500), fc.array(fc.nat(500), { maxLength: 3 }), (line, quantities) => {
        const problem = sidesProblem({ dishName: dish, lineQuantity: line, items: sides(...quantities) });
        expect(problem === null).toBe(quantities.every((q) => q <= line));
        if (problem) expect(problem.startsWith(`${dish}: `)).toBe(true);
      }),
    );
  });

  it('never lets a line without the dish be priced for its sides alone', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 3 }), (quantities) => {
        expect(sidesProblem({ dishName: dish, lineQuantity: 0, items: sides(...quantities) })).toBe(
          messages.sidesNeedDish(dish),
        );
      }),
    );
  });
});
