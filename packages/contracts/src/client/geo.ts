import type { GeocodedAddressBody, GeocodeResponse, GeoSuggestionsQuery, GeoSuggestionsResponse } from '../geo.js';
import type { CallOptions, Transport, WireQuery } from './transport.js';

// Address suggestions and geocoding (browse-account-orders §2, ordering-payments §5): public, and
// the same for whoever asks, so they are sent without the session (and kept when it ends).

export type SuggestionsQuery = WireQuery<GeoSuggestionsQuery>;

/** Query keys of the geocoder's answers (the storefront keeps them when a session ends). */
export const geoKeys = {
  all: ['geo'] as const,
  suggestions: (query: SuggestionsQuery) => [...geoKeys.all, 'suggestions', query] as const,
};

export function geoClient(send: Transport) {
  return {
    /** GET api/v2/geo/suggestions?q=&limit=: street addresses in Canada and the US */
    suggestions: (query: SuggestionsQuery, o?: CallOptions) =>
      send<GeoSuggestionsResponse>('GET', '/api/v2/geo/suggestions', { ...o, query, auth: 'none' }),
    /** GET api/v2/geo/geocode?address=: one address placed; 422 too broad, 404 not found */
    geocode: (address: string, o?: CallOptions) =>
      send<GeocodeResponse>('GET', '/api/v2/geo/geocode', { ...o, query: { address }, auth: 'none' }).then(
        (r): GeocodedAddressBody => r.address,
      ),
  };
}

export type GeoClient = ReturnType<typeof geoClient>;
