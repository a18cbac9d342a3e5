import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  errorResponses,
  fileResponse,
  partnerFocalPointBodySchema,
  partnerPhotoParamsSchema,
  partnerPhotoSchema,
  partnerPhotosResponseSchema,
  partnerRestaurantParamsSchema,
} from '@caterway/contracts';
import { photoRules } from '@caterway/domain';
import { createStorage, StorageUnavailableError } from '../../adapters/storage/index.js';
import type { AppDeps } from '../../lib/deps.js';
import { AppError, notFound, validationFailed } from '../../lib/errors.js';
import { createRateLimiter, limitStoreFailed } from '../../lib/rate-limit.js';
import { authUser } from '../auth/auth.guard.js';
import { actorOf } from '../catalogue-changes/catalogue-changes.service.js';
import { partnerRestaurant, requireRestaurantRole } from '../partner/partner.guard.js';
import { photoMessages } from './photo-processing.js';
import { createPhotosService, parseTarget } from './photos.service.js';

const tags = ['partner'];
const security = [{ bearerAuth: [] }];
const base = '/api/v2/partner/restaurants/:chefId/photos';

/** Uploads and focal points per user and hour: a day's menu shoot, not a scripted flood. */
const UPLOADS_PER_HOUR = 120;
// the multipart envelope around a 15 MB file: boundaries, headers and the target field
const ENVELOPE_BYTES = 64 * 1024;

const unavailable = () =>
  new AppError('unavailable', 'Photos cannot be stored right now. Please try again in a minute.', {
    headers: { 'retry-after': '30' },
  });

/**
 * A restaurant's photos (issue 19 part 3; decision 054): its logo, banner and dish photos for the
 * portal (staff read them; managers, owners and operations change them), and the public route
 * that serves the stored crops with a year of immutable caching (every key names its content).
 */
export async function photosRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const storage = deps.storage ?? createStorage(deps.config);
  const photos = createPhotosService({ db: deps.db, storage });
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
  const limitUser = async (userId: number) => {
    const r = await limiter
      .hit({ key: `photos:user:${userId}`, limit: UPLOADS_PER_HOUR, windowMs: 3_600_000 })
      .catch((err: unknown) => limitStoreFailed(limiter, err));
    if (!r.allowed) {
      throw new AppError('too_many_requests', 'Too many photo changes in the last hour. Please try again later.', {
        headers: { 'retry-after': String(r.retryAfterSeconds) },
      });
    }
  };
  const storageFailed = (err: unknown): never => {
    if (err instanceof StorageUnavailableError) {
      app.log.error({ err: err.message }, 'photo storage failed');
      throw unavailable();
    }
    throw err;
  };

  // multipart only in this scope: the upload route reads the stream itself, 15 MB at most
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: photoRules.maxBytes, files: 1, fields: 2, parts: 3, fieldSize: 200 },
      throwFileSizeLimit: true,
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post(
      base,
      {
        preHandler: requireRestaurantRole(deps, 'manager'),
        // the body streams through @fastify/multipart (no JSON body limit): the file is counted as it
        // arrives and refused past 15 MB, never held whole beyond that
        bodyLimit: photoRules.maxBytes + ENVELOPE_BYTES,
        schema: {
          tags,
          security,
          summary:
            'Upload the logo, the banner or a dish photo (multipart: target = logo | banner | dish:<menu id>, then file)',
          description:
            'multipart/form-data with the field `target` (logo, banner or dish:<menu id>) before the field `file` ' +
            '(JPEG, PNG, WebP or HEIC, at most 15 MB, at least 800 × 533 px). The photo is re-encoded to WebP and ' +
            'AVIF crops around its centre and replaces what the storefront showed.',
          consumes: ['multipart/form-data'],
          params: partnerRestaurantParamsSchema,
          response: { 201: partnerPhotoSchema, ...errorResponses, 503: errorBodySchema },
        },
      },
      async (request, reply) => {
        const restaurant = partnerRestaurant(request);
        const userId = authUser(request).id;
        const declared = Number(request.headers['content-length'] ?? 0);
        if (declared > photoRules.maxBytes + ENVELOPE_BYTES) throw validationFailed([photoMessages.tooLarge]);
        if (!request.isMultipart()) {
          throw validationFailed(['Send the photo as multipart/form-data with the fields target and file.']);
        }
        await limitUser(userId);
        let target: string | undefined;
        let upload: Buffer | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'field') {
              if (part.fieldname === 'target') target = String(part.value);
              continue;
            }
            if (part.fieldname !== 'file') {
              part.file.resume();
              continue;
            }
            const slot = target === undefined ? null : parseTarget(target);
            if (!slot) {
              part.file.resume();
              throw validationFailed(['target must be logo, banner or dish:<menu id>, sent before the file']);
            }
            // a dish of another restaurant answers 404 before the file is read
            await photos.assertSlot(restaurant.id, slot);
            upload = await part.toBuffer();
          }
        } catch (err) {
          const code = (err as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw validationFailed([photoMessages.tooLarge]);
          if (code?.startsWith('FST_')) throw validationFailed(['The upload could not be read. Please try again.']);
          throw err;
        }
        const slot = target === undefined ? null : parseTarget(target);
        if (!slot) throw validationFailed(['target must be logo, banner or dish:<menu id>']);
        if (!upload || upload.byteLength === 0) throw validationFailed(['Choose a photo to upload.']);
        const photo = await photos
          .upload(restaurant.id, actorOf(userId, restaurant), slot, upload)
          .catch(storageFailed);
        return reply.status(201).send(photo);
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    base,
    {
      preHandler: requireRestaurantRole(deps, 'staff'),
      schema: {
        tags,
        security,
        summary: "The restaurant's logo, banner and dishes with their photos (or the generated art they show)",
        params: partnerRestaurantParamsSchema,
        response: { 200: partnerPhotosResponseSchema, ...errorResponses },
      },
    },
    async (request) => photos.list(partnerRestaurant(request).id),
  );

  r.put(
    `${base}/:photoId/focal-point`,
    {
      preHandler: requireRestaurantRole(deps, 'manager'),
      schema: {
        tags,
        security,
        summary: 'Move the focal point of a photo (0..1 from the left and the top): its crops are made again',
        params: partnerPhotoParamsSchema,
        body: partnerFocalPointBodySchema,
        response: { 200: partnerPhotoSchema, ...errorResponses, 503: errorBodySchema },
      },
    },
    async (request) => {
      const restaurant = partnerRestaurant(request);
      const userId = authUser(request).id;
      await limitUser(userId);
      return photos
        .setFocalPoint(restaurant.id, actorOf(userId, restaurant), request.params.photoId, request.body)
        .catch(storageFailed);
    },
  );

  r.delete(
    `${base}/:photoId`,
    {
      preHandler: requireRestaurantRole(deps, 'manager'),
      schema: {
        tags,
        security,
        summary: 'Remove a photo: the storefront shows the generated art again',
        params: partnerPhotoParamsSchema,
        response: { 204: z.null().describe('Removed'), ...errorResponses, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      const restaurant = partnerRestaurant(request);
      await photos
        .remove(restaurant.id, actorOf(authUser(request).id, restaurant), request.params.photoId)
        .catch(storageFailed);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/media/photos/:folder/:file',
    {
      schema: {
        tags: ['media'],
        summary: "A restaurant's uploaded photo, one crop at one width (WebP or AVIF); cached for a year",
        params: z.object({
          folder: z.string().max(20).describe('c<restaurant id>'),
          file: z.string().max(120).describe('<hash>-f<x>x<y>-<shape>-<width>.webp|avif, or the srcset URL'),
        }),
        response: {
          200: fileResponse('image/webp', 'The image (image/webp or image/avif)'),
          304: z.null().describe('Not modified'),
          404: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const key = photos.keyOfPublicFile(request.params.folder, request.params.file);
      if (!key) throw notFound();
      const object = await storage.get(key).catch(storageFailed);
      if (!object) throw notFound();
      void reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', object.etag)
        .header('x-content-type-options', 'nosniff');
      if (object.etag && request.headers['if-none-match'] === object.etag) {
        object.body.destroy();
        return reply.status(304).send(null);
      }
      return reply
        .type(object.contentType)
        .header('content-length', object.contentLength)
        .send(object.body as never);
    },
  );
}
