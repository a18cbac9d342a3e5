import type { z } from 'zod';
import type { presetDetailSchema, restaurantCardSchema } from '@caterway/contracts';

// Wire (snake_case) bodies for component tests' MSW handlers, typed as the contract's input so the
// compiler and the handlers' schema check (contractJson) both hold them to packages/contracts.

type Wire<S extends z.ZodType> = z.input<S>;

const open = { enabled: true, open: '06:00', close: '22:00' };
export const everyDay = {
  monday: open,
  tuesday: open,
  wednesday: open,
  thursday: open,
  friday: open,
  saturday: open,
  sunday: open,
};

export function restaurantCard(
  over: Partial<Wire<typeof restaurantCardSchema>> = {},
): Wire<typeof restaurantCardSchema> {
  return {
    id: 1,
    slug: 'maple-kitchen',
    name: 'Maple Kitchen',
    description: 'Seasonal lunches',
    chef_ids: [1],
    distance: 2.4,
    distance_unit: 'km',
    short_address: 'King St W, Toronto',
    latitude: 43.65,
    longitude: -79.38,
    profile_image_url: '',
    main_image_url: '',
    search_result_image_url: '',
    chef_images: {},
    available_for_ordering: true,
    unavailable_reason: null,
    preset_tags: [],
    store_hours: everyDay,
    cuisine_types: ['Canadian'],
    average_rating: 4.5,
    order_count: 12,
    pre_order_notice_hour: 24,
    favorite: false,
    ...over,
  };
}

type WireMenu = Wire<typeof presetDetailSchema>['chefs'][number]['menus'][number];

export const wireMenu = (
  id: number,
  priceCents: number,
  minOrderAmount = 1,
  over: Partial<WireMenu> = {},
): WireMenu => ({
  id,
  chef_id: 1,
  name: `Dish ${id}`,
  description: '',
  category_name: 'Mains',
  menu_type: 'single',
  tax_category: 'prepared_food',
  price_cents: priceCents,
  min_order_amount: minOrderAmount,
  main_image_url: '',
  dietary_types: '',
  is_deleted: false,
  menu_items: [],
  ...over,
});

/**
 * A restaurant in Toronto (HST 13%) open every day 06:00 to 22:00 with two dishes: Dish 11 at
 * $15.00 (at least 5), Dish 12 at $8.00; a default cart of 6 × Dish 11 and 2 × Dish 12 ($106.00);
 * a $100.00 chef minimum.
 */
export function presetDetail(over: Partial<Wire<typeof presetDetailSchema>> = {}): Wire<typeof presetDetailSchema> {
  const menus = [wireMenu(11, 1500, 5), wireMenu(12, 800)];
  const item = (id: number, menu: WireMenu, quantity: number) => ({
    id,
    name: menu.name,
    preset_menu_category_name: 'Mains',
    chef_id: 1,
    menu_id: menu.id,
    quantity,
    special_instruction: '',
    menu_items_mapping: {},
    menu_items: [],
    price_cents: menu.price_cents,
    main_image_url: '',
    dietary_types: '',
    menu_type: menu.menu_type,
    min_order_amount: menu.min_order_amount,
    serving_details: '',
    images: [],
    average_rating: 4.5,
  });
  return {
    id: 7,
    slug: 'maple-kitchen',
    name: 'Maple Kitchen',
    description: 'Seasonal lunches',
    preset_type: 'restaurant',
    base_preset_id: null,
    order_count: 12,
    average_rating: 4.5,
    number_of_guests: 8,
    price_per_person_cents: 1325,
    total_price_cents: 10_600,
    serving_styles: ['Family Style'],
    chef_ids: [1],
    chef_names: ['Maple Kitchen'],
    chef_images: {},
    search_result_image_url: '',
    banner_image_url: '',
    category_names: ['Mains'],
    cuisine_types: ['Canadian'],
    dietary_types: [],
    preset_tags: [],
    favorite: false,
    distance: 2.4,
    available_for_ordering: true,
    chefs: [
      {
        id: 1,
        slug: 'maple-kitchen',
        business_name: 'Maple Kitchen',
        first_name: 'Ana',
        last_name: 'Roy',
        description: '',
        profile_image_url: '',
        main_image_url: '',
        menus,
        menu_category_names: ['Mains'],
        pre_order_min_order_amount_cents: 10_000,
        pre_order_notice_hour: 24,
        addon_maximum_items_qty: 10,
        eft_enabled: false,
        address1: '1 King St W',
        address2: '',
        city: 'Toronto',
        state: 'ON',
        zip: 'M5H 1A1',
        country: 'CA',
        latitude: 43.65,
        longitude: -79.38,
        time_zone: 'America/Toronto',
        store_hours: everyDay,
        cuisine_types: ['Canadian'],
      },
    ],
    preset_items: [item(501, menus[0]!, 6), item(502, menus[1]!, 2)],
    price_cents: 10_600,
    delivery_price_cents: 0,
    pre_order_notice_hour: 24,
    minimum_order_amount_cents: 0,
    shared_url: '',
    tax_rate: 13,
    tax_name: 'HST',
    tax_lines: [{ name: 'HST', rate_percent: 13, jurisdiction: 'ON', only_on: null }],
    delivery_fee_data: { ranges: [{ min_km: 0, max_km: 10, fee_cents: 1250 }] },
    store_hours: everyDay,
    preset_location: { time_zone: 'America/Toronto', city_time_zone_name: 'Eastern' },
    address1: '1 King St W',
    owned_by_viewer: false,
    ...over,
  };
}
