import { describe, expect, it } from 'vitest';
import { dishTypeFromName, dishTypeOf } from '@caterway/domain';
import { generateCatalogueInMemory } from './generator.js';
import { concepts, parseDish, sharedPools } from './vocabulary.js';

const seedDishes = [
  ...concepts.flatMap((c) =>
    Object.entries(c.dishes).flatMap(([category, lines]) =>
      (lines ?? []).map((l) => ({ ...parseDish(category, l), cuisines: c.cuisines })),
    ),
  ),
  ...Object.values(sharedPools).flatMap((pool) =>
    Object.entries(pool).flatMap(([category, lines]) =>
      (lines ?? []).map((l) => ({ ...parseDish(category, l), cuisines: [] as string[] })),
    ),
  ),
];

describe('the pictures of the demo dishes (decision 074)', () => {
  it('reads a specific dish type from every dish name the seed can produce', () => {
    const generic = seedDishes.filter((d) => {
      const type = dishTypeFromName(d.name);
      // a bowl is only generic when the name says bowl
      return type === null || type === 'plate' || (type === 'bowl' && !/bowl|bibimbap/i.test(d.name));
    });
    expect(generic.map((d) => d.name)).toEqual([]);
    expect(seedDishes.length).toBeGreaterThan(250);
  });

  it('matches the dish for the examples of issue 20', () => {
    const typeOf = (name: string) => dishTypeOf(seedDishes.find((d) => d.name === name)!);
    expect(typeOf('Sushi Party Platter (60 pcs)')).toBe('sushi');
    expect(typeOf('Classic Caesar Salad')).toBe('salad');
    expect(typeOf('Assorted Sandwich Platter (serves 10)')).toBe('sandwich');
    expect(typeOf('Assorted Muffin & Pastry Platter (12 pcs)')).toBe('muffin');
    expect(typeOf('Croissant & Viennoiserie Platter (12 pcs)')).toBe('croissant');
  });

  it('writes the type into every dish, option and banner URL of a generated catalogue', () => {
    const { menus, chefs, presets, menuItems } = generateCatalogueInMemory({ seed: 74, restaurants: 12 });
    expect(menus.length).toBeGreaterThan(50);
    for (const m of menus)
      expect(m.main_image_url).toBe(
        `/media/art/dish/${m.id}-${dishTypeOf({ name: m.name, category: m.category_name, cuisines: chefs.find((c) => c.id === m.chef_id)!.cuisine_types })}.svg`,
      );
    for (const i of menuItems) expect(i.main_image_url).toMatch(new RegExp(`^/media/art/item/${i.id}-[a-z]+\\.svg$`));
    for (const c of chefs)
      expect(c.main_image_url).toMatch(new RegExp(`^/media/art/chef-banner/${c.id}(-[a-z]+){1,3}\\.svg$`));
    for (const p of presets)
      expect(p.banner_image_url).toMatch(/^\/media\/art\/(chef-banner|preset)\/\d+(-[a-z]+){1,3}\.svg$/);
    // a restaurant's banner shows its own dishes
    const chef = chefs[0]!;
    const own = new Set(
      menus.filter((m) => m.chef_id === chef.id).map((m) => m.main_image_url.split('-')[1]!.replace('.svg', '')),
    );
    for (const t of chef.main_image_url.replace('.svg', '').split('-').slice(2)) expect(own).toContain(t);
  });
});
