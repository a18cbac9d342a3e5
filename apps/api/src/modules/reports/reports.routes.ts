import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponses,
  fileResponse,
  userCateringOrdersCsvQuerySchema,
  userCateringOrdersQuerySchema,
  userCateringOrdersResponseSchema,
} from '@caterway/contracts';
import type { AppDeps } from '../../lib/deps.js';
import { authUser, requireUser } from '../auth/auth.guard.js';
import { createReportsRepository } from './reports.repository.js';
import { createReportsService } from './reports.service.js';

const tags = ['reports'];
const security = [{ bearerAuth: [] }];

export function reportsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createReportsService({ reports: createReportsRepository(deps.db), clock: deps.clock });
  const confirmedUser = requireUser(deps, { confirmed: true });

  r.get(
    '/api/v2/user/user_catering_orders',
    {
      preHandler: confirmedUser,
      schema: {
        tags,
        security,
        summary: "The signed-in user's spend: placed orders by delivery date and vendor, a page at a time",
        querystring: userCateringOrdersQuerySchema,
        response: {
          200: userCateringOrdersResponseSchema,
          401: errorResponses[401],
          403: errorResponses[403],
          422: errorResponses[422],
        },
      },
    },
    async (request) => service.spend(authUser(request).id, request.query),
  );

  r.get(
    '/api/v2/user/user_catering_orders.csv',
    {
      preHandler: confirmedUser,
      schema: {
        tags,
        security,
        summary:
          "The spend report's orders for its filters, all of them (up to 10,000), as a CSV file for spreadsheets: UTF-8 with a byte-order mark, a header row, one column per tax; saved as caterway-spend-{date}.csv",
        querystring: userCateringOrdersCsvQuerySchema,
        response: {
          200: fileResponse('text/csv', 'The orders as CSV'),
          401: errorResponses[401],
          403: errorResponses[403],
          422: errorResponses[422],
        },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await service.spendCsv(authUser(request).id, request.query);
      return reply
        .type('text/csv; charset=utf-8; header=present')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
}
