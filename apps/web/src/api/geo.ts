import { queryOptions } from '@tanstack/react-query';
import type { GeocodedAddressBody, GeocodeResponse, GeoSuggestionsResponse } from '@caterway/contracts';
import { api } from '../lib/api-client';
import type { Camelize } from '../types/catalogue';

// Address suggestions and geocoding (browse-account-orders §2: street addresses in Canada and
// the US). Shared by the delivery bar, the home address form and the sign-up form, so it lives
// outside any one feature.

/** A suggested or geocoded address (packages/contracts geo.ts, camelCased: its keys are one word). */
export type AddressSuggestion = Camelize<GeocodedAddressBody>;
type Suggestions = Camelize<GeoSuggestionsResponse>;
type Geocoded = Camelize<GeocodeResponse>;

export const geoKeys = {
  all: ['geo'] as const,
  suggestions: (q: string, limit: number) => [...geoKeys.all, 'suggestions', q, limit] as const,
};

export const MIN_SUGGESTION_QUERY = 3;

export const suggestionsQueryOptions = (q: string, limit = 5) =>
  queryOptions({
    queryKey: geoKeys.suggestions(q, limit),
    queryFn: ({ signal }) =>
      api.get<Suggestions>('/api/v2/geo/suggestions', {
        query: { q, limit },
        signal,
        auth: 'none',
      }),
    enabled: q.trim().length >= MIN_SUGGESTION_QUERY,
    staleTime: 5 * 60_000,
    meta: { handlesErrors: true },
  });

/** Geocodes a free-typed address. 422 'too broad' and 404 arrive as ApiError for the caller to word. */
export const geocodeAddress = (address: string) =>
  api.get<Geocoded>('/api/v2/geo/geocode', { query: { address }, auth: 'none' }).then((r) => r.address);
