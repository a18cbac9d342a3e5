import { messages, taxesFor, type PlaceOfSupply, type TaxLineRule } from '@caterway/domain';
import type { Geocoder } from '../../ports/geocoder.js';

// The place of supply of an order (issue 17; docs/decisions/033): the delivery address for a
// delivery, the restaurant for a pickup. Its province or state (and, in the US, its city) picks
// the taxes from the domain's dated table, on the delivery's local date.

export interface ChefPlace {
  country: 'CA' | 'US';
  province: string;
  city: string;
}

export type PlaceTaxes = { ok: true; place: PlaceOfSupply; taxes: TaxLineRule[] } | { ok: false; message: string };

export const chefPlace = (chef: ChefPlace): PlaceOfSupply => ({
  country: chef.country,
  region: chef.province,
  locality: chef.city,
});

/** Where a delivery point is, by the geocoder; null when it cannot say (outside CA/US, service down). */
export async function pointPlace(
  geocoder: Pick<Geocoder, 'placeAt'>,
  point: { latitude: number; longitude: number },
): Promise<PlaceOfSupply | null> {
  try {
    const found = await geocoder.placeAt(point.latitude, point.longitude);
    return found ? { country: found.country, region: found.province, locality: found.city } : null;
  } catch {
    return null;
  }
}

/**
 * The taxes of a delivery to a point, or of a pickup at the chef (point null), on a date
 * (YYYY-MM-DD in the chef's zone). Refuses rather than guess when the table has no rate.
 */
export async function taxesOfSupply(
  geocoder: Pick<Geocoder, 'placeAt'>,
  chef: ChefPlace,
  point: { latitude: number; longitude: number } | null,
  date: string,
): Promise<PlaceTaxes> {
  const place = point ? await pointPlace(geocoder, point) : chefPlace(chef);
  if (!place) return { ok: false, message: messages.serviceUnavailable };
  const taxes = taxesFor(place, date);
  if (!taxes) return { ok: false, message: messages.taxNotSetUp };
  return { ok: true, place, taxes };
}
