import { z } from 'zod';
import { calendarDateSchema } from './common.js';
import { earliestAvailableSchema } from './delivery-refusal.js';

// Catalogue read models on the wire (snake_case). Field lists follow
// browse-account-orders §3 and ordering-payments §3.

export const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof weekdays)[number];

export const dayHoursSchema = z.object({
  enabled: z.boolean(),
  /** 24-hour HH:MM in the restaurant's time zone */
  open: z.string(),
  close: z.string(),
  /** the day's delivery windows (decision 055); absent: the one window open-close */
  windows: z.array(z.object({ open: z.string(), close: z.string() })).optional(),
});
/**
 * Per lowercase weekday; an empty object means "Store hours not available". partialRecord:
 * zod 4's z.record with enum keys demands every key, which would refuse that empty object.
 */
export const storeHoursSchema = z.partialRecord(z.enum(weekdays), dayHoursSchema).meta({ id: 'StoreHours' });
export type StoreHours = z.infer<typeof storeHoursSchema>;

export const presetTagSchema = z
  .object({ id: z.number().int(), name: z.string(), color: z.string() })
  .meta({ id: 'PresetTag' });
export type PresetTag = z.infer<typeof presetTagSchema>;

export const chefImageSchema = z.object({ profile_image_url: z.string(), main_image_url: z.string() });

/** A restaurant as listed on browse, home and search (browse-account-orders §3 Restaurant card). */
export const restaurantCardSchema = z
  .object({
    id: z.number().int(), // the restaurant preset's id
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    chef_ids: z.array(z.number().int()),
    distance: z.number().nullable(),
    distance_unit: z.enum(['km', 'mi']),
    short_address: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    profile_image_url: z.string(),
    main_image_url: z.string(),
    search_result_image_url: z.string(),
    chef_images: z.record(z.string(), chefImageSchema),
    available_for_ordering: z.boolean(),
    /** why not, when available_for_ordering is false (paused: not taking new orders now; full: no capacity left) */
    unavailable_reason: z.enum(['closed', 'outside_hours', 'notice', 'distance', 'paused', 'full']).nullable(),
    /**
     * when it cannot take the order at the chosen time for a reason a later time fixes (closed,
     * outside hours, notice, paused, full): the next time it can, as the delivery bar spells it;
     * null when available, out of the delivery area, or nothing within 14 days
     */
    next_available: z.object({ delivery_date: z.string(), delivery_time: z.string(), text: z.string() }).nullable(),
    preset_tags: z.array(presetTagSchema),
    store_hours: storeHoursSchema,
    cuisine_types: z.array(z.string()),
    average_rating: z.number(),
    order_count: z.number().int(),
    pre_order_notice_hour: z.number().int(),
    favorite: z.boolean(),
    /** the delivery fee to the chosen address (cents); null without an address or outside every fee range */
    delivery_fee_cents: z.number().int().nullable(),
    /** the order minimum (cents) */
    minimum_order_cents: z.number().int(),
    /** how many reviews average_rating is the mean of */
    rating_count: z.number().int(),
    /** 1 ($) to 4 ($$$$), from the price per person (domain priceLevel) */
    price_level: z.number().int().min(1).max(4),
    /** the menu's price per person (cents) */
    price_per_person_cents: z.number().int(),
    /**
     * the all-in price per person (issue 20; decision 071): the card's food for all_in_heads
     * people + the delivery fee to the chosen address + a piece of cutlery a head + the place of
     * supply's taxes, at least the minimum, divided by the heads and rounded up (cents); null
     * without an address, outside the delivery fee ranges, or where no tax rate is known
     */
    all_in_per_person_cents: z.number().int().nullable(),
    /** the people the all-in price is for: the headcount asked, else the preset's number_of_guests */
    all_in_heads: z.number().int(),
  })
  .meta({ id: 'RestaurantCard' });
export type RestaurantCard = z.infer<typeof restaurantCardSchema>;

/** A preset as listed (browse-account-orders §3 Preset). */
export const presetCardSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    preset_type: z.enum(['restaurant', 'catering', 'save_for_later']),
    base_preset_id: z.number().int().nullable(),
    /** the kind of the base preset of a saved cart; only search_type=user_data sends it */
    base_preset_type: z.enum(['restaurant', 'catering', 'save_for_later']).nullable().optional(),
    order_count: z.number().int(),
    average_rating: z.number(),
    number_of_guests: z.number().int(),
    price_per_person_cents: z.number().int(),
    total_price_cents: z.number().int(),
    serving_styles: z.array(z.string()),
    chef_ids: z.array(z.number().int()),
    chef_names: z.array(z.string()),
    chef_images: z.record(z.string(), chefImageSchema),
    search_result_image_url: z.string(),
    banner_image_url: z.string(),
    category_names: z.array(z.string()),
    cuisine_types: z.array(z.string()),
    dietary_types: z.array(z.string()),
    preset_tags: z.array(presetTagSchema),
    favorite: z.boolean(),
    distance: z.number().nullable(),
    available_for_ordering: z.boolean().nullable(),
    /**
     * the all-in price per person (issue 20; decision 071): the card's food for all_in_heads
     * people + the delivery fee to the chosen address + a piece of cutlery a head + the place of
     * supply's taxes, at least the minimum, divided by the heads and rounded up (cents); null
     * without an address, outside the delivery fee ranges, or where no tax rate is known
     */
    all_in_per_person_cents: z.number().int().nullable(),
    /** the people the all-in price is for: the headcount asked, else the preset's number_of_guests */
    all_in_heads: z.number().int(),
  })
  .meta({ id: 'PresetCard' });
export type PresetCard = z.infer<typeof presetCardSchema>;

export const menuItemSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    price_cents: z.number().int(),
    main_image_url: z.string(),
    /** comma list, as the spec's clients read it */
    dietary_types: z.string(),
  })
  .meta({ id: 'MenuItem' });

export const menuSchema = z
  .object({
    id: z.number().int(),
    chef_id: z.number().int(),
    name: z.string(),
    description: z.string(),
    category_name: z.string(),
    menu_type: z.enum(['single', 'other']),
    /** for sales tax: prepared food, or a soda beverage, which BC PST reaches (issue 17) */
    tax_category: z.enum(['prepared_food', 'soda_beverage']),
    price_cents: z.number().int(),
    min_order_amount: z.number().int(),
    main_image_url: z.string(),
    dietary_types: z.string(),
    is_deleted: z.boolean(),
    /** the dish's own lead time in hours; null: its restaurant's notice (decision 052) */
    lead_time_hours: z.number().int().nullable(),
    /** how many people one unit feeds (the partner menu editor's Serves; issue 20 headcount) */
    serves: z.number().int(),
    menu_items: z.array(menuItemSchema),
  })
  .meta({ id: 'Menu' });
export type Menu = z.infer<typeof menuSchema>;

export const chefSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    business_name: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    description: z.string(),
    profile_image_url: z.string(),
    main_image_url: z.string(),
    menus: z.array(menuSchema),
    menu_category_names: z.array(z.string()),
    pre_order_min_order_amount_cents: z.number().int(),
    pre_order_notice_hour: z.number().int(),
    addon_maximum_items_qty: z.number().int(),
    eft_enabled: z.boolean(),
    address1: z.string(),
    address2: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    country: z.enum(['CA', 'US']),
    latitude: z.number(),
    longitude: z.number(),
    time_zone: z.string(),
    store_hours: storeHoursSchema,
    cuisine_types: z.array(z.string()),
  })
  .meta({ id: 'Chef' });
export type Chef = z.infer<typeof chefSchema>;

export const presetItemSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    preset_menu_category_name: z.string(),
    chef_id: z.number().int(),
    menu_id: z.number().int(),
    quantity: z.number().int(),
    special_instruction: z.string(),
    /** menu item id -> quantity */
    menu_items_mapping: z.record(z.string(), z.number().int()),
    menu_items: z.array(menuItemSchema),
    price_cents: z.number().int(),
    /** a saved cart's line: the dish's price when the cart was saved (decision 060); null otherwise */
    saved_unit_price_cents: z.number().int().nullable(),
    main_image_url: z.string(),
    dietary_types: z.string(),
    menu_type: z.enum(['single', 'other']),
    min_order_amount: z.number().int(),
    /** how many people one unit of the dish feeds (menus.serves; issue 20 headcount) */
    serves: z.number().int(),
    /** how the line is served and whom it feeds, e.g. '3 trays, each serving about 10 guests.' */
    serving_details: z.string(),
    /** the dish's images */
    images: z.array(z.string()),
    /** the preset's rating, 0 to 5 */
    average_rating: z.number(),
  })
  .meta({ id: 'PresetItem' });
export type PresetItem = z.infer<typeof presetItemSchema>;

export const deliveryFeeRangeSchema = z.object({
  min_km: z.number(),
  max_km: z.number(),
  fee_cents: z.number().int(),
});

/** GET api/v2/presets/{id or slug} (ordering-payments §3 Preset). */
export const presetDetailSchema = presetCardSchema
  .extend({
    chefs: z.array(chefSchema),
    preset_items: z.array(presetItemSchema),
    price_cents: z.number().int(),
    delivery_price_cents: z.number().int(),
    pre_order_notice_hour: z.number().int(),
    minimum_order_amount_cents: z.number().int(),
    shared_url: z.string(),
    /** the combined rate and name of the place of supply's taxes ("GST+QST", 14.975; issue 17) */
    tax_rate: z.number(),
    tax_name: z.string(),
    /** each tax the cart is charged, rounded on its own line; the storefront totals with these */
    tax_lines: z.array(
      z.object({
        name: z.string(),
        rate_percent: z.number(),
        jurisdiction: z.string().nullable(),
        /** a tax on one category of dishes only (BC PST on soda beverages); null: on the whole order */
        only_on: z.enum(['prepared_food', 'soda_beverage']).nullable(),
      }),
    ),
    delivery_fee_data: z.object({ ranges: z.array(deliveryFeeRangeSchema) }),
    store_hours: storeHoursSchema,
    preset_location: z.object({ time_zone: z.string(), city_time_zone_name: z.string() }),
    address1: z.string(),
    /**
     * A saved cart (save_for_later) read by its owner; false for anyone else holding its share
     * link (they see it read-only) and for catalogue presets.
     */
    owned_by_viewer: z.boolean(),
    /**
     * The dishes (menu ids) and options (menu item ids) of its restaurants sold out at the moment
     * of the request (decision 053): the page shows them as Sold out and cannot add them; checkout
     * refuses them.
     */
    sold_out: z.object({ menu_ids: z.array(z.number().int()), menu_item_ids: z.array(z.number().int()) }),
  })
  .meta({ id: 'PresetDetail' });
export type PresetDetail = z.infer<typeof presetDetailSchema>;

export const presetDetailResponseSchema = z.object({ preset: presetDetailSchema });
export type PresetDetailResponse = z.infer<typeof presetDetailResponseSchema>;

/** Delivery context shared by browse and detail queries: where and when. */
export const deliveryContextQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
  address: z.string().trim().max(300).optional(),
  /** yyyy-MM-dd */
  delivery_date: calendarDateSchema('Please select valid date.').optional(),
  /** hh:mm AM/PM or HH:mm */
  delivery_time: z.string().trim().max(10).optional(),
  /** how many people (issue 20): the cards' all-in price is for this many; 1 to 2,000 */
  headcount: z.coerce.number().int().min(1).max(2000).optional(),
});
export type DeliveryContextQuery = z.input<typeof deliveryContextQuerySchema>;

/** GET api/v2/presets/{id or slug}: the delivery context, and a saved cart's share token (its shared_url's). */
export const presetDetailQuerySchema = deliveryContextQuerySchema.extend({
  share_token: z.string().trim().max(200).optional(),
});
export type PresetDetailQuery = z.input<typeof presetDetailQuerySchema>;

/** GET api/v2/presets/{id or slug}/availability: can the preset be ordered for this delivery (decision 055) */
export const presetAvailabilityQuerySchema = z.object({
  delivery_date: calendarDateSchema('Please select valid date.'),
  /** hh:mm AM/PM or HH:mm */
  delivery_time: z.string().trim().min(1, 'Please select valid time.').max(10),
});
export type PresetAvailabilityQuery = z.input<typeof presetAvailabilityQuerySchema>;
export const presetAvailabilityResponseSchema = z
  .object({
    available: z.boolean(),
    /** closed, outside_hours, notice, paused (not taking new orders), full (no capacity left) */
    reason: z.enum(['closed', 'outside_hours', 'notice', 'paused', 'full']).nullable(),
    /** what the checkout would say, with the next available time when there is one */
    message: z.string().nullable(),
    /** the next delivery time the restaurant takes an order for (within 14 days), when unavailable */
    next_available: z.object({ delivery_date: z.string(), delivery_time: z.string(), text: z.string() }).nullable(),
    /** why in plain words ('Masala House needs 24 hours' notice', 'Full at 12:00 PM'; decision 072) */
    why: z.string().nullable(),
    /** next_available as the one-click button sets it, null when no time helps (a pause) */
    earliest_available: earliestAvailableSchema.nullable(),
  })
  .meta({ id: 'PresetAvailability' });
export type PresetAvailability = z.infer<typeof presetAvailabilityResponseSchema>;

/**
 * GET api/v2/presets/{id or slug}/calendar: what the store-hours modal adds to the weekly hours
 * (issue 19 part 2; decision 068): the closures and one-off hours of the coming 60 days and the
 * pause on new orders, of the preset's first restaurant. The team's reasons stay private.
 */
export const presetCalendarResponseSchema = z
  .object({
    time_zone: z.string(),
    /** today in the restaurant's zone, 'yyyy-MM-dd' */
    today: z.string(),
    closures: z.array(
      z.object({
        starts_on: z.string(),
        ends_on: z.string(),
        /** null: closed all day; else open only in these windows (HH:mm) */
        windows: z.array(z.object({ open: z.string(), close: z.string() })).nullable(),
        /** the statutory holiday it was added from, e.g. 'Christmas Day' */
        holiday: z.string().nullable(),
      }),
    ),
    /** ISO instant until which no new order is taken; null when taking orders */
    paused_until: z.string().nullable(),
  })
  .meta({ id: 'PresetCalendar' });
export type PresetCalendar = z.infer<typeof presetCalendarResponseSchema>;

/**
 * GET api/v2/presets/{id or slug}/reliability: the preset's first restaurant's record over the
 * last 90 days as its page shows it (issue 20 part 3), or null when too few orders make it up.
 */
export const presetReliabilityResponseSchema = z
  .object({
    reliability: z
      .object({
        /** 'Usually confirms in 12 min · 98% on time, last 90 days' */
        text: z.string(),
        days: z.number().int(),
        median_minutes_to_accept: z.number().nullable(),
        on_time_rate: z.number().nullable(),
        delivered: z.number().int(),
      })
      .nullable(),
  })
  .meta({ id: 'PresetReliability' });
export type PresetReliabilityResponse = z.infer<typeof presetReliabilityResponseSchema>;

/** GET api/v2/presets: the home page lists. */
export const presetsHomeResponseSchema = z
  .object({
    presets: z.object({
      trending_restaurants: z.array(restaurantCardSchema),
      /** [group name, presets] pairs, e.g. ["Healthy Lunch", [...]] */
      all_presets: z.array(z.tuple([z.string(), z.array(presetCardSchema)])),
    }),
  })
  .meta({ id: 'PresetsHome' });
export type PresetsHomeResponse = z.infer<typeof presetsHomeResponseSchema>;
