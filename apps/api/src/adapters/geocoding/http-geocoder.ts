import { createTtlCache } from '../../lib/ttl-cache.js';
import type { Country, GeocodedAddress, GeocodeResult, Geocoder, PlaceOfPoint } from '../../ports/geocoder.js';
import { normalizeCanadianPostalCode, parseAddress } from './address-parser.js';
import { regionByCode, regionByName } from './regions.js';

/** How long a reverse lookup's answer is kept: provinces, states and cities do not move. */
const PLACE_TTL_MS = 24 * 60 * 60_000;

// Production adapter: a Photon or Nominatim compatible geocoder (GEOCODER_URL,
// GEOCODER_KIND). Only street-level results in Canada and the US are used
// (spec: browse-account-orders §2, suggestions limited to street addresses in CA/US).
// Network failures answer 'unavailable' (geocode), no suggestions, or no place (placeAt);
// never an exception.

export interface HttpGeocoderOptions {
  url: string;
  kind: 'photon' | 'nominatim';
  log: { warn(obj: unknown, msg?: string): void };
  /** per request; 3 s by default */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** A Photon GeoJSON feature (https://photon.komoot.io/ response shape). */
export interface PhotonFeature {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: {
    osm_key?: string;
    osm_value?: string;
    type?: string;
    name?: string;
    housenumber?: string;
    street?: string;
    city?: string;
    district?: string;
    county?: string;
    state?: string;
    postcode?: string;
    country?: string;
    countrycode?: string;
  };
}
export interface PhotonResponse {
  type: 'FeatureCollection';
  features: PhotonFeature[];
}

/**
 * One item of Nominatim's /search?format=jsonv2&addressdetails=1 answer; /reverse answers one
 * such object (or { error } when nothing is there).
 */
export interface NominatimPlace {
  lat: string;
  lon: string;
  display_name?: string;
  category?: string;
  type?: string;
  addresstype?: string;
  address?: {
    house_number?: string;
    road?: string;
    city?: string;
    town?: string;
    village?: string;
    municipality?: string;
    hamlet?: string;
    suburb?: string;
    state?: string;
    'ISO3166-2-lvl4'?: string;
    postcode?: string;
    country?: string;
    country_code?: string;
  };
}

/** What both protocols are reduced to before filtering. */
interface Candidate {
  houseNumber?: string;
  street?: string;
  city?: string;
  state?: string;
  stateIso?: string;
  postcode?: string;
  countryCode?: string;
  latitude: number;
  longitude: number;
}

const USER_AGENT = 'Caterway/0.1';
const countryName: Record<Country, string> = { CA: 'Canada', US: 'USA' };

const SETTLEMENTS = new Set(['city', 'town', 'village', 'hamlet', 'municipality']);

function photonCandidate(f: PhotonFeature | null | undefined): Candidate | undefined {
  const [lon, lat] = f?.geometry?.coordinates ?? [];
  const p = f?.properties ?? {};
  if (typeof lat !== 'number' || typeof lon !== 'number') return undefined;
  // A feature that is itself a town (the nearest thing to a point in the countryside) names it.
  const settlement =
    (p.osm_key === 'place' && SETTLEMENTS.has(p.osm_value ?? '')) || p.type === 'city' ? p.name : undefined;
  return {
    houseNumber: p.housenumber,
    // Photon names an address feature by its street when it has no street property.
    street: p.street ?? (p.housenumber ? p.name : undefined),
    city: p.city ?? settlement ?? p.district ?? p.county,
    state: p.state,
    postcode: p.postcode,
    countryCode: p.countrycode,
    latitude: lat,
    longitude: lon,
  };
}

function fromPhoton(body: unknown): Candidate[] {
  const features = (body as PhotonResponse | null)?.features;
  if (!Array.isArray(features)) throw new Error('not a Photon FeatureCollection');
  return features.flatMap((f) => photonCandidate(f) ?? []);
}

function nominatimCandidate(item: NominatimPlace | null | undefined): Candidate | undefined {
  const latitude = Number(item?.lat);
  const longitude = Number(item?.lon);
  if (!item || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
  const a = item.address ?? {};
  return {
    houseNumber: a.house_number,
    street: a.road,
    city: a.city ?? a.town ?? a.village ?? a.municipality ?? a.hamlet ?? a.suburb,
    state: a.state,
    stateIso: a['ISO3166-2-lvl4'],
    postcode: a.postcode,
    countryCode: a.country_code,
    latitude,
    longitude,
  };
}

function fromNominatim(body: unknown): Candidate[] {
  if (!Array.isArray(body)) throw new Error('not a Nominatim result list');
  return (body as NominatimPlace[]).flatMap((item) => nominatimCandidate(item) ?? []);
}

/** Photon's /reverse: the features nearest the point, nearest first; null when there are none. */
function reverseFromPhoton(body: unknown): Candidate | null {
  const features = (body as PhotonResponse | null)?.features;
  if (!Array.isArray(features)) throw new Error('not a Photon FeatureCollection');
  return features.length ? (photonCandidate(features[0]) ?? null) : null;
}

/** Nominatim's /reverse: one place, or { error: 'Unable to geocode' } where nothing is (at sea). */
function reverseFromNominatim(body: unknown): Candidate | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('not a Nominatim place');
  if ('error' in body) return null;
  const candidate = nominatimCandidate(body as NominatimPlace);
  if (!candidate) throw new Error('not a Nominatim place');
  return candidate;
}

function countryOf(c: Candidate): Country | undefined {
  const code = c.countryCode?.toUpperCase();
  return code === 'CA' || code === 'US' ? code : undefined;
}

function provinceOf(c: Candidate, country: Country): string {
  const iso = c.stateIso ? /^(CA|US)-([A-Z]{2})$/.exec(c.stateIso) : null;
  if (iso) return iso[2]!;
  if (!c.state) return '';
  const region = /^[A-Za-z]{2}$/.test(c.state) ? regionByCode(c.state) : regionByName(c.state);
  return region && region.country === country ? region.code : c.state;
}

/** The province or state code, only when it is one of the candidate's own country. */
function regionCodeOf(c: Candidate, country: Country): string | undefined {
  const iso = c.stateIso ? /^([A-Z]{2})-([A-Z]{2})$/i.exec(c.stateIso.trim()) : null;
  if (iso && iso[1]!.toUpperCase() === country) {
    const region = regionByCode(iso[2]!);
    if (region?.country === country) return region.code;
  }
  const state = c.state?.trim();
  if (!state) return undefined;
  const region = /^[A-Za-z]{2}$/.test(state) ? regionByCode(state) : regionByName(state);
  return region?.country === country ? region.code : undefined;
}

/**
 * Where a reverse answer is, for the sales tax of the place of supply: null outside Canada
 * and the US or when the province or state is not one we know (a tax cannot be picked
 * without it). The municipality as the service names it, less OSM's "City of" ("City of New
 * York"); empty when the service names none.
 */
function toPlace(c: Candidate): PlaceOfPoint | null {
  const country = countryOf(c);
  if (!country) return null;
  const province = regionCodeOf(c, country);
  if (!province) return null;
  const city = (c.city ?? '').trim().replace(/^city of\s+/i, '');
  return { country, province, city };
}

function isStreetLevel(c: Candidate): boolean {
  return Boolean(c.houseNumber && c.street);
}

function toAddress(c: Candidate): GeocodedAddress | undefined {
  const country = countryOf(c);
  if (!country || !isStreetLevel(c)) return undefined;
  const province = provinceOf(c, country);
  const raw = (c.postcode ?? '').trim();
  const zip = country === 'CA' ? (normalizeCanadianPostalCode(raw) ?? raw.toUpperCase()) : raw;
  const address1 = `${c.houseNumber} ${c.street}`;
  const city = c.city ?? '';
  const region = [province, zip].filter(Boolean).join(' ');
  return {
    label: [address1, city, region, countryName[country]].filter(Boolean).join(', '),
    address1,
    city,
    province,
    zip,
    country,
    latitude: c.latitude,
    longitude: c.longitude,
    precision: 'street',
  };
}

export function createHttpGeocoder(options: HttpGeocoderOptions): Geocoder {
  const places = createTtlCache<string, PlaceOfPoint | null>({
    ttlMs: PLACE_TTL_MS,
    maxEntries: 10_000,
    keep: (place) => place !== null,
  });
  const base = options.url.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 3000;

  function requestUrl(query: string, limit: number): string {
    if (options.kind === 'photon') {
      return `${base}/api?${new URLSearchParams({ q: query, limit: String(limit) }).toString()}`;
    }
    const params = new URLSearchParams({
      q: query,
      format: 'jsonv2',
      addressdetails: '1',
      countrycodes: 'ca,us',
      limit: String(limit),
    });
    return `${base}/search?${params.toString()}`;
  }

  function reverseUrl(latitude: number, longitude: number): string {
    const point = { lat: String(latitude), lon: String(longitude) };
    if (options.kind === 'photon') return `${base}/reverse?${new URLSearchParams(point).toString()}`;
    return `${base}/reverse?${new URLSearchParams({ format: 'jsonv2', ...point, addressdetails: '1' }).toString()}`;
  }

  /** The service's answer, read by `read`, or undefined when it could not be reached or answered nonsense. */
  async function request<T>(url: string, read: (body: unknown) => T): Promise<T | undefined> {
    try {
      const res = await doFetch(url, {
        headers: { 'user-agent': USER_AGENT, accept: 'application/json', 'accept-language': 'en' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) {
        options.log.warn({ status: res.status, geocoder: options.kind }, 'geocoder answered with an error');
        return undefined;
      }
      return read(await res.json());
    } catch (err) {
      options.log.warn(
        { err: { message: (err as Error).message, name: (err as Error).name }, geocoder: options.kind },
        'geocoder unavailable',
      );
      return undefined;
    }
  }

  /** The service's candidates, or undefined when it could not be reached or answered nonsense. */
  const search = (query: string, limit: number) =>
    request(requestUrl(query, limit), options.kind === 'photon' ? fromPhoton : fromNominatim);

  /** Input without a house number and street is refused before asking the service. */
  const looksLikeStreetAddress = (query: string) => {
    const parsed = parseAddress(query);
    return !parsed.poBox && parsed.houseNumber !== undefined && parsed.street !== undefined;
  };

  return {
    kind: 'http',

    async geocode(query): Promise<GeocodeResult> {
      if (!looksLikeStreetAddress(query)) return { ok: false, reason: 'too_broad' };
      const candidates = await search(query, 5);
      if (!candidates) return { ok: false, reason: 'unavailable' };
      const best = candidates.find((c) => countryOf(c) !== undefined);
      if (!best) return { ok: false, reason: 'not_found' };
      const address = toAddress(best);
      return address ? { ok: true, address } : { ok: false, reason: 'too_broad' };
    },

    async suggest(query, limit = 5) {
      const max = Math.max(1, Math.min(10, Math.floor(limit)));
      if (!looksLikeStreetAddress(query)) return [];
      // Ask for more than needed: results that are not street addresses are dropped.
      const candidates = await search(query, Math.min(20, max * 3));
      if (!candidates) return [];
      const seen = new Set<string>();
      const out: GeocodedAddress[] = [];
      for (const c of candidates) {
        const address = toAddress(c);
        if (!address || seen.has(address.label)) continue;
        seen.add(address.label);
        out.push(address);
        if (out.length >= max) break;
      }
      return out;
    },

    async placeAt(latitude, longitude) {
      if (
        !Number.isFinite(latitude) ||
        !Number.isFinite(longitude) ||
        Math.abs(latitude) > 90 ||
        Math.abs(longitude) > 180
      )
        return null;
      // every preset detail and order for an address asks: one reverse lookup per ~11 m cell a
      // day, concurrent asks sharing it; a miss (nothing there, service down) is asked again
      return places.get(`${latitude.toFixed(4)},${longitude.toFixed(4)}`, async () => {
        const candidate = await request(
          reverseUrl(latitude, longitude),
          options.kind === 'photon' ? reverseFromPhoton : reverseFromNominatim,
        );
        // undefined: unreachable or nonsense (warned); null: nothing there, or nothing in CA/US
        return candidate ? toPlace(candidate) : null;
      });
    },
  };
}
