import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createGroupOrderBodySchema, errorResponses, groupOrderResponseSchema } from '@caterway/contracts';
import type { AppDeps } from '../../lib/deps.js';
import { authUser, requireUser } from '../auth/auth.guard.js';
import { createOrderCatalogueRepository } from '../orders/order-catalogue.repository.js';
import { createGroupOrdersRepository } from './group-orders.repository.js';
import { createGroupOrdersService } from './group-orders.service.js';

export async function groupOrdersRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createGroupOrdersService({ groupOrders: createGroupOrdersRepository(deps.db), catalogue: createOrderCatalogueRepository(deps.db), clock: deps.clock });

  r.post(
    '/api/v2/group_orders',
    {
      preHandler: requireUser(deps, { confirmed: true }),
      schema: {
        tags: ['group orders'],
        security: [{ bearerAuth: [] }],
        summary: 'Start a group order from a preset with exactly one chef',
        body: createGroupOrderBodySchema,
        response: { 201: groupOrderResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(authUser(request).id, request.body)),
  );
}
