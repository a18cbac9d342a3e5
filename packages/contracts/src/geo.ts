import { z } from 'zod';
import { messages } from '@caterway/domain';

// Address geocoding and autocomplete (spec: browse-account-orders §2 and §5, home address
// form; ordering-payments §5, delivery bar and sign-up). Paths not shown in the spec:
//   GET /api/v2/geo/suggestions?q=&limit=   street-address suggestions in Canada and the US
//   GET /api/v2/geo/geocode?address=        one address placed, or 422 too broad / 404 / 503

export const geocodedAddressSchema = z
  .object({
    /** one line for display: "100 King St W, Toronto, ON M5X 1A9, Canada" */
    label: z.string(),
    address1: z.string(),
    city: z.string(),
    /** province or state code: ON, QC, NY */
    province: z.string(),
    /** the postal code typed, or the FSA/ZIP nearest the centroid when precision is 'city' */
    zip: z.string(),
    country: z.enum(['CA', 'US']),
    latitude: z.number(),
    longitude: z.number(),
    /** how precisely latitude/longitude place the address */
    precision: z.enum(['street', 'postal_code', 'city']),
  })
  .meta({ id: 'GeocodedAddress' });
export type GeocodedAddressBody = z.infer<typeof geocodedAddressSchema>;

export const GEO_QUERY_MAX = 300;
export const GEO_SUGGESTIONS_MIN_CHARS = 3;

export const geoSuggestionsQuerySchema = z.object({
  q: z.string().max(GEO_QUERY_MAX).optional().default(''),
  limit: z.coerce.number().int().min(1).max(10).optional().default(5),
});
export type GeoSuggestionsQuery = z.input<typeof geoSuggestionsQuerySchema>;

export const geoSuggestionsResponseSchema = z.object({ suggestions: z.array(geocodedAddressSchema) });
export type GeoSuggestionsResponse = z.infer<typeof geoSuggestionsResponseSchema>;

export const geocodeQuerySchema = z.object({
  // A missing parameter reads as empty, so both answer the required-field message.
  address: z.string().optional().default('').pipe(z.string().trim().min(1, messages.required).max(GEO_QUERY_MAX)),
});
export type GeocodeQuery = z.input<typeof geocodeQuerySchema>;

export const geocodeResponseSchema = z.object({ address: geocodedAddressSchema });
export type GeocodeResponse = z.infer<typeof geocodeResponseSchema>;
