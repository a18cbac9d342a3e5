import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cancelledOrderResponseSchema,
  errorResponses,
  idParamsSchema,
  opsEscalationsResponseSchema,
  opsOrderDetailResponseSchema,
  opsOrderEventBodySchema,
  opsOrdersQuerySchema,
  opsOrdersResponseSchema,
} from '@caterway/contracts';
import type { AppDeps } from '../../lib/deps.js';
import { authUser, requireStaff, requireUser } from '../auth/auth.guard.js';
import { lifecycleServiceFrom, restaurantOrdersFrom } from './lifecycle.compose.js';

const bearer = [{ bearerAuth: [] }];

export function lifecycleRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = lifecycleServiceFrom(deps, app.log);
  const restaurantOrders = restaurantOrdersFrom(deps);
  const staff = requireStaff(deps);
  const tags = ['operations'];

  r.get(
    '/api/v2/ops/orders',
    {
      preHandler: staff,
      schema: {
        tags,
        security: bearer,
        summary:
          "Staff: placed orders by delivery day (from and to, YYYY-MM-DD, in each order's zone) with the actions staff can take",
        querystring: opsOrdersQuerySchema,
        response: { 200: opsOrdersResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.listOrders(request.query),
  );

  r.get(
    '/api/v2/ops/escalations',
    {
      preHandler: staff,
      schema: {
        tags,
        security: bearer,
        summary:
          'Staff: what restaurants left unanswered past their reminder and escalation, the soonest delivery first, with whom to call',
        response: { 200: opsEscalationsResponseSchema, ...errorResponses },
      },
    },
    async () => restaurantOrders.escalations(),
  );

  r.get(
    '/api/v2/ops/orders/:id',
    {
      preHandler: staff,
      schema: {
        tags,
        security: bearer,
        summary: 'Staff: one placed order with its history (who and when)',
        params: idParamsSchema,
        response: { 200: opsOrderDetailResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.opsDetail(request.params.id),
  );

  r.post(
    '/api/v2/ops/orders/:id/events',
    {
      preHandler: staff,
      schema: {
        tags,
        security: bearer,
        summary:
          'Staff: accept, decline, mark delivery-ready, mark delivered or cancel (409 when the order cannot move so)',
        params: idParamsSchema,
        body: opsOrderEventBodySchema,
        response: { 200: opsOrderDetailResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.staffEvent(authUser(request).id, request.params.id, request.body.event),
  );

  r.delete(
    '/api/v2/catering_orders/:id',
    {
      preHandler: requireUser(deps, { confirmed: true }),
      schema: {
        tags: ['orders'],
        security: bearer,
        summary:
          "Cancel an upcoming order under the upcoming-order rule; voids or refunds the payment (404 for another user's order)",
        params: idParamsSchema,
        response: { 200: cancelledOrderResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.customerCancel(authUser(request).id, request.params.id),
  );
}
