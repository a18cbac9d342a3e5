import type { PresetCard, RestaurantCard } from '@caterway/contracts';
import {
  KM_PER_MILE,
  allInPerPerson,
  availableForOrdering,
  foodLine,
  scaleLinesToHeadcount,
  scaledFoodCents,
  taxesFor,
  deliveryFeeForDistance,
  haversineKm,
  priceLevel,
  type StoreHoursMap,
  type UnavailableReason,
} from '@caterway/domain';
import { deliveryAt, type DeliveryContext } from './delivery-context.js';
import type { CardChefRow, CardRow } from './presets.repository.js';

// Database rows -> wire cards (whitelists: only the contract's fields leave).

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Distance from the delivery point to the first chef, in the chef's country's unit (mi in the US). */
function distanceOf(
  chef: CardChefRow | undefined,
  ctx: DeliveryContext,
): { distance: number | null; unit: 'km' | 'mi'; km: number | null } {
  const unit = chef?.country === 'US' ? 'mi' : 'km';
  if (!chef || !ctx.point) return { distance: null, unit, km: null };
  const km = haversineKm(ctx.point.latitude, ctx.point.longitude, chef.latitude, chef.longitude);
  return { distance: round1(unit === 'mi' ? km / KM_PER_MILE : km), unit, km };
}

/**
 * Every chef of the preset must deliver to the address, be open at the delivery time and get
 * the notice the preset needs (the largest of its chefs'); the first failure is the reason.
 */
export function availabilityOf(
  row: CardRow,
  ctx: DeliveryContext,
): { available: boolean; reason: UnavailableReason | null } {
  const notice = noticeHours(row);
  for (const chef of row.chefs) {
    const km = ctx.point ? haversineKm(ctx.point.latitude, ctx.point.longitude, chef.latitude, chef.longitude) : null;
    const result = availableForOrdering({
      storeHours: chef.store_hours,
      calendar: chef.calendar,
      timeZone: chef.time_zone,
      noticeHours: notice,
      radiusKm: Number(chef.delivery_radius_km),
      distanceKm: km,
      deliveryInstant: deliveryAt(ctx, chef.time_zone),
      now: ctx.now,
    });
    if (!result.available) return result;
  }
  return { available: true, reason: null };
}

export function noticeHours(row: { chefs: { pre_order_notice_hours: number }[] }): number {
  return row.chefs.reduce((max, c) => Math.max(max, c.pre_order_notice_hours), 0);
}

/** The chef's hours as the contract lists them (each day's fields in its order), whatever order the jsonb kept. */
function storeHours(hours: StoreHoursMap | undefined): StoreHoursMap {
  const out: StoreHoursMap = {};
  for (const [day, h] of Object.entries(hours ?? {}) as [
    keyof StoreHoursMap,
    NonNullable<StoreHoursMap[keyof StoreHoursMap]>,
  ][]) {
    out[day] = h.windows
      ? {
          enabled: h.enabled,
          open: h.open,
          close: h.close,
          windows: h.windows.map((w) => ({ open: w.open, close: w.close })),
        }
      : { enabled: h.enabled, open: h.open, close: h.close };
  }
  return out;
}

function chefImages(row: CardRow): Record<string, { profile_image_url: string; main_image_url: string }> {
  return Object.fromEntries(
    row.chefs.map((c) => [String(c.id), { profile_image_url: c.profile_image_url, main_image_url: c.main_image_url }]),
  );
}

/** The delivery fee from the restaurant to the chosen address (the checkout's ranges), null without an address or outside them. */
function deliveryFeeOf(chef: CardChefRow | undefined, km: number | null): number | null {
  if (!chef || km === null) return null;
  const ranges = chef.delivery_fee_ranges.map((r) => ({
    minKm: Number(r.min_km),
    maxKm: Number(r.max_km),
    feeCents: r.fee_cents,
  }));
  return deliveryFeeForDistance(ranges, km);
}

type AllInFields = Pick<RestaurantCard, 'all_in_per_person_cents' | 'all_in_heads'>;

/**
 * The card's all-in price per person (issue 20; decision 071): the preset's default cart (its
 * total for number_of_guests people), brought in proportion to the headcount when one is given,
 * + the delivery fee to the address + a piece of cutlery a head + the taxes of the address's
 * place of supply on the chosen date (today without one), at least the preset's minimum, per
 * head. A restaurant card's preset is the restaurant's own menu, so its basis is the same.
 * null, never a guess, without an address, a fee for it, or a tax rate for its place.
 */
/**
 * The food of the card's basis for `heads` people: the default cart itself without a headcount;
 * with one, the default cart's lines scaled exactly as the storefront's cart scales them
 * (scaleLinesToHeadcount: each dish's serves and minimum, rounded up), so the card's figure is
 * the cart's (decision 070). A row without its lines falls back to the total in proportion.
 */
export function cardFoodCents(row: CardRow, headcount: number | null): number {
  const total = Number(row.total_price_cents);
  if (headcount === null) return total;
  const lines = row.default_lines ?? [];
  if (lines.length === 0) return scaledFoodCents(total, row.number_of_guests, headcount);
  const scaled = scaleLinesToHeadcount(
    lines.map((l) => ({ quantity: l.quantity, serves: l.serves, minOrderAmount: l.min_order_amount })),
    headcount,
  );
  return scaled.reduce((sum, line, i) => sum + line.quantity * lines[i]!.price_cents, 0);
}

export function allInOf(row: CardRow, ctx: DeliveryContext, deliveryFeeCents: number | null): AllInFields {
  const guests = row.number_of_guests;
  const heads = ctx.heads ?? guests;
  const none = { all_in_per_person_cents: null, all_in_heads: heads };
  if (deliveryFeeCents === null || !ctx.place || guests < 1 || heads < 1) return none;
  const taxes = taxesFor(ctx.place, ctx.date ?? ctx.now.toISOString().slice(0, 10));
  if (!taxes) return none;
  const food = cardFoodCents(row, ctx.heads ?? null);
  const allIn = allInPerPerson({
    lines: [foodLine(food)],
    heads,
    deliveryFeeCents,
    taxes,
    minimumTotalCents: row.minimum_order_amount_cents,
  });
  return { all_in_per_person_cents: allIn.perPersonCents, all_in_heads: heads };
}

export function toRestaurantCard(row: CardRow, ctx: DeliveryContext): RestaurantCard {
  const chef = row.chefs[0];
  const { distance, unit, km } = distanceOf(chef, ctx);
  const availability = availabilityOf(row, ctx);
  const deliveryFeeCents = deliveryFeeOf(chef, km);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    chef_ids: row.chefs.map((c) => c.id),
    distance,
    distance_unit: unit,
    short_address: chef ? `${chef.address1}, ${chef.city}` : '',
    latitude: chef?.latitude ?? 0,
    longitude: chef?.longitude ?? 0,
    profile_image_url: chef?.profile_image_url ?? '',
    main_image_url: chef?.main_image_url ?? row.banner_image_url,
    search_result_image_url: row.search_result_image_url,
    chef_images: chefImages(row),
    available_for_ordering: availability.available,
    unavailable_reason: availability.reason,
    next_available: null,
    preset_tags: row.tags,
    store_hours: storeHours(chef?.store_hours),
    cuisine_types: row.cuisine_types,
    average_rating: Number(row.average_rating),
    order_count: row.order_count,
    pre_order_notice_hour: noticeHours(row),
    favorite: ctx.favoriteIds?.has(row.id) ?? false,
    delivery_fee_cents: deliveryFeeCents,
    minimum_order_cents: row.minimum_order_amount_cents,
    rating_count: row.rating_count,
    price_level: priceLevel(row.price_per_person_cents),
    price_per_person_cents: row.price_per_person_cents,
    ...allInOf(row, ctx, deliveryFeeCents),
  };
}

/**
 * The fields of a preset card that depend on the visitor (favourites, address, date); every
 * other field is catalogue data, the same for everyone (the detail cache relies on it).
 */
export function presetCardVisitorFields(
  row: CardRow,
  ctx: DeliveryContext,
): Pick<PresetCard, 'favorite' | 'distance' | 'available_for_ordering' | 'all_in_per_person_cents' | 'all_in_heads'> {
  const km = distanceOf(row.chefs[0], ctx).km;
  return {
    favorite: ctx.favoriteIds?.has(row.id) ?? false,
    distance: km === null ? null : round1(km),
    // unknown (null) until the visitor gives an address or a delivery date
    available_for_ordering: ctx.point || ctx.date ? availabilityOf(row, ctx).available : null,
    ...allInOf(row, ctx, deliveryFeeOf(row.chefs[0], km)),
  };
}

/** basePresetType: the kind of a saved cart's base, which only search_type=user_data sends */
export function toPresetCard(
  row: CardRow,
  ctx: DeliveryContext,
  basePresetType?: PresetCard['base_preset_type'],
): PresetCard {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    preset_type: row.preset_type,
    base_preset_id: row.base_preset_id,
    ...(basePresetType === undefined ? {} : { base_preset_type: basePresetType }),
    order_count: row.order_count,
    average_rating: Number(row.average_rating),
    number_of_guests: row.number_of_guests,
    price_per_person_cents: row.price_per_person_cents,
    total_price_cents: Number(row.total_price_cents),
    serving_styles: row.serving_styles,
    chef_ids: row.chefs.map((c) => c.id),
    chef_names: row.chefs.map((c) => c.business_name),
    chef_images: chefImages(row),
    search_result_image_url: row.search_result_image_url,
    banner_image_url: row.banner_image_url,
    category_names: row.category_names,
    cuisine_types: row.cuisine_types,
    dietary_types: row.dietary_types,
    preset_tags: row.tags,
    ...presetCardVisitorFields(row, ctx),
  };
}
