import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, favoriteBodySchema, favoriteResponseSchema } from '@caterway/contracts';
import type { AppDeps } from '../../lib/deps.js';
import { authUser, requireUser } from '../auth/auth.guard.js';
import { createOrderCatalogueReads } from '../orders/order-catalogue.service.js';
import { createFavoritesRepository } from './favorites.repository.js';
import { createFavoritesService } from './favorites.service.js';

const tags = ['favorites'];
const security = [{ bearerAuth: [] }];

export function favoritesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createFavoritesService({
    favorites: createFavoritesRepository(deps.db),
    catalogue: createOrderCatalogueReads(deps.db),
    clock: deps.clock,
  });
  const preHandler = requireUser(deps, { confirmed: true });

  r.post(
    '/api/v2/favorites',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Favourite a preset',
        body: favoriteBodySchema,
        response: { 200: favoriteResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.add(authUser(request).id, request.body.preset_id),
  );

  r.delete(
    '/api/v2/favorites/remove',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Remove a preset from the favourites',
        body: favoriteBodySchema,
        response: { 200: favoriteResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.remove(authUser(request).id, request.body.preset_id),
  );
}
