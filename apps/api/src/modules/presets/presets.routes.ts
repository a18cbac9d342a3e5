import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deliveryContextQuerySchema,
  presetDetailQuerySchema,
  errorBodySchema,
  messagesBodySchema,
  presetDetailResponseSchema,
  presetAvailabilityQuerySchema,
  presetAvailabilityResponseSchema,
  presetCalendarResponseSchema,
  presetReliabilityResponseSchema,
  presetsHomeResponseSchema,
} from '@caterway/contracts';
import type { AppDeps } from '../../lib/deps.js';
import { listingSerializerCompiler } from '../../lib/listing-serializer.js';
import { sendPreparedJson, sendSerialisedJson } from '../../lib/serialised-json.js';
import { optionalUser } from '../auth/auth.guard.js';
import { createCapacityService } from '../capacity/capacity.service.js';
import { catalogueSyncOf } from '../catalogue-changes/catalogue-sync.js';
import { favoritePresetIdsFrom } from '../favorites/favorites.service.js';
import { createRestaurantOrdersService } from '../order-lifecycle/restaurant-orders.service.js';
import { STALE_PAYMENT_CLAIM_SECONDS } from '../orders/orders.types.js';
import { sharedCardCache } from './card-cache.js';
import { createPresetAvailability } from './preset-availability.js';
import { createPresetCalendar } from './preset-calendar.js';
import { createPresetReliability } from './preset-reliability.js';
import { createPresetsRepository } from './presets.repository.js';
import { createPresetsService } from './presets.service.js';

const tags = ['presets'];

export function presetsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const presetsRepository = createPresetsRepository(deps.db);
  const cardCache = sharedCardCache(deps.db, (ids) => presetsRepository.cardsByIds(ids));
  const capacity = createCapacityService({ db: deps.db, staleSeconds: STALE_PAYMENT_CLAIM_SECONDS });
  const service = createPresetsService({
    presetsRepository,
    cardCache,
    geocoder: deps.geocoder,
    clock: deps.clock,
    publicUrl: deps.config.publicUrl,
    favoriteIdsOf: favoritePresetIdsFrom(deps.db),
    capacity,
  });
  // a restaurant's catalogue change drops its cards and details on this instance (decision 056)
  const sync = catalogueSyncOf(app, deps);
  sync.register({
    name: 'preset cards',
    forget: (change) => cardCache.forget(change),
    forgetAll: () => cardCache.clear(),
  });
  sync.register({
    name: 'preset details',
    forget: (change) => service.forgetCatalogue(change),
    forgetAll: () => service.forgetAllCatalogue(),
  });

  r.get(
    '/api/v2/presets',
    {
      preHandler: optionalUser(deps),
      // the lists go out as the service built them; checked against the schema outside production
      serializerCompiler: listingSerializerCompiler({ verify: !deps.config.isProduction }),
      schema: {
        tags,
        summary: 'Home page lists: trending restaurants and the three preset groups',
        querystring: deliveryContextQuerySchema,
        response: { 200: presetsHomeResponseSchema, 401: errorBodySchema, 422: messagesBodySchema },
      },
    },
    async (request) => service.home(request.query, request.user?.id),
  );

  r.get(
    '/api/v2/presets/:id',
    {
      preHandler: optionalUser(deps),
      schema: {
        tags,
        summary: 'Preset detail by id or slug (restaurant presets also by chef slug)',
        params: z.object({ id: z.string().min(1).max(200) }),
        querystring: presetDetailQuerySchema,
        response: {
          200: presetDetailResponseSchema,
          401: errorBodySchema,
          404: errorBodySchema,
          422: messagesBodySchema,
        },
      },
    },
    async (request, reply) => {
      const answer = await service.detailJson(request.params.id, request.query, request.user?.id);
      return typeof answer === 'string' ? sendSerialisedJson(reply, answer) : sendPreparedJson(request, reply, answer);
    },
  );

  const availability = createPresetAvailability({
    repo: presetsRepository,
    capacity,
    now: () => deps.clock.now(),
  });
  r.get(
    '/api/v2/presets/:id/availability',
    {
      schema: {
        tags,
        summary:
          'Whether the preset can be ordered for a delivery date and time (hours, closures, pause, lead time, capacity), else the next time it can',
        params: z.object({ id: z.string().min(1).max(200) }),
        querystring: presetAvailabilityQuerySchema,
        response: { 200: presetAvailabilityResponseSchema, 404: errorBodySchema, 422: messagesBodySchema },
      },
    },
    async (request) => availability(request.params.id, request.query),
  );

  const calendar = createPresetCalendar({ repo: presetsRepository, now: () => deps.clock.now() });
  r.get(
    '/api/v2/presets/:id/calendar',
    {
      schema: {
        tags,
        summary:
          "The preset's restaurant's closures and one-off hours of the coming 60 days and its pause on new orders (the store-hours modal)",
        params: z.object({ id: z.string().min(1).max(200) }),
        response: { 200: presetCalendarResponseSchema, 404: errorBodySchema },
      },
    },
    async (request) => calendar(request.params.id),
  );

  const reliability = createPresetReliability({
    repo: presetsRepository,
    stats: createRestaurantOrdersService({ db: deps.db }),
    now: () => deps.clock.now(),
  });
  r.get(
    '/api/v2/presets/:id/reliability',
    {
      schema: {
        tags,
        summary:
          "The preset's restaurant's record over the last 90 days (minutes to confirm, share delivered on time), or null when too few orders make it",
        params: z.object({ id: z.string().min(1).max(200) }),
        response: { 200: presetReliabilityResponseSchema, 404: errorBodySchema },
      },
    },
    async (request) => reliability(request.params.id),
  );
}
