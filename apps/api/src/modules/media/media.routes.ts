import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, fileResponse } from '@caterway/contracts';
import type { AppDeps } from '../../lib/deps.js';
import { notFound } from '../../lib/errors.js';
import { artKinds, renderArt } from './media.art.js';

const paramsSchema = z.object({
  kind: z
    .string()
    .max(40)
    .describe(`one of ${artKinds.join(', ')}`),
  file: z
    .string()
    .max(80)
    .describe(
      '<seed>.svg, e.g. 12.svg, 12-bc.svg (initials), 34-sushi.svg (dish type), 7-sushi-ramen-poke.svg (banner)',
    ),
});

/**
 * Generated catalogue artwork (ARCHITECTURE.md: no remote image hosts). The catalogue stores
 * relative URLs like /media/art/dish/123-sushi.svg (the dish type, decision 074); the same URL always draws the same picture,
 * so browsers and CDNs keep it for a year.
 */
export function mediaRoutes(app: FastifyInstance, _deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/media/art/:kind/:file',
    {
      schema: {
        tags: ['media'],
        summary: 'Deterministic SVG artwork for chefs, dishes and presets',
        params: paramsSchema,
        response: { 200: fileResponse('image/svg+xml', 'The artwork as SVG'), 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { kind, file } = request.params;
      const seed = file.endsWith('.svg') ? file.slice(0, -4) : '';
      const art = seed ? renderArt(kind, seed) : null;
      if (!art) throw notFound();
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .type('image/svg+xml; charset=utf-8')
        .send(art);
    },
  );
}
