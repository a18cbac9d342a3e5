import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, testClockBodySchema, testClockResponseSchema } from '@caterway/contracts';
import { isControllable } from '../../lib/clock.js';
import type { AppDeps } from '../../lib/deps.js';

/**
 * POST api/v2/test/clock {advance_seconds}: browser tests move the server clock past a cut-off.
 * The route exists only when the server runs with E2E_CONTROLLABLE_CLOCK (loadConfig refuses it
 * with NODE_ENV=production) and its clock is controllable (server.ts builds it so).
 */
export function testClockRoutes(app: FastifyInstance, deps: AppDeps): void {
  const clock = deps.clock;
  if (!deps.config.controllableClock || deps.config.isProduction || !isControllable(clock)) return;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/v2/test/clock',
    {
      schema: {
        tags: ['test'],
        summary: 'Browser tests only: move the server clock forward',
        body: testClockBodySchema,
        response: { 200: testClockResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await clock.advance(request.body.advance_seconds * 1000);
      return { now: clock.now().toISOString() };
    },
  );
}
