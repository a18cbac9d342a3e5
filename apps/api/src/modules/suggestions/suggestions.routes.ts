import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, suggestionBodySchema, suggestionResponseSchema } from '@caterway/contracts';
import type { AppDeps } from '../../lib/deps.js';
import { createRateLimiter } from '../../lib/rate-limit.js';
import { createOrderCatalogueReads } from '../orders/order-catalogue.service.js';
import { createSuggestionsRepository } from './suggestions.repository.js';
import { createSuggestionsService } from './suggestions.service.js';

export function suggestionsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limiter = createRateLimiter({
    redisUrl: deps.config.redisUrl,
    redisKeyPrefix: deps.config.redisKeyPrefix,
    db: deps.db,
    clock: deps.clock,
    log: app.log,
  });
  app.addHook('onClose', async () => {
    await limiter.close?.();
  });
  const service = createSuggestionsService({
    catalogue: createOrderCatalogueReads(deps.db),
    suggestions: createSuggestionsRepository(deps.db),
    mailer: deps.mailer,
    clock: deps.clock,
    limiter,
    publicUrl: deps.config.publicUrl,
    log: app.log,
  });

  r.post(
    '/api/v2/catering_suggestions/:presetId',
    {
      schema: {
        tags: ['suggestions'],
        summary: 'Menu-suggestion bot: compose a menu for the request from the preset, store it and email it',
        params: z.object({ presetId: z.coerce.number().int().positive() }),
        body: suggestionBodySchema,
        response: { 201: suggestionResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.suggest(request.params.presetId, request.body, { ip: request.ip })),
  );
}
