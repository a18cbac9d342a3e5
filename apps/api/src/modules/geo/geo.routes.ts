import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  geocodeQuerySchema,
  geocodeResponseSchema,
  geoSuggestionsQuerySchema,
  geoSuggestionsResponseSchema,
  messagesBodySchema,
} from '@caterway/contracts';
import type { AppDeps } from '../../lib/deps.js';
import type { GeocodedAddress } from '../../ports/geocoder.js';
import { createGeoService } from './geo.service.js';

// Paths not shown in the spec (it names "an address geocoding service and an address
// autocomplete service"), designed in the api/v2 style. Public: the home page asks for an
// address before anyone signs in.
const tags = ['geo'];

/** The wire shape is a whitelist of the port's fields. */
const toWire = (a: GeocodedAddress) => ({
  label: a.label,
  address1: a.address1,
  city: a.city,
  province: a.province,
  zip: a.zip,
  country: a.country,
  latitude: a.latitude,
  longitude: a.longitude,
  precision: a.precision,
});

export function geoRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createGeoService({ geocoder: deps.geocoder });

  r.get(
    '/api/v2/geo/suggestions',
    {
      schema: {
        tags,
        summary: 'Street-address suggestions in Canada and the US for partly typed text',
        querystring: geoSuggestionsQuerySchema,
        response: { 200: geoSuggestionsResponseSchema, 422: messagesBodySchema },
      },
    },
    async (request) => ({ suggestions: (await service.suggest(request.query.q, request.query.limit)).map(toWire) }),
  );

  r.get(
    '/api/v2/geo/geocode',
    {
      schema: {
        tags,
        summary: 'Places a street address; refuses a city, province or postal code alone',
        querystring: geocodeQuerySchema,
        response: { 200: geocodeResponseSchema, 404: errorBodySchema, 422: messagesBodySchema, 503: errorBodySchema },
      },
    },
    async (request) => ({ address: toWire(await service.geocode(request.query.address)) }),
  );
}
