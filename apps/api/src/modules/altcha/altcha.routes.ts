import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { altchaChallengeSchema, errorResponses } from '@caterway/contracts';
import type { AppDeps } from '../../lib/deps.js';
import { createRateLimiter, enforceRateLimits } from '../../lib/rate-limit.js';
import { altchaServiceFrom } from './altcha.compose.js';

// GET api/v2/altcha/challenge: a fresh signed proof-of-work challenge for the forms that ask
// 'Please verify if you are human.' (path not shown in the spec; named in the same style).

const CHALLENGES_PER_10_MIN = 120;

export function altchaRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = altchaServiceFrom(deps);
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

  r.get(
    '/api/v2/altcha/challenge',
    {
      schema: {
        tags: ['captcha'],
        summary: 'A signed ALTCHA proof-of-work challenge (solve in the browser, send back with the form)',
        response: { 200: altchaChallengeSchema, 429: errorResponses[429] },
      },
    },
    async (request, reply) => {
      await enforceRateLimits(limiter, [
        { key: `altcha:ip:${request.ip}`, limit: CHALLENGES_PER_10_MIN, windowMs: 10 * 60 * 1000 },
      ]);
      // A challenge is single-use and short-lived: never cache it.
      void reply.header('cache-control', 'no-store');
      return service.createChallenge();
    },
  );
}
