import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponses,
  idParamsSchema,
  mailboxEmailResponseSchema,
  mailboxListResponseSchema,
  mailboxQuerySchema,
} from '@caterway/contracts';
import type { AppDeps } from '../../lib/deps.js';
import { createMailboxRepository } from './mailbox.repository.js';
import { createMailboxService } from './mailbox.service.js';

const tags = ['dev'];

export function mailboxRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createMailboxService({
    mailbox: createMailboxRepository(deps.db),
    enabled: deps.config.mailboxEnabled,
  });

  r.get(
    '/api/v2/dev/mailbox',
    {
      schema: {
        tags,
        summary: 'Development mailbox: emails sent, newest first',
        querystring: mailboxQuerySchema,
        response: { 200: mailboxListResponseSchema, 404: errorResponses[404], 422: errorResponses[422] },
      },
    },
    async (request) => service.list(request.query),
  );

  r.get(
    '/api/v2/dev/mailbox/:id',
    {
      schema: {
        tags,
        summary: 'Development mailbox: one email with its text and HTML',
        params: idParamsSchema,
        response: { 200: mailboxEmailResponseSchema, 404: errorResponses[404], 422: errorResponses[422] },
      },
    },
    async (request) => service.get(request.params.id),
  );
}
