import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../lib/deps.js';
import { databaseAnswers } from './health.repository.js';

const healthResponse = z.object({ status: z.literal('ok') });
const readyResponse = z.object({ status: z.enum(['ok']), database: z.literal('up') });

export function healthRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Liveness: the process answers, without touching the database.
  r.get('/api/health', { schema: { tags: ['health'], response: { 200: healthResponse } } }, () => ({
    status: 'ok' as const,
  }));
  // Readiness: the database answers too (503 through the error handler when it does not).
  r.get('/api/ready', { schema: { tags: ['health'], response: { 200: readyResponse } } }, async () => {
    await databaseAnswers(deps.db);
    return { status: 'ok' as const, database: 'up' as const };
  });
}
