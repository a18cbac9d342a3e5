import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messagesBodySchema, systemVarsQuerySchema, systemVarsResponseSchema } from '@caterway/contracts';
import type { AppDeps } from '../../lib/deps.js';
import { sendPreparedJson } from '../../lib/serialised-json.js';
import { catalogueSyncOf } from '../catalogue-changes/catalogue-sync.js';
import { createCatalogueRepository } from './catalogue.repository.js';
import { createCatalogueService } from './catalogue.service.js';

const tags = ['catalogue'];

export function catalogueRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createCatalogueService({ catalogueRepository: createCatalogueRepository(deps.db) });
  // system vars are nobody's restaurant: a change of one leaves them; a missed notification drops them
  catalogueSyncOf(app, deps).register({
    name: 'system vars',
    forget: () => undefined,
    forgetAll: () => service.forgetAll(),
  });

  // Public: the home page's cuisine and dietary filters load before anyone signs in.
  r.get(
    '/api/v2/system_vars',
    {
      schema: {
        tags,
        summary: 'Cuisine and dietary types (preset_cuisine_type, preset_dietary_type)',
        querystring: systemVarsQuerySchema,
        response: { 200: systemVarsResponseSchema, 422: messagesBodySchema },
      },
    },
    async (request, reply) => {
      const answer = await service.systemVarsJson(request.query);
      // reference data that changes rarely: a short shared cache keeps the home page quick
      void reply.header('cache-control', 'public, max-age=300');
      return sendPreparedJson(request, reply, answer);
    },
  );
}
