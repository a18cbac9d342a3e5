import { z } from 'zod';
import { DIETARY_NEEDS } from '@caterway/domain';
import { partnerRestaurantParamsSchema } from './partner.js';

// The menu editor of the restaurant portal (issue 19 part 3, docs/decisions/052): a restaurant's
// dishes (menus rows), their options (menu_items), its categories and their order, and its
// catering presets, as its team reads and writes them under
// /api/v2/partner/restaurants/{chefId}/menu... Staff read; managers, owners and operations write.

/** The seven dietary tags the editor writes, spelt as the storefront's dietary_types (seed vocabulary): the browse filters' needs (decision 067). */
export const editorDietaryTags = DIETARY_NEEDS;
export type EditorDietaryTag = (typeof editorDietaryTags)[number];

/** Canada's priority food allergens (Health Canada), as stored in menus.allergens. */
export const priorityAllergens = [
  'Peanuts',
  'Tree nuts',
  'Milk',
  'Eggs',
  'Fish',
  'Crustaceans and shellfish',
  'Sesame',
  'Soy',
  'Wheat and gluten',
  'Mustard',
  'Sulphites',
] as const;

/** The most a dish or an option may cost, in cents ($10,000.00). */
export const MAX_DISH_PRICE_CENTS = 1_000_000;
/** The longest lead time a dish may ask, in hours (two weeks; migration 042's check). */
export const MAX_LEAD_TIME_HOURS = 336;

export const partnerMenuMessages = {
  name: 'Enter a name of 1 to 80 characters.',
  description: 'Keep the description under 1,000 characters.',
  price: 'Enter a price from $0.00 to $10,000.00, in cents.',
  serves: 'Serves must be a whole number from 1 to 500.',
  minimum: 'The minimum quantity must be a whole number from 1 to 1,000.',
  leadTime: 'The lead time must be a whole number of hours from 0 to 336, or empty for the restaurant’s notice.',
  maxQuantity: 'The limit must be a whole number from 1 to 1,000, or empty for no limit.',
  category: 'Enter a category name of 1 to 60 characters.',
  guests: 'The number of guests must be a whole number from 1 to 1,000.',
  quantity: 'Quantities must be whole numbers from 0 to 1,000.',
  presetLines: 'Add at least one dish to the preset.',
  version: 'Send the updated_at of the dish you edited.',
  categoryOrder: 'Send every category once, in the new order.',
} as const;

function partnerMenuMessagesDietary(): string {
  return `Choose dietary tags from: ${editorDietaryTags.join(', ')}.`;
}

const name = z.string().trim().min(1, partnerMenuMessages.name).max(80, partnerMenuMessages.name);
const price = z
  .number({ error: partnerMenuMessages.price })
  .int(partnerMenuMessages.price)
  .min(0, partnerMenuMessages.price)
  .max(MAX_DISH_PRICE_CENTS, partnerMenuMessages.price);
const categoryName = z.string().trim().min(1, partnerMenuMessages.category).max(60, partnerMenuMessages.category);
const dietary = z
  .array(z.enum(editorDietaryTags, { error: partnerMenuMessagesDietary() }))
  .max(editorDietaryTags.length);
const wholeIn = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

// ---------------------------------------------------------------- reading the menu

/** An option (menu_items row): a side, a choice or an extra of a dish. */
export const partnerMenuOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price_cents: z.number().int(),
  dietary_types: z.array(z.string()),
  max_quantity: z.number().int().nullable(),
  position: z.number().int(),
  /** 86'd until then ('infinity' until turned back on); read-only here */
  unavailable_until: z.string().nullable(),
});
export type PartnerMenuOption = z.infer<typeof partnerMenuOptionSchema>;

/** A dish (menus row) as the editor reads it; updated_at is its version for optimistic concurrency. */
export const partnerDishSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price_cents: z.number().int(),
  serves: z.number().int(),
  /** the per-dish minimum quantity */
  min_order_amount: z.number().int(),
  menu_type: z.enum(['single', 'other']),
  /** every tag the storefront shows, the seven the editor writes and any older ones (Keto, ...) */
  dietary_types: z.array(z.string()),
  allergens: z.array(z.string()),
  /** null: the restaurant's notice (chefs.pre_order_notice_hours) */
  lead_time_hours: z.number().int().nullable(),
  tax_category: z.enum(['prepared_food', 'soda_beverage']),
  category_name: z.string(),
  position: z.number().int(),
  unavailable_until: z.string().nullable(),
  main_image_url: z.string(),
  updated_at: z.string(),
  options: z.array(partnerMenuOptionSchema),
});
export type PartnerDish = z.infer<typeof partnerDishSchema>;

export const partnerMenuCategorySchema = z.object({
  name: z.string(),
  position: z.number().int(),
  dishes: z.array(partnerDishSchema),
});
export type PartnerMenuCategory = z.infer<typeof partnerMenuCategorySchema>;

/** GET .../menu: the categories in order with their dishes in order, and what the editor offers. */
export const partnerMenuResponseSchema = z.object({
  categories: z.array(partnerMenuCategorySchema),
  /** the restaurant's own notice, the lead time of a dish without one */
  notice_hours: z.number().int(),
  dietary_tags: z.array(z.string()),
  allergens: z.array(z.string()),
});
export type PartnerMenu = z.infer<typeof partnerMenuResponseSchema>;

// ---------------------------------------------------------------- writing dishes and options

export const partnerDishBodySchema = z.object({
  name,
  description: z.string().trim().max(1000, partnerMenuMessages.description).default(''),
  price_cents: price,
  serves: wholeIn(1, 500, partnerMenuMessages.serves).default(1),
  min_order_amount: wholeIn(1, 1000, partnerMenuMessages.minimum).default(1),
  menu_type: z.enum(['single', 'other']).default('single'),
  dietary_types: dietary.default([]),
  allergens: z
    .array(z.enum(priorityAllergens, { error: `Choose allergens from: ${priorityAllergens.join(', ')}.` }))
    .max(priorityAllergens.length)
    .default([]),
  lead_time_hours: wholeIn(0, MAX_LEAD_TIME_HOURS, partnerMenuMessages.leadTime).nullable().default(null),
  tax_category: z.enum(['prepared_food', 'soda_beverage']).default('prepared_food'),
  category_name: categoryName,
});
export type PartnerDishBody = z.input<typeof partnerDishBodySchema>;

/** An update sends the dish's updated_at as read: another device's change since then answers 409. */
export const partnerDishUpdateBodySchema = partnerDishBodySchema.extend({
  updated_at: z.string({ error: partnerMenuMessages.version }).min(1, partnerMenuMessages.version).max(40),
});
export type PartnerDishUpdateBody = z.input<typeof partnerDishUpdateBodySchema>;

export const partnerDishParamsSchema = partnerRestaurantParamsSchema.extend({
  dishId: z.coerce.number().int().positive(),
});
export const partnerOptionParamsSchema = partnerDishParamsSchema.extend({
  optionId: z.coerce.number().int().positive(),
});

export const partnerOptionBodySchema = z.object({
  name,
  price_cents: price,
  dietary_types: dietary.default([]),
  max_quantity: wholeIn(1, 1000, partnerMenuMessages.maxQuantity).nullable().default(null),
});
export type PartnerOptionBody = z.input<typeof partnerOptionBodySchema>;

/** Where a dish goes: a category (its own or another) and its place there (0 first; past the end: last). */
export const partnerDishMoveBodySchema = z.object({
  category_name: categoryName,
  index: z.number().int().min(0).max(10_000),
});
export type PartnerDishMoveBody = z.infer<typeof partnerDishMoveBodySchema>;

/** A dish after a write (create, update, option changes, move). */
export const partnerDishResponseSchema = z.object({ dish: partnerDishSchema });

// ---------------------------------------------------------------- categories

export const partnerCategoryBodySchema = z.object({ name: categoryName });
export const partnerCategoryRenameBodySchema = z.object({ from: categoryName, to: categoryName });
export const partnerCategoryOrderBodySchema = z.object({
  names: z.array(categoryName).min(1, partnerMenuMessages.categoryOrder).max(200),
});
export const partnerCategoryQuerySchema = z.object({ name: categoryName });

// ---------------------------------------------------------------- presets

export const partnerPresetLineSchema = z.object({
  menu_id: z.number().int().positive(),
  quantity: wholeIn(0, 1000, partnerMenuMessages.quantity),
  /** { "<option id>": quantity } */
  menu_items_mapping: z
    .record(z.string().regex(/^\d{1,15}$/), wholeIn(0, 1000, partnerMenuMessages.quantity))
    .default({}),
});

export const partnerPresetBodySchema = z.object({
  name,
  description: z.string().trim().max(1000, partnerMenuMessages.description).default(''),
  number_of_guests: wholeIn(1, 1000, partnerMenuMessages.guests),
  is_active: z.boolean().default(true),
  lines: z.array(partnerPresetLineSchema).min(1, partnerMenuMessages.presetLines).max(50),
});
export type PartnerPresetBody = z.input<typeof partnerPresetBodySchema>;

export const partnerPresetParamsSchema = partnerRestaurantParamsSchema.extend({
  presetId: z.coerce.number().int().positive(),
});

export const partnerPresetSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  number_of_guests: z.number().int(),
  is_active: z.boolean(),
  price_per_person_cents: z.number().int(),
  minimum_order_amount_cents: z.number().int(),
  dietary_types: z.array(z.string()),
  /** with other restaurants: only operations change it */
  shared: z.boolean(),
  lines: z.array(
    z.object({
      menu_id: z.number().int(),
      menu_name: z.string(),
      quantity: z.number().int(),
      menu_items_mapping: z.record(z.string(), z.number().int()),
      serving_details: z.string(),
    }),
  ),
});
export type PartnerPreset = z.infer<typeof partnerPresetSchema>;

export const partnerPresetsResponseSchema = z.object({ presets: z.array(partnerPresetSchema) });
export const partnerPresetResponseSchema = z.object({ preset: partnerPresetSchema });
