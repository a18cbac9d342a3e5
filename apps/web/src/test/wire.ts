import type { z } from 'zod';
import type {
  cateringOrderDetailSchema,
  orderPayloadSchema,
  orderTotalsSchema,
  presetCardSchema,
  presetDetailSchema,
  profileSchema,
  restaurantCardSchema,
  siteConfigResponseSchema,
} from '@caterway/contracts';
import { computeTotals } from '@caterway/domain';

// Wire (snake_case) bodies for component tests' MSW handlers, typed as the contract's input so the
// compiler and the handlers' schema check (contractJson) both hold them to packages/contracts.

type Wire<S extends z.ZodType> = z.input<S>;

/** GET api/v2/site_config: real payments, a support line (decision 066), no map tiles (the schematic, decision 067). */
export function siteConfig(
  over: Partial<Wire<typeof siteConfigResponseSchema>> = {},
): Wire<typeof siteConfigResponseSchema> {
  return {
    group_orders_url: 'https://groups.caterway.example',
    test_mode: false,
    support_email: 'help@caterway.example',
    support_phone: '+1 (416) 555-0142',
    map_tile_url: '',
    map_tile_attribution: '© OpenStreetMap contributors',
    ...over,
  };
}

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
    next_available: null,
    preset_tags: [],
    store_hours: everyDay,
    cuisine_types: ['Canadian'],
    average_rating: 4.5,
    order_count: 12,
    pre_order_notice_hour: 24,
    favorite: false,
    delivery_fee_cents: 1500,
    minimum_order_cents: 20000,
    rating_count: 4,
    price_level: 2,
    price_per_person_cents: 2800,
    all_in_per_person_cents: null,
    all_in_heads: 10,
    ...over,
  };
}

export function presetCard(over: Partial<Wire<typeof presetCardSchema>> = {}): Wire<typeof presetCardSchema> {
  return {
    id: 7,
    slug: 'maple-lunch',
    name: 'Maple Lunch',
    description: 'A lunch for the team',
    preset_type: 'catering',
    base_preset_id: null,
    order_count: 3,
    average_rating: 4,
    number_of_guests: 10,
    price_per_person_cents: 1500,
    total_price_cents: 15000,
    serving_styles: ['Family Style'],
    chef_ids: [1],
    chef_names: ['Maple Kitchen'],
    chef_images: {},
    search_result_image_url: '',
    banner_image_url: '',
    category_names: ['Lunch'],
    cuisine_types: ['Canadian'],
    dietary_types: [],
    preset_tags: [],
    favorite: false,
    distance: 2.4,
    available_for_ordering: true,
    all_in_per_person_cents: null,
    all_in_heads: 10,
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
  lead_time_hours: null,
  serves: 1,
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
    saved_unit_price_cents: null,
    main_image_url: '',
    dietary_types: '',
    menu_type: menu.menu_type,
    min_order_amount: menu.min_order_amount,
    serves: menu.serves,
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
    all_in_per_person_cents: null,
    all_in_heads: 8,
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
    sold_out: { menu_ids: [], menu_item_ids: [] },
    ...over,
  };
}

/** Dana Park of Maple Analytics, as GET api/v2/current answers. */
export function profile(over: Partial<Wire<typeof profileSchema>> = {}): Wire<typeof profileSchema> {
  return {
    id: 5,
    first_name: 'Dana',
    last_name: 'Park',
    email: 'dana@example.com',
    confirmed: true,
    role: 'customer',
    admin_token: null,
    phone: '416-555-0142',
    company_name: 'Maple Analytics',
    address1: '1 Yonge St',
    address2: 'Suite 1800',
    city: 'Toronto',
    province: 'ON',
    zip: 'M5E 1E5',
    country: 'CA',
    latitude: 43.64,
    longitude: -79.37,
    about_me: '',
    default_delivery_instructions: 'Reception on 18',
    favorite_cousine_types: [],
    dietary_types: [],
    go_name: '',
    go_head_count: 0,
    go_budget_cents: 0,
    go_gap_days: 0,
    go_cutoff_time: 0,
    go_delivery_time: 0,
    ...over,
  };
}

export const activeSession = () => ({
  active: true as const,
  expires_at: '2099-01-01T00:00:00Z',
  idle_expires_at: '2099-01-01T00:00:00Z',
});

/**
 * The API's totals for an order payload on presetDetail()'s menus (it reprices from the menu, as
 * the server does): computeTotals with the preset's tax lines, the fee, the cutlery and the tip.
 */
export function priceOrder(
  payload: z.output<typeof orderPayloadSchema>,
  deliveryFeeCents: number,
  preset = presetDetail(),
): Wire<typeof orderTotalsSchema> {
  const menus = new Map(preset.chefs.flatMap((c) => c.menus).map((m) => [m.id, m]));
  const tip =
    payload.tip_percent != null
      ? { percent: payload.tip_percent }
      : payload.tip_cents != null
        ? { cents: payload.tip_cents }
        : null;
  const t = computeTotals({
    lines: payload.preset_items.map((l) => ({
      unitPriceCents: menus.get(l.menu_id)!.price_cents,
      quantity: l.quantity,
      menuItems: [],
    })),
    receivingMethod: payload.receiving_method,
    deliveryFeeCents,
    cutleryCount: payload.num_cutlery,
    taxes: preset.tax_lines.map((l) => ({ name: l.name, ratePercent: l.rate_percent, jurisdiction: l.jurisdiction })),
    tip,
  });
  return {
    subtotal_cents: t.subtotalCents,
    delivery_fee_cents: t.deliveryFeeCents,
    cutlery_cents: t.cutleryCents,
    tax_cents: t.taxCents,
    total_cents: t.totalCents,
    tax_name: preset.tax_name,
    tax_rate: preset.tax_rate,
    tax_lines: t.taxLines.map((l) => ({
      name: l.name,
      rate_percent: l.ratePercent,
      cents: l.cents,
      jurisdiction: l.jurisdiction ?? null,
    })),
    tip_cents: t.tipCents,
  };
}

type WireOrderDetail = Wire<typeof cateringOrderDetailSchema>;

/**
 * Order CW-1041 of presetDetail() as GET api/v2/catering_orders/41 answers: 6 × Dish 11 and
 * 2 × Dish 12 delivered to 1 Yonge St on `date` at 11:30 AM, a $7.25 tip, PO-4471, editable.
 */
export function placedOrder(date: string, over: Partial<WireOrderDetail> = {}): WireOrderDetail {
  const items = [
    { id: 501, menu_id: 11, name: 'Dish 11', quantity: 6, price_cents: 1500 },
    { id: 502, menu_id: 12, name: 'Dish 12', quantity: 2, price_cents: 800 },
  ];
  const totals = {
    subtotal_cents: 10_600,
    delivery_fee_cents: 1250,
    cutlery_cents: 0,
    tax_cents: 1541,
    total_cents: 14_116,
    tax_name: 'HST',
    tax_rate: 13,
    tax_lines: [{ name: 'HST', rate_percent: 13, cents: 1541, jurisdiction: 'ON' }],
    tip_cents: 725,
  };
  return {
    id: 41,
    order_number: 'CW-1041',
    purchase_id: 'pur_41',
    status: 'New',
    preset_id: 7,
    preset_name: 'Maple Kitchen',
    chef_id: 1,
    order_type: 'delivery',
    order_date_time: `${date}T15:30:00Z`,
    delivery_date: date,
    delivery_time: '11:30 AM',
    time_zone: 'America/Toronto',
    display_delivery_date_time: `${date} at 11:30 AM`,
    order_processing_at: `${date}T12:00:00Z`,
    delivery_address: '1 Yonge St, Toronto, ON',
    delivery_suite_address: 'Suite 1800',
    more_detail: '',
    extra_info: { serving_style: 'Family Style', num_cutlery: 0 },
    first_name: 'Dana',
    last_name: 'Park',
    company_name: 'Maple Analytics',
    phone_number: '416-555-0142',
    email: 'dana@example.com',
    preset_items: items.map((i) => ({
      ...i,
      chef_id: 1,
      menu_items_mapping: {},
      special_instruction: '',
      serving_details: [],
      line_subtotal_cents: i.quantity * i.price_cents,
    })),
    purchase_items: items.map((i) => ({
      id: String(i.id),
      parent_id: null,
      model_id: i.menu_id,
      model_type: 'Menu' as const,
      amount: i.quantity,
      item_price: i.price_cents,
      menu_name: i.name,
      name: i.name,
      detail: '',
      serving_details: [],
      sub_total: i.quantity * i.price_cents,
    })),
    totals,
    tip_percent: null,
    total_price: totals.total_cents,
    is_eft: false,
    purchased_with: 'card',
    selected_stripe_payment_method: 'pm_visa',
    payment_status: 'scheduled',
    payment_error: null,
    saved_cards: [],
    editable: true,
    edit_rule: { allowed: true, message: null },
    addon_maximum_items_qty: 10,
    parent_order_id: null,
    add_on: null,
    edit_message: null,
    status_label: 'New',
    display_status: null,
    items_total: 10_600,
    delivery_fee: 1250,
    sales_tax: 1541,
    display_delivery_address: '1 Yonge St, Toronto, ON',
    is_addon_orders_enabled: true,
    delivery_in_past: false,
    invoice_available: false,
    preset_slug: 'maple-kitchen',
    restaurant_name: 'Maple Kitchen',
    po_number: 'PO-4471',
    cost_centre: '',
    onsite_contact_name: '',
    onsite_contact_phone: '',
    restaurant_messages: [],
    ...over,
  };
}
