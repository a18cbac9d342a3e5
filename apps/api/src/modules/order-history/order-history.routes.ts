import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addonOrdersResponseSchema,
  errorBodySchema,
  errorResponses,
  idParamsSchema,
  orderHistoryResponseSchema,
} from '@caterway/contracts';
import type { AppDeps } from '../../lib/deps.js';
import { authUser, requireUser } from '../auth/auth.guard.js';
import { groupOrdersFrom } from '../group-orders/group-orders.compose.js';
import { createOrderHistoryRepository } from './order-history.repository.js';
import { createOrderHistoryService } from './order-history.service.js';

const tags = ['my orders'];
const bearer = [{ bearerAuth: [] }];

export function orderHistoryRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const groupOrders = groupOrdersFrom(deps, app.log);
  const service = createOrderHistoryService({
    history: createOrderHistoryRepository(deps.db),
    clock: deps.clock,
    groupEntries: (...args) => groupOrders.historyEntries(...args),
  });
  const confirmedUser = requireUser(deps, { confirmed: true });

  r.get(
    '/api/v2/order_history',
    {
      preHandler: confirmedUser,
      schema: {
        tags,
        security: bearer,
        summary: "The user's placed orders: upcoming and past at the server's clock, with the edit rule applied",
        response: { 200: orderHistoryResponseSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => service.list(authUser(request).id),
  );

  r.get(
    '/api/v2/catering_orders/:id/addon_orders',
    {
      preHandler: confirmedUser,
      schema: {
        tags,
        security: bearer,
        summary: "The placed add-on orders of one of the user's orders (404 for another user's order)",
        params: idParamsSchema,
        response: { 200: addonOrdersResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.addons(authUser(request).id, request.params.id),
  );
}
