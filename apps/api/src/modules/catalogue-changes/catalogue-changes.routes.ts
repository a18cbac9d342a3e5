import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponses,
  partnerAuditQuerySchema,
  partnerAuditResponseSchema,
  partnerRestaurantParamsSchema,
} from '@caterway/contracts';
import type { AppDeps } from '../../lib/deps.js';
import { partnerRestaurant, requireRestaurantRole } from '../partner/partner.guard.js';
import { createCatalogueChangesService } from './catalogue-changes.service.js';

/** The audit log of a restaurant (decision 051): its owners and operations read it. */
export function catalogueChangesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const changes = createCatalogueChangesService(deps.db);

  r.get(
    '/api/v2/partner/restaurants/:chefId/audit',
    {
      preHandler: requireRestaurantRole(deps, 'owner'),
      schema: {
        tags: ['partner'],
        security: [{ bearerAuth: [] }],
        summary: "Every change to the restaurant's menu, photos, calendar and settings: who, when, before and after",
        params: partnerRestaurantParamsSchema,
        querystring: partnerAuditQuerySchema,
        response: { 200: partnerAuditResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { limit, before } = request.query;
      const rows = await changes.auditLog(partnerRestaurant(request).id, { before, limit: limit + 1 });
      const page = rows.slice(0, limit);
      return {
        entries: page.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          actor: { user_id: row.actor_user_id, name: row.actor_name, email: row.actor_email, role: row.actor_role },
          entity: row.entity,
          entity_id: row.entity_id,
          action: row.action,
          summary: row.summary,
          before: row.before ?? null,
          after: row.after ?? null,
        })),
        next_before: rows.length > limit ? page[page.length - 1]!.id : null,
      };
    },
  );
}
