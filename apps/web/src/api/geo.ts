import { queryOptions } from '@tanstack/react-query';
import type { GeocodedAddressBody } from '@caterway/contracts';
import { geoClient, geoKeys } from '@caterway/contracts/client';
import type { Camelize } from '../types/catalogue';
import { connect } from './clients';

// Address suggestions and geocoding (browse-account-orders §2: street addresses in Canada and
// the US). Shared by the delivery bar, the home address form and the sign-up form, so it lives
// outside any one feature.

/** A suggested or geocoded address (packages/contracts geo.ts, camelCased: its keys are one word). */
export type AddressSuggestion = Camelize<GeocodedAddressBody>;

const geo = connect(geoClient);

export const MIN_SUGGESTION_QUERY = 3;

export const suggestionsQueryOptions = (q: string, limit = 5) =>
  queryOptions({
    queryKey: geoKeys.suggestions({ q, limit }),
    queryFn: ({ signal }) => geo.suggestions({ q, limit }, { signal }),
    enabled: q.trim().length >= MIN_SUGGESTION_QUERY,
    staleTime: 5 * 60_000,
    meta: { handlesErrors: true, sameForAnyone: true },
  });

/** Geocodes a free-typed address. 422 'too broad' and 404 arrive as ApiError for the caller to word. */
export const geocodeAddress = (address: string) => geo.geocode(address);
