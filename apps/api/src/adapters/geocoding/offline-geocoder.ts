import type { Country, GeocodedAddress, GeocodeResult, Geocoder, PlaceOfPoint } from '../../ports/geocoder.js';
import { parseAddress, type ParsedAddress } from './address-parser.js';
import { loadGazetteer, type CityPlace, type Gazetteer } from './gazetteer.js';

// The default geocoder: works offline with no account (ARCHITECTURE.md, boundaries).
// It places a street address by its postal code or, failing that, its city; it never
// knows where on the street a house is, and says so: the point it answers is that postal
// code's or city's centroid, exactly, and precision names which ('postal_code' or 'city').
// It invents nothing (docs/decisions/028): an earlier version moved each street address by a
// hash of its text so that two addresses of a city differed, which looked like a street-level
// answer for a street it had never heard of. A street address in no postal code or city it
// knows is not_found. Production uses a real geocoder (GEOCODER_URL, required there).
export const DEFAULT_SUGGESTIONS = 5;
export const MAX_SUGGESTIONS = 10;

const countryName: Record<Country, string> = { CA: 'Canada', US: 'USA' };

interface Placement {
  latitude: number;
  longitude: number;
  precision: 'postal_code' | 'city';
  city: string;
  province: string;
  country: Country;
  zip: string;
  /** the zip was typed by the user (shown in the label), not the centroid's own */
  zipGiven: boolean;
}

function toAddress(parsed: ParsedAddress, place: Placement): GeocodedAddress {
  const address1 = `${parsed.houseNumber} ${parsed.street}`;
  const region = place.zipGiven ? `${place.province} ${place.zip}` : place.province;
  // The unit stays out of address1 (the forms carry it as address2) but the label shows it.
  const label = [parsed.unit, address1, place.city, region, countryName[place.country]].filter(Boolean).join(', ');
  return {
    label,
    address1,
    city: place.city,
    province: place.province,
    zip: place.zip,
    country: place.country,
    // the centroid of what is known (the postal code or the city), which precision names
    latitude: place.latitude,
    longitude: place.longitude,
    precision: place.precision,
  };
}

function cityPlacement(city: CityPlace): Placement {
  return {
    latitude: city.latitude,
    longitude: city.longitude,
    precision: 'city',
    city: city.name,
    province: city.province,
    country: city.country,
    // No postal code typed: the FSA/ZIP nearest the city centre, so forms that require
    // one get a plausible value; precision 'city' tells the client it is approximate.
    zip: city.zip,
    zipGiven: false,
  };
}

function isStreetAddress(parsed: ParsedAddress): boolean {
  return (
    !parsed.poBox && parsed.houseNumber !== undefined && parsed.street !== undefined && /[a-z]/i.test(parsed.street)
  );
}

export interface OfflineGeocoderOptions {
  gazetteer?: () => Gazetteer;
  /** Build the gazetteer in the background now rather than on the first request (about 1 s of CPU). */
  preload?: boolean;
}

export function createOfflineGeocoder(options: OfflineGeocoderOptions = {}): Geocoder {
  const gazetteer = options.gazetteer ?? loadGazetteer;
  if (options.preload) setTimeout(() => gazetteer(), 0).unref();
  const parse = (query: string, g: Gazetteer) => parseAddress(query, { isCity: (name) => g.isCity(name) });

  function place(parsed: ParsedAddress, g: Gazetteer): Placement | undefined {
    if (parsed.postalCode) {
      const postal = g.postal(parsed.postalCode.code);
      if (postal) {
        const typed = parsed.city ?? parsed.regionText;
        const known = typed ? g.findCity(typed, { province: postal.province }) : undefined;
        const city =
          known?.name ??
          parsed.city ??
          postal.city?.name ??
          g.nearestCity(postal.latitude, postal.longitude, postal.province)?.name ??
          '';
        return {
          latitude: postal.latitude,
          longitude: postal.longitude,
          precision: 'postal_code',
          city,
          province: postal.province,
          country: postal.country,
          zip: parsed.postalCode.code,
          zipGiven: true,
        };
      }
      // A postal code we have no centroid for: fall back to the city.
    }
    const country = parsed.postalCode?.country ?? parsed.country;
    if (parsed.city) {
      const city = g.findCity(parsed.city, { province: parsed.region?.code, country });
      return city ? cityPlacement(city) : undefined;
    }
    if (parsed.regionText && parsed.region) {
      // "350 5th Ave, New York": a lone region name that is also a city of that region.
      const city = g.findCity(parsed.regionText, { province: parsed.region.code });
      return city ? cityPlacement(city) : undefined;
    }
    return undefined;
  }

  // The lookups are synchronous (an in-memory gazetteer); the port's methods answer promises.
  function geocodeNow(query: string): GeocodeResult {
    const g = gazetteer();
    const parsed = parse(query, g);
    if (!isStreetAddress(parsed)) return { ok: false, reason: 'too_broad' } satisfies GeocodeResult;
    const placement = place(parsed, g);
    if (!placement) return { ok: false, reason: 'not_found' };
    return { ok: true, address: toAddress(parsed, placement) };
  }

  function suggestNow(query: string, limit = DEFAULT_SUGGESTIONS): GeocodedAddress[] {
    const max = Math.max(1, Math.min(MAX_SUGGESTIONS, Math.floor(limit)));
    const g = gazetteer();
    const parsed = parse(query, g);
    if (!isStreetAddress(parsed)) return [];
    if (parsed.postalCode) {
      const placement = place(parsed, g);
      return placement ? [toAddress(parsed, placement)] : [];
    }
    const country = parsed.country;
    let cities: CityPlace[];
    if (parsed.city) {
      cities = g.citiesByPrefix(parsed.city, { province: parsed.region?.code, country, limit: max });
    } else if (parsed.region) {
      cities = g.citiesByPrefix('', { province: parsed.region.code, limit: max });
    } else {
      cities = g.majorCities(max, { country });
    }
    return cities.map((c) => toAddress(parsed, cityPlacement(c)));
  }

  // The province and city of the nearest postal centroid (ZIP or FSA). A centroid is not a
  // boundary: a point a few hundred metres from a provincial or state line can be answered
  // with the other side's. More than NEAREST_POSTAL_MAX_KM from every centroid is outside
  // Canada and the US (at sea, or abroad): null.
  function placeAtNow(latitude: number, longitude: number): PlaceOfPoint | null {
    const nearest = gazetteer().nearestPostal(latitude, longitude);
    if (!nearest) return null;
    return { country: nearest.country, province: nearest.province, city: nearest.city };
  }

  // answered through Promise.try-like wrappers so that a failure (the gazetteer unreadable) is a
  // rejected promise, as from an async function, never a synchronous throw
  return {
    kind: 'offline',
    geocode: (query) => promised(() => geocodeNow(query)),
    suggest: (query, limit) => promised(() => suggestNow(query, limit)),
    placeAt: (latitude, longitude) => promised(() => placeAtNow(latitude, longitude)),
  };
}

function promised<T>(answer: () => T): Promise<T> {
  try {
    return Promise.resolve(answer());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}
