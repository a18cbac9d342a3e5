import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { siteConfigResponseSchema } from '@caterway/contracts';
import { isSandboxProvider } from '../../adapters/payments/index.js';
import type { AppDeps } from '../../lib/deps.js';

// Runtime config for the browser, so one storefront build works wherever the group-order site
// is deployed (GROUP_ORDERS_URL is read once, in config/env.ts, which also builds share links),
// and whether payments are in test mode: the provider the app runs with is the sandbox
// (PAYMENTS=sandbox; docs/decisions/028), so every page says that no card is charged; the
// support line's email and phone, which production sets (docs/decisions/066); and where the
// restaurant map's tiles come from (MAP_TILE_URL, decision 067; '' draws the schematic).
export function siteConfigRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const body = {
    group_orders_url: deps.config.groupOrdersUrl,
    test_mode: isSandboxProvider(deps.payments),
    // the support line: one place (SUPPORT_EMAIL, SUPPORT_PHONE) for every page that names it (decision 066)
    support_email: deps.config.supportEmail,
    support_phone: deps.config.supportPhone,
    map_tile_url: deps.config.mapTileUrl,
    map_tile_attribution: deps.config.mapTileAttribution,
  };
  r.get(
    '/api/v2/site_config',
    {
      schema: {
        tags: ['site'],
        summary:
          "Runtime settings the sites need: the group-order site's base URL, whether payments are in test mode (sandbox), the support line, and the map's tiles",
        response: { 200: siteConfigResponseSchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(body),
  );
}
