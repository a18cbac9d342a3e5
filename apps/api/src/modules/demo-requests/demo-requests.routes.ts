import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { demoRequestBodySchema, demoRequestCreatedSchema, errorResponses } from '@caterway/contracts';
import type { AppDeps } from '../../lib/deps.js';
import { createRateLimiter } from '../../lib/rate-limit.js';
import { altchaServiceFrom } from '../altcha/altcha.compose.js';
import { createDemoRequestsRepository } from './demo-requests.repository.js';
import { createDemoRequestsService } from './demo-requests.service.js';

// POST messages/json_create.json: the /book-demo form (browse-account-orders §7; the path is the spec's).
export function demoRequestsRoutes(app: FastifyInstance, deps: AppDeps): void {
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
  const service = createDemoRequestsService({
    demoRequests: createDemoRequestsRepository(deps.db),
    altcha: altchaServiceFrom(deps),
    mailer: deps.mailer,
    limiter,
    clock: deps.clock,
    salesEmail: deps.config.salesEmail,
    log: app.log,
  });

  r.post(
    '/messages/json_create.json',
    {
      schema: {
        tags: ['demo'],
        summary: 'Request a demo; stores it and emails the sales inbox (ALTCHA solution required)',
        body: demoRequestBodySchema,
        response: { 201: demoRequestCreatedSchema, 422: errorResponses[422], 429: errorResponses[429] },
      },
    },
    async (request, reply) => {
      const created = await service.create(request.body.message, {
        ip: request.ip,
        userAgent: String(request.headers['user-agent'] ?? ''),
      });
      return reply.status(201).send(created);
    },
  );
}
