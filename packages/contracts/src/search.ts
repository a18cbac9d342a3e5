import { z } from 'zod';
import { DIETARY_NEEDS, RESTAURANT_SORTS } from '@caterway/domain';
import { deliveryContextQuerySchema, presetCardSchema, restaurantCardSchema } from './presets.js';

// Browse and search (ordering-payments §3 Search response, §7 Calls).

const csv = z
  .string()
  .max(2000)
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

export const restaurantSortSchema = z.enum(RESTAURANT_SORTS);
export type RestaurantSortParam = z.infer<typeof restaurantSortSchema>;

/** dietary_types=Vegetarian,Halal: each one of the seven needs (decision 067), or 422. */
const dietaryNeedsCsv = csv.pipe(
  z.array(
    z.enum(DIETARY_NEEDS, {
      error: (issue) => `Unknown dietary need: ${String(issue.input)}. Choose from: ${DIETARY_NEEDS.join(', ')}.`,
    }),
  ),
);

export const presetSortSchema = z.enum(['popular', 'price_desc', 'price_asc', 'headcount_desc', 'headcount_asc']);
export type PresetSort = z.infer<typeof presetSortSchema>;

/** GET api/v2/search.json and GET api/v2/search */
export const searchQuerySchema = deliveryContextQuerySchema.extend({
  search_type: z.enum(['restaurant', 'preset', 'user_data']).default('restaurant'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(50).default(12),
  /** cuisine filter cards (names of preset_cuisine_type system vars) */
  preset_category_names: csv.optional(),
  q: z.string().trim().max(200).optional(),
  sort: presetSortSchema.default('popular'),
  /** restaurants only: distance (nearest first), rating, popularity, price (cheapest first) or soonest available */
  restaurant_sort: restaurantSortSchema.default('distance'),
  /** restaurants and presets with a dish tagged for every one of these needs */
  dietary_types: dietaryNeedsCsv.optional(),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

export const searchMetaSchema = z.object({
  preset_category_names: z.array(z.string()),
  preset_category_name_with_icon: z.array(z.object({ name: z.string(), icon: z.string() })),
  current_page: z.number().int(),
  full_count: z.number().int(),
  /**
   * true when full_count stopped at the count cap (the preset search counts at most 1,000
   * matches; docs/decisions/007-search-speed.md): show "1,000+"; false for exact counts
   */
  full_count_capped: z.boolean(),
  total_page: z.number().int(),
});

export const restaurantSearchResponseSchema = z
  .object({
    presets: z.object({
      all_presets: z.array(restaurantCardSchema),
      favorite_restaurants: z.array(restaurantCardSchema),
      saved_for_later_restaurants: z.array(restaurantCardSchema),
    }),
    meta_data: searchMetaSchema,
  })
  .meta({ id: 'RestaurantSearch' });
export type RestaurantSearchResponse = z.infer<typeof restaurantSearchResponseSchema>;

export const presetSearchResponseSchema = z
  .object({
    presets: z.object({
      /** [group name, presets] pairs; one group per category on browse-presets */
      all_presets: z.array(z.tuple([z.string(), z.array(presetCardSchema)])),
      favorite_restaurants: z.array(presetCardSchema),
      saved_for_later_restaurants: z.array(presetCardSchema),
    }),
    meta_data: searchMetaSchema,
  })
  .meta({ id: 'PresetSearch' });
export type PresetSearchResponse = z.infer<typeof presetSearchResponseSchema>;

/** GET api/v2/search/elastic_search: the navigation search overlay. */
export const quickSearchQuerySchema = z.object({
  q: z.string().trim().min(3, 'Type at least 3 characters').max(200),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
  address: z.string().trim().max(300).optional(),
  /** used when the address cannot be geocoded; default Toronto (ordering-payments §7) */
  city: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});
export type QuickSearchQuery = z.input<typeof quickSearchQuerySchema>;
export const quickSearchResponseSchema = z
  .object({ presets: z.array(restaurantCardSchema), query: z.string() })
  .meta({ id: 'QuickSearch' });
export type QuickSearchResponse = z.infer<typeof quickSearchResponseSchema>;

/**
 * GET api/v2/search/all: the full results page (/search?q=, issue 20 §2, decision 065): the
 * forgiving search over restaurants, catering presets and dishes, with browsing's filters.
 */
export const searchAllQuerySchema = deliveryContextQuerySchema.extend({
  q: z.string().trim().min(1, 'Type what you are looking for').max(200),
  /** cuisine filter cards (names of preset_cuisine_type system vars), as browsing sends them */
  preset_category_names: csv.optional(),
  /** the presets' order, as on browse-presets */
  sort: presetSortSchema.default('popular'),
  /** how many of each kind are listed */
  per_group: z.coerce.number().int().min(1).max(24).default(6),
});
export type SearchAllQuery = z.input<typeof searchAllQuerySchema>;

export const searchDishSchema = z
  .object({
    id: z.number().int(), // the dish (menu) id
    name: z.string(),
    price_cents: z.number().int(),
    image_url: z.string(),
    /** the restaurant serving it: its page is /chefs/{slug} */
    restaurant: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  })
  .meta({ id: 'SearchDish' });
export type SearchDish = z.infer<typeof searchDishSchema>;

export const searchAllResponseSchema = z
  .object({
    query: z.string(),
    /** the query with its misspelt words corrected ("suhsi" -> "sushi"); null when none was */
    did_you_mean: z.string().nullable(),
    restaurants: z.object({ total: z.number().int(), items: z.array(restaurantCardSchema) }),
    /** capped: total stopped at the preset search's count cap (show "1,000+") */
    presets: z.object({ total: z.number().int(), capped: z.boolean(), items: z.array(presetCardSchema) }),
    /** capped: only the dishes of the 40 first matching restaurants were counted */
    dishes: z.object({ total: z.number().int(), capped: z.boolean(), items: z.array(searchDishSchema) }),
  })
  .meta({ id: 'SearchAll' });
export type SearchAllResponse = z.infer<typeof searchAllResponseSchema>;
