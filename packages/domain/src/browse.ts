// Browse rules the API and the storefront share (issue 20 §2, decision 067): the dietary needs a
// listing filters by, a restaurant's price level, and the ways restaurants can be sorted.

/**
 * The dietary needs restaurants and presets are filtered by, spelt as the dishes' tags
 * (menus.dietary_types, the menu editor's seven tags). A listing keeps a restaurant or preset
 * that has a dish tagged for every need chosen (presets.dietary_types: its dishes' tags).
 */
export const DIETARY_NEEDS = [
  'Vegetarian',
  'Vegan',
  'Gluten Free',
  'Dairy Free',
  'Nut Free',
  'Halal',
  'Kosher',
] as const;
export type DietaryNeed = (typeof DIETARY_NEEDS)[number];

/** How the restaurant list can be ordered; distance is the default. */
export const RESTAURANT_SORTS = ['distance', 'rating', 'popularity', 'price', 'soonest'] as const;
export type RestaurantSort = (typeof RESTAURANT_SORTS)[number];

/** Upper bounds (exclusive) of price levels 1-3 in cents per person; level 4 is everything above. */
export const PRICE_LEVEL_BOUNDS_CENTS = [2500, 3500, 4500] as const;

/** A restaurant's price level, 1 ($) to 4 ($$$$), from its menu's price per person. */
export function priceLevel(pricePerPersonCents: number): 1 | 2 | 3 | 4 {
  const i = PRICE_LEVEL_BOUNDS_CENTS.findIndex((bound) => pricePerPersonCents < bound);
  return (i === -1 ? 4 : i + 1) as 1 | 2 | 3 | 4;
}

/** Dietary needs in their canonical order, unknown names left out, each once. */
export function dietaryNeedsOf(values: readonly string[]): DietaryNeed[] {
  return DIETARY_NEEDS.filter((need) => values.includes(need));
}
