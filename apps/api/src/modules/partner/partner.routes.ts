import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponses,
  partnerRestaurantParamsSchema,
  partnerRestaurantSchema,
  partnerRestaurantsResponseSchema,
} from '@caterway/contracts';
import type { AppDeps } from '../../lib/deps.js';
import { authUser, requireUser } from '../auth/auth.guard.js';
import { partnerRestaurant, requireRestaurantRole } from './partner.guard.js';
import { createPartnerRepository } from './partner.repository.js';

/** The restaurant portal's API (issue 19, decision 047): restaurants as their teams see them. */
export function partnerRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const partners = createPartnerRepository(deps.db);

  r.get(
    '/api/v2/partner/restaurants',
    {
      preHandler: requireUser(deps),
      schema: {
        tags: ['partner'],
        summary: 'The restaurants the signed-in user is on the team of, with their role (empty for anyone else)',
        response: { 200: partnerRestaurantsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ restaurants: await partners.restaurantsOf(authUser(request).id) }),
  );

  r.get(
    '/api/v2/partner/restaurants/:chefId',
    {
      preHandler: requireRestaurantRole(deps),
      schema: {
        tags: ['partner'],
        summary: "One restaurant with the caller's role there; 404 for a restaurant they have no role on",
        params: partnerRestaurantParamsSchema,
        response: { 200: partnerRestaurantSchema, ...errorResponses },
      },
    },
    (request) => partnerRestaurant(request),
  );
}
