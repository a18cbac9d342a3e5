import { deliveryInstant, isDeliveryTime, messages, parseCalendarDate, type PlaceOfSupply } from '@caterway/domain';
import { validationFailed } from '../../lib/errors.js';
import type { Geocoder } from '../../ports/geocoder.js';
import type { GeoPoint } from './presets.repository.js';

/**
 * Where and when the visitor wants food (the spec's delivery info: address, lat, lng,
 * delivery_date, delivery_time; ordering-payments §3). Browse, search and detail answers
 * use it for distances and for each card's availability.
 */
export interface DeliveryContext {
  point: GeoPoint | null;
  /** 'yyyy-MM-dd' and minutes after midnight, both null when no date was chosen */
  date: string | null;
  time: string | null;
  now: Date;
  /** where the point is (province or state, city): the place of supply of a delivery; unknown until looked up */
  place?: PlaceOfSupply | null;
  /** how many people the visitor orders for (issue 20): the cards' all-in price; absent: each preset's own guests */
  heads?: number | null;
  /** the signed-in viewer's favourite preset ids, so cards can say favorite: true */
  favoriteIds?: ReadonlySet<number>;
}

export interface DeliveryContextQuery {
  lat?: number;
  lng?: number;
  address?: string;
  delivery_date?: string;
  delivery_time?: string;
  headcount?: number;
}

/** The spec's default delivery time (browse-account-orders §9) when a date comes without one. */
const DEFAULT_TIME = '11:30 AM';

/**
 * Validates the date and time (422 with the spec's 'Please select valid date.' or 'Please select
 * valid time.', the latter also for midnight, as an order refuses it) and places the
 * address: lat/lng when both are sent, else the geocoded address; a geocoding failure leaves
 * the point unknown, as the spec's clients continue without coordinates (browse-account-orders §8).
 */
export async function resolveDeliveryContext(
  query: DeliveryContextQuery,
  deps: { geocoder: Pick<Geocoder, 'geocode' | 'placeAt'>; now: Date },
): Promise<DeliveryContext> {
  const problems: string[] = [];
  if (query.delivery_date !== undefined && !parseCalendarDate(query.delivery_date)) problems.push(messages.invalidDate);
  // the order contract's rule: midnight ('00:00', '12:00 AM', '24:00') is no delivery time (issue 17 part 5)
  if (query.delivery_time !== undefined && query.delivery_time !== '' && !isDeliveryTime(query.delivery_time))
    problems.push(messages.invalidTime);
  if (problems.length) throw validationFailed(problems);

  let point: GeoPoint | null = null;
  if (query.lat !== undefined && query.lng !== undefined) point = { latitude: query.lat, longitude: query.lng };
  else if (query.address) point = await geocodePoint(deps.geocoder, query.address);

  const date = query.delivery_date ?? null;
  return {
    point,
    date,
    time: date ? query.delivery_time || DEFAULT_TIME : null,
    now: deps.now,
    heads: query.headcount ?? null,
  };
}

export async function geocodePoint(
  geocoder: Pick<Geocoder, 'geocode' | 'placeAt'>,
  address: string,
): Promise<GeoPoint | null> {
  try {
    const result = await geocoder.geocode(address);
    return result.ok ? { latitude: result.address.latitude, longitude: result.address.longitude } : null;
  } catch {
    return null;
  }
}

/** The delivery instant in a restaurant's zone, or null without a chosen date. */
export function deliveryAt(ctx: DeliveryContext, timeZone: string): Date | null {
  return ctx.date && ctx.time ? deliveryInstant(ctx.date, ctx.time, timeZone) : null;
}
