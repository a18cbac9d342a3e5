import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponses,
  idParamsSchema,
  okBodySchema,
  savedPresetResponseSchema,
  savePresetBodySchema,
} from '@caterway/contracts';
import type { AppDeps } from '../../lib/deps.js';
import { authUser, requireUser } from '../auth/auth.guard.js';
import { createSavedPresetsService } from './saved-presets.service.js';

const tags = ['presets'];
const security = [{ bearerAuth: [] }];

/** Writes on api/v2/presets (save_for_later); the presets module owns the GET routes on the same paths. */
export function savedPresetsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createSavedPresetsService({
    db: deps.db,
    mailer: deps.mailer,
    clock: deps.clock,
    publicUrl: deps.config.publicUrl,
    log: app.log,
  });
  const preHandler = requireUser(deps, { confirmed: true });

  r.post(
    '/api/v2/presets',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Save the cart as a save_for_later preset and email its link',
        body: savePresetBodySchema,
        response: { 201: savedPresetResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await service.save(authUser(request).id, request.body)),
  );

  r.delete(
    '/api/v2/presets/:id',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: "Delete one of the user's saved presets",
        params: idParamsSchema,
        response: { 200: okBodySchema, ...errorResponses },
      },
    },
    async (request) => service.remove(authUser(request).id, request.params.id),
  );
}
