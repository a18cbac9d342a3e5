import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponses,
  fileResponse,
  partnerCommissionBodySchema,
  partnerCommissionResponseSchema,
  partnerRestaurantParamsSchema,
  partnerStatementQuerySchema,
  partnerStatementResponseSchema,
  pdfResponses,
} from '@caterway/contracts';
import type { AppDeps } from '../../lib/deps.js';
import { sendPdf } from '../../lib/pdf/pdf-reply.js';
import { authUser } from '../auth/auth.guard.js';
import { partnerRestaurant, requireRestaurantRole } from '../partner/partner.guard.js';
import { sharedPdfPool } from '../pdf-documents.js';
import { statementCsv, statementFileName } from './statement-csv.js';
import { createStatementsService } from './statements.service.js';

// A restaurant's statements (issue 19 part 5; docs/decisions/057): money, so owners, managers and
// operations only (the restaurant's staff get 403, another restaurant's team 404).

export function statementsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createStatementsService({ db: deps.db, clock: deps.clock });
  const pdfPool = sharedPdfPool(deps.config);
  const tags = ['partner'];
  const security = [{ bearerAuth: [] }];
  const managers = requireRestaurantRole(deps, 'manager');
  const base = '/api/v2/partner/restaurants/:chefId';

  r.get(
    `${base}/statements`,
    {
      preHandler: managers,
      schema: {
        tags,
        security,
        summary:
          "The restaurant's statement for a week (Monday to Sunday) or a month holding `start` (today by default, in its time zone): delivered orders with its food, delivery fee, taxes, tip, commission and net, the totals, and the periods that have orders",
        params: partnerRestaurantParamsSchema,
        querystring: partnerStatementQuerySchema,
        response: { 200: partnerStatementResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.statement(partnerRestaurant(request).id, request.query),
  );

  r.get(
    `${base}/statements.csv`,
    {
      preHandler: managers,
      schema: {
        tags,
        security,
        summary:
          'The same statement as a CSV file (UTF-8 with a byte-order mark, a row per order and a Total row), saved as caterway-statement-{chefId}-{period}-{start}.csv',
        params: partnerRestaurantParamsSchema,
        querystring: partnerStatementQuerySchema,
        response: { 200: fileResponse('text/csv', 'The statement as CSV'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const chefId = partnerRestaurant(request).id;
      const statement = await service.statement(chefId, request.query);
      return reply
        .type('text/csv; charset=utf-8; header=present')
        .header('content-disposition', `attachment; filename="${statementFileName(chefId, statement, 'csv')}"`)
        .header('cache-control', 'private, no-store')
        .send(statementCsv(statement));
    },
  );

  r.get(
    `${base}/statements.pdf`,
    {
      preHandler: managers,
      schema: {
        tags,
        security,
        summary: 'The same statement as a PDF, saved as caterway-statement-{chefId}-{period}-{start}.pdf',
        params: partnerRestaurantParamsSchema,
        querystring: partnerStatementQuerySchema,
        response: pdfResponses('The statement as PDF'),
      },
    },
    async (request, reply) => {
      const chefId = partnerRestaurant(request).id;
      const statement = await service.statement(chefId, request.query);
      const preparedAt = new Intl.DateTimeFormat('en-US', {
        timeZone: statement.restaurant.time_zone,
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(deps.clock.now());
      const pdf = await pdfPool.render('statement', { statement, preparedAt });
      return sendPdf(reply, pdf, statementFileName(chefId, statement, 'pdf'));
    },
  );

  r.get(
    `${base}/commission`,
    {
      preHandler: managers,
      schema: {
        tags,
        security,
        summary:
          "Caterway's commission rate for the restaurant (basis points): the one in force today and every one set",
        params: partnerRestaurantParamsSchema,
        response: { 200: partnerCommissionResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const restaurant = partnerRestaurant(request);
      return service.commission(restaurant.id, restaurant.role);
    },
  );

  r.put(
    `${base}/commission`,
    {
      preHandler: managers,
      schema: {
        tags,
        security,
        summary:
          'Set the commission rate from a day on, today or later in the restaurant’s time zone (operations only; owners and managers get 403); recorded in the audit log',
        params: partnerRestaurantParamsSchema,
        body: partnerCommissionBodySchema,
        response: { 200: partnerCommissionResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const restaurant = partnerRestaurant(request);
      return service.setCommission(restaurant.id, { userId: authUser(request).id, restaurant }, request.body);
    },
  );
}
