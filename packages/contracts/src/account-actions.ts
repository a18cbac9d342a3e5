import { z } from 'zod';
import { emailSchema } from './common.js';
import { checkoutLineSchema, orderTotalsSchema } from './orders.js';

// Account actions on a preset (ordering-payments §2 'Restaurant / preset detail', §4, §7):
// favourites, saved carts (save_for_later presets), group orders and the menu-suggestion bot.

const presetId = z.number().int().positive();

/** POST api/v2/favorites and DELETE api/v2/favorites/remove */
export const favoriteBodySchema = z.object({ preset_id: presetId });
export const favoriteResponseSchema = z.object({ favorite: z.boolean() });
export type FavoriteBody = z.input<typeof favoriteBodySchema>;
export type FavoriteResponse = z.infer<typeof favoriteResponseSchema>;

/** POST api/v2/presets: save the cart as a save_for_later preset (Save Cart). */
export const savePresetBodySchema = z.object({
  preset: z.object({
    preset_type: z.literal('save_for_later'),
    base_preset_id: presetId,
    name: z.string().trim().min(1, 'Please fill in the required field.').max(200),
    description: z.string().trim().max(2000).default(''),
    preset_items: z.array(checkoutLineSchema).min(1, 'No Items: At least one item is required in your order.').max(300),
  }),
});
export type SavePresetBody = z.input<typeof savePresetBodySchema>;
export const savedPresetResponseSchema = z.object({
  preset: z.object({ id: z.number().int(), slug: z.string(), shared_url: z.string(), saved_at: z.string() }),
});
export type SavedPresetResponse = z.infer<typeof savedPresetResponseSchema>;

/** The delivery info kept by the browser (ordering-payments §3), handed to the group-order site. */
export const deliveryParamsSchema = z.object({
  address: z.string().trim().max(300).optional(),
  lat: z.number().min(-90).max(90).optional(),
  lng: z.number().min(-180).max(180).optional(),
  delivery_date: z.string().max(10).optional(),
  delivery_time: z.string().max(10).optional(),
});

/** POST api/v2/group_orders */
export const createGroupOrderBodySchema = z.object({
  preset_id: presetId,
  delivery_params: deliveryParamsSchema.default({}),
});
export type CreateGroupOrderBody = z.input<typeof createGroupOrderBodySchema>;
export const groupOrderResponseSchema = z.object({ uuid: z.string() });
export type CreatedGroupOrder = z.infer<typeof groupOrderResponseSchema>;

/** POST api/v2/catering_suggestions/{presetId} */
export const suggestionBodySchema = z.object({
  email: emailSchema,
  request_message: z.string().trim().min(1, 'Please fill in the required field.').max(2000),
});
export type SuggestionBody = z.input<typeof suggestionBodySchema>;

export const suggestionLineSchema = z.object({
  menu_id: z.number().int(),
  chef_id: z.number().int(),
  chef_name: z.string(),
  name: z.string(),
  category_name: z.string(),
  quantity: z.number().int(),
  unit_price_cents: z.number().int(),
  line_subtotal_cents: z.number().int(),
  dietary_types: z.array(z.string()),
  /** the included components at the line quantity, ready for the cart */
  menu_items_mapping: z.record(z.string(), z.number().int()),
});

export const suggestionSchema = z
  .object({
    id: z.number().int(),
    preset_id: z.number().int(),
    head_count: z.number().int(),
    dietary_needs: z.array(z.string()),
    lines: z.array(suggestionLineSchema),
    totals: orderTotalsSchema,
    price_per_person_cents: z.number().int(),
    /** plain sentences: what was understood and any need no dish could meet */
    notes: z.array(z.string()),
  })
  .meta({ id: 'MenuSuggestion' });
export type MenuSuggestion = z.infer<typeof suggestionSchema>;
export const suggestionResponseSchema = z.object({ message: z.string(), suggestion: suggestionSchema });
export type SuggestionResponse = z.infer<typeof suggestionResponseSchema>;
