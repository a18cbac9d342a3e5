import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponses,
  partnerCalendarResponseSchema,
  partnerClosureBodySchema,
  partnerClosureParamsSchema,
  partnerHolidaysResponseSchema,
  partnerOrderingRulesSchema,
  partnerPauseBodySchema,
  partnerRestaurantParamsSchema,
  partnerWeeklyHoursSchema,
} from '@caterway/contracts';
import type { AppDeps } from '../../lib/deps.js';
import { authUser } from '../auth/auth.guard.js';
import { partnerRestaurant, requireRestaurantRole } from '../partner/partner.guard.js';
import { createCalendarService, type CalendarActor } from './calendar.service.js';

/**
 * A restaurant's calendar in the portal (issue 19 part 2; decision 055): staff read it; managers,
 * owners and operations change it.
 */
export function calendarRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createCalendarService({ db: deps.db, clock: deps.clock });
  const security = [{ bearerAuth: [] }];
  const path = '/api/v2/partner/restaurants/:chefId/calendar';
  const actor = (request: FastifyRequest): CalendarActor => ({
    userId: authUser(request).id,
    restaurant: partnerRestaurant(request),
  });
  const answer = { 200: partnerCalendarResponseSchema, ...errorResponses };

  r.get(
    path,
    {
      preHandler: requireRestaurantRole(deps, 'staff'),
      schema: {
        tags: ['partner'],
        security,
        summary: "The restaurant's weekly hours, closures still to come, pause and ordering rules",
        params: partnerRestaurantParamsSchema,
        response: answer,
      },
    },
    async (request) => ({ calendar: await service.calendar(partnerRestaurant(request).id) }),
  );

  r.put(
    `${path}/hours`,
    {
      preHandler: requireRestaurantRole(deps, 'manager'),
      schema: {
        tags: ['partner'],
        security,
        summary: 'Replace the weekly hours: delivery windows per weekday (15-minute steps, no overlaps)',
        params: partnerRestaurantParamsSchema,
        body: partnerWeeklyHoursSchema,
        response: answer,
      },
    },
    async (request) => ({ calendar: await service.saveHours(actor(request), request.body) }),
  );

  r.post(
    `${path}/closures`,
    {
      preHandler: requireRestaurantRole(deps, 'manager'),
      schema: {
        tags: ['partner'],
        security,
        summary: 'Close a date or range, or give it different windows, with a reason',
        params: partnerRestaurantParamsSchema,
        body: partnerClosureBodySchema,
        response: answer,
      },
    },
    async (request) => ({ calendar: await service.addClosure(actor(request), request.body) }),
  );

  r.delete(
    `${path}/closures/:closureId`,
    {
      preHandler: requireRestaurantRole(deps, 'manager'),
      schema: {
        tags: ['partner'],
        security,
        summary: 'Remove a closure or one-off change',
        params: partnerClosureParamsSchema,
        response: answer,
      },
    },
    async (request) => ({ calendar: await service.removeClosure(actor(request), request.params.closureId) }),
  );

  r.get(
    `${path}/holidays`,
    {
      preHandler: requireRestaurantRole(deps, 'staff'),
      schema: {
        tags: ['partner'],
        security,
        summary: "The statutory holidays of the restaurant's province or state over the next 12 months",
        params: partnerRestaurantParamsSchema,
        response: { 200: partnerHolidaysResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.holidays(partnerRestaurant(request).id),
  );

  r.put(
    `${path}/pause`,
    {
      preHandler: requireRestaurantRole(deps, 'manager'),
      schema: {
        tags: ['partner'],
        security,
        summary: 'Stop taking new orders until a time (or the end of today); orders placed meanwhile are refused',
        params: partnerRestaurantParamsSchema,
        body: partnerPauseBodySchema,
        response: answer,
      },
    },
    async (request) => ({ calendar: await service.pause(actor(request), request.body) }),
  );

  r.delete(
    `${path}/pause`,
    {
      preHandler: requireRestaurantRole(deps, 'manager'),
      schema: {
        tags: ['partner'],
        security,
        summary: 'End the pause: take new orders again',
        params: partnerRestaurantParamsSchema,
        response: answer,
      },
    },
    async (request) => ({ calendar: await service.resume(actor(request)) }),
  );

  r.put(
    `${path}/ordering`,
    {
      preHandler: requireRestaurantRole(deps, 'manager'),
      schema: {
        tags: ['partner'],
        security,
        summary: "The restaurant's lead time (hours of notice) and minimum order",
        params: partnerRestaurantParamsSchema,
        body: partnerOrderingRulesSchema,
        response: answer,
      },
    },
    async (request) => ({ calendar: await service.saveOrdering(actor(request), request.body) }),
  );
}
