import { deliveryFeeForDistance, haversineKm, messages } from '@caterway/domain';
import type { Geocoder } from '../../ports/geocoder.js';
import { feeRanges, type OrderChefRow } from './order-catalogue.repository.js';

export interface Point {
  latitude: number;
  longitude: number;
}

export interface DeliveryQuote {
  distanceKm: number;
  /** the fee of the chef's range for the distance; 0 for a chef without ranges */
  feeCents: number;
  deliverable: boolean;
}

/**
 * The delivery fee by distance (ordering-payments §7 'Delivery fee', §9): the great-circle
 * distance from the chef, the fee of the chef's range containing it. Past the chef's delivery
 * radius, or past the last range, the chef does not deliver there.
 */
export function quoteDelivery(
  chef: Pick<OrderChefRow, 'latitude' | 'longitude' | 'delivery_radius_km' | 'delivery_fee_ranges'>,
  point: Point,
): DeliveryQuote {
  const distanceKm = haversineKm(chef.latitude, chef.longitude, point.latitude, point.longitude);
  const ranges = feeRanges(chef);
  const withinRadius = distanceKm <= Number(chef.delivery_radius_km);
  if (!ranges.length) return { distanceKm, feeCents: 0, deliverable: withinRadius };
  const fee = deliveryFeeForDistance(ranges, distanceKm);
  return { distanceKm, feeCents: fee ?? 0, deliverable: withinRadius && fee !== null };
}

export type PlaceResult = { ok: true; point: Point } | { ok: false; message: string };

/** lat/lng when both are given, else the geocoded address (ordering-payments §7: 'address geocoded first'). */
export async function placeAddress(
  geocoder: Pick<Geocoder, 'geocode' | 'placeAt'>,
  input: { latitude?: number; longitude?: number; address?: string },
): Promise<PlaceResult> {
  if (input.latitude !== undefined && input.longitude !== undefined)
    return { ok: true, point: { latitude: input.latitude, longitude: input.longitude } };
  if (!input.address?.trim()) return { ok: false, message: messages.addressNotFound };
  try {
    const result = await geocoder.geocode(input.address);
    if (result.ok)
      return { ok: true, point: { latitude: result.address.latitude, longitude: result.address.longitude } };
    return {
      ok: false,
      message:
        result.reason === 'too_broad'
          ? messages.tooBroad
          : result.reason === 'unavailable'
            ? messages.serviceUnavailable
            : messages.addressNotFound,
    };
  } catch {
    return { ok: false, message: messages.serviceUnavailable };
  }
}

/** Distance rounded for the wire: two decimals. */
export const roundKm = (km: number) => Math.round(km * 100) / 100;
