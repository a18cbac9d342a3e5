// Geocoding port. Adapters: the offline gazetteer (default; CA postal-code FSAs, US ZIPs
// and city centroids shipped with the app) and an HTTP adapter for a Photon/Nominatim-
// compatible service (GEOCODER_URL).
export type Country = 'CA' | 'US';

export interface GeocodedAddress {
  /** one-line label, e.g. "100 King St W, Toronto, ON M5X 1A9, Canada" */
  label: string;
  address1: string;
  city: string;
  /** province or state code, e.g. ON, QC, NY */
  province: string;
  zip: string;
  country: Country;
  latitude: number;
  longitude: number;
  /** how precisely the coordinates place the address */
  precision: 'street' | 'postal_code' | 'city';
}

export type GeocodeResult =
  { ok: true; address: GeocodedAddress } | { ok: false; reason: 'too_broad' | 'not_found' | 'unavailable' };

/** The province or state and the city a point lies in (reverse geocoding). */
export interface PlaceOfPoint {
  country: Country;
  /** province or state code, e.g. ON, QC, WA */
  province: string;
  /** the municipality (for a US address: the city whose local sales tax applies) */
  city: string;
}

export interface Geocoder {
  readonly kind: 'offline' | 'http';
  /** Places a street address; refuses broad input (a city, province or postal code alone). */
  geocode(query: string): Promise<GeocodeResult>;
  /** Street-address suggestions in Canada and the US for partly typed input. */
  suggest(query: string, limit?: number): Promise<GeocodedAddress[]>;
  /**
   * Where a point is: its province or state and city, for the sales tax of the place of supply
   * (issue 17). Null when the point is outside Canada and the US or the service cannot say.
   */
  placeAt(latitude: number, longitude: number): Promise<PlaceOfPoint | null>;
}
