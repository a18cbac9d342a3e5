import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, userCateringOrdersQuerySchema, userCateringOrdersResponseSchema } from '@caterway/contracts';
import type { AppDeps } from '../../lib/deps.js';
import { authUser, requireUser } from '../auth/auth.guard.js';
import { createReportsRepository } from './reports.repository.js';
import { createReportsService } from './reports.service.js';

const tags = ['reports'];
const security = [{ bearerAuth: [] }];

export async function reportsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createReportsService({ reports: createReportsRepository(deps.db) });

  r.get(
    '/api/v2/user/user_catering_orders',
    {
      preHandler: requireUser(deps, { confirmed: true }),
      schema: {
        tags,
        security,
        summary: "The signed-in user's spend: placed orders by delivery date and vendor, a page at a time",
        querystring: userCateringOrdersQuerySchema,
        response: { 200: userCateringOrdersResponseSchema, 401: errorResponses[401], 403: errorResponses[403], 422: errorResponses[422] },
      },
    },
    async (request) => service.spend(authUser(request).id, request.query),
  );
}
