import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponses,
  opsNewRestaurantBodySchema,
  opsRestaurantResponseSchema,
  opsRestaurantsQuerySchema,
  opsRestaurantsResponseSchema,
  opsRestaurantStatusBodySchema,
  partnerRestaurantParamsSchema,
} from '@caterway/contracts';
import type { AppDeps } from '../../lib/deps.js';
import { authUser, requireStaff } from '../auth/auth.guard.js';
import { createRestaurantAdminService } from './restaurant-admin.service.js';

/** The operations console's restaurants (issue 19; decision 059): staff only. */
export function restaurantAdminRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = requireStaff(deps);
  const service = createRestaurantAdminService({
    db: deps.db,
    clock: deps.clock,
    mailer: deps.mailer,
    geocoder: deps.geocoder,
    publicUrl: deps.config.publicUrl,
  });
  const common = { tags: ['operations'], security: [{ bearerAuth: [] }] };

  r.get(
    '/api/v2/ops/restaurants',
    {
      preHandler: staff,
      schema: {
        ...common,
        summary: 'Staff: restaurants by name or city, onboarding and suspended ones first, with their team and menu',
        querystring: opsRestaurantsQuerySchema,
        response: { 200: opsRestaurantsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ restaurants: await service.list(request.query) }),
  );

  r.post(
    '/api/v2/ops/restaurants',
    {
      preHandler: staff,
      schema: {
        ...common,
        summary:
          'Staff: add a restaurant (onboarding, off the storefront until published) and invite its owner by email',
        body: opsNewRestaurantBodySchema,
        response: { 201: opsRestaurantResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const restaurant = await service.onboard(authUser(request), request.body);
      return reply.code(201).send({ restaurant });
    },
  );

  r.post(
    '/api/v2/ops/restaurants/:chefId/status',
    {
      preHandler: staff,
      schema: {
        ...common,
        summary:
          'Staff: publish a restaurant (live: needs a dish with a price) or suspend it with a reason (off the storefront, checkout refused)',
        params: partnerRestaurantParamsSchema,
        body: opsRestaurantStatusBodySchema,
        response: { 200: opsRestaurantResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      restaurant: await service.setStatus(authUser(request), request.params.chefId, request.body),
    }),
  );
}
