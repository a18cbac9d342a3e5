import { describe, expect, it } from 'vitest';
import { createDishIndex, dishMatch, singularGroups } from './dish-index.js';
import type { DishRow } from './search.types.js';

// The full search's dishes in memory (decision 065): matching a query's word groups, the
// restaurants' order, and a catalogue change re-reading its restaurants' dishes.

const dish = (id: number, chef: number, name: string, price = 1000): DishRow => ({
  id,
  chef_id: chef,
  name,
  price_cents: price,
  main_image_url: '',
  restaurant_id: chef * 10,
  restaurant_name: `Restaurant ${chef}`,
  restaurant_slug: `restaurant-${chef}`,
});

function catalogue(rows: DishRow[]) {
  let reads = 0;
  const index = createDishIndex({
    load: (chefIds) => {
      reads++;
      return Promise.resolve(chefIds ? rows.filter((r) => chefIds.includes(r.chef_id)) : rows);
    },
  });
  return { index, reads: () => reads };
}

describe('dishMatch', () => {
  const words = new Set(['salmon', 'sushi', 'roll']);
  it('needs one word of every group, and says whether the typed words were there', () => {
    expect(dishMatch(words, singularGroups([['sushi']]))).toBe('exact');
    expect(dishMatch(words, singularGroups([['suhsi', 'sushi']]))).toBe('near');
    expect(dishMatch(words, singularGroups([['rolls'], ['salmon']]))).toBe('exact');
    expect(dishMatch(words, singularGroups([['sushi'], ['tuna']]))).toBeNull();
  });
});

describe('dish index', () => {
  const rows = [
    dish(1, 1, 'Salmon Sushi Roll'),
    dish(2, 1, 'Chicken Salads'),
    dish(3, 2, 'Sushi Party Platter'),
    dish(4, 2, 'Suhsi Surprise'),
    dish(5, 3, 'Garden Salad'),
  ];

  it("finds the matching dishes of the given restaurants in their order, the typed words' first", async () => {
    const { index } = catalogue(rows);
    const found = await index.find([20, 10], [['suhsi', 'sushi']], 10);
    expect(found.total).toBe(3);
    expect(found.items.map((d) => d.id)).toEqual([4, 3, 1]);
    expect((await index.find([10, 30], [['salad']], 1)).items.map((d) => d.id)).toEqual([2]);
    expect((await index.find([10, 30], [['salad']], 1)).total).toBe(2);
    expect((await index.find([30], [], 5)).total).toBe(0);
  });

  it("re-reads a changed restaurant's dishes only, keeping the others", async () => {
    const live = [...rows];
    const { index, reads } = catalogue(live);
    await index.current();
    expect(reads()).toBe(1);
    live[2] = dish(3, 2, 'Tempura Platter', 1500);
    live.push(dish(6, 2, 'Dragon Sushi Roll'));
    await index.forgetChefs([2]);
    expect(reads()).toBe(2);
    const found = await index.find([10, 20], [['sushi']], 10);
    expect(found.items.map((d) => d.id)).toEqual([1, 6]);
    expect((await index.find([20], [['tempura']], 10)).items[0]).toMatchObject({ id: 3, price_cents: 1500 });
    expect((await index.find([30], [['garden']], 10)).total).toBe(1);
  });
});
