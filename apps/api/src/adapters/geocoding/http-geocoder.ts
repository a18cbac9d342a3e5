import type { Country, GeocodedAddress, GeocodeResult, Geocoder } from '../../ports/geocoder.js';
import { normalizeCanadianPostalCode, parseAddress } from './address-parser.js';
import { regionByCode, regionByName } from './regions.js';

// Production adapter: a Photon or Nominatim compatible geocoder (GEOCODER_URL,
// GEOCODER_KIND). Only street-level results in Canada and the US are used
// (spec: browse-account-orders §2, suggestions limited to street addresses in CA/US).
// Network failures answer 'unavailable' (geocode) or no suggestions; never an exception.

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

/** One item of Nominatim's /search?format=jsonv2&addressdetails=1 answer. */
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

function fromPhoton(body: unknown): Candidate[] {
  const features = (body as PhotonResponse | null)?.features;
  if (!Array.isArray(features)) throw new Error('not a Photon FeatureCollection');
  return features.flatMap((f) => {
    const [lon, lat] = f?.geometry?.coordinates ?? [];
    const p = f?.properties ?? {};
    if (typeof lat !== 'number' || typeof lon !== 'number') return [];
    return [{
      houseNumber: p.housenumber,
      // Photon names an address feature by its street when it has no street property.
      street: p.street ?? (p.housenumber ? p.name : undefined),
      city: p.city ?? p.district ?? p.county,
      state: p.state,
      postcode: p.postcode,
      countryCode: p.countrycode,
      latitude: lat,
      longitude: lon,
    }];
  });
}

function fromNominatim(body: unknown): Candidate[] {
  if (!Array.isArray(body)) throw new Error('not a Nominatim result list');
  return (body as NominatimPlace[]).flatMap((item) => {
    const latitude = Number(item?.lat);
    const longitude = Number(item?.lon);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return [];
    const a = item.address ?? {};
    return [{
      houseNumber: a.house_number,
      street: a.road,
      city: a.city ?? a.town ?? a.village ?? a.municipality ?? a.hamlet ?? a.suburb,
      state: a.state,
      stateIso: a['ISO3166-2-lvl4'],
      postcode: a.postcode,
      countryCode: a.country_code,
      latitude,
      longitude,
    }];
  });
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
  const base = options.url.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 3000;

  function requestUrl(query: string, limit: number): string {
    if (options.kind === 'photon') {
      return `${base}/api?${new URLSearchParams({ q: query, limit: String(limit) })}`;
    }
    const params = new URLSearchParams({ q: query, format: 'jsonv2', addressdetails: '1', countrycodes: 'ca,us', limit: String(limit) });
    return `${base}/search?${params}`;
  }

  /** The service's candidates, or undefined when it could not be reached or answered nonsense. */
  async function search(query: string, limit: number): Promise<Candidate[] | undefined> {
    try {
      const res = await doFetch(requestUrl(query, limit), {
        headers: { 'user-agent': USER_AGENT, accept: 'application/json', 'accept-language': 'en' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) {
        options.log.warn({ status: res.status, geocoder: options.kind }, 'geocoder answered with an error');
        return undefined;
      }
      const body: unknown = await res.json();
      return options.kind === 'photon' ? fromPhoton(body) : fromNominatim(body);
    } catch (err) {
      options.log.warn({ err: { message: (err as Error).message, name: (err as Error).name }, geocoder: options.kind }, 'geocoder unavailable');
      return undefined;
    }
  }

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
  };
}
