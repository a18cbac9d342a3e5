import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponses,
  partnerAffectedQuerySchema,
  partnerAffectedResponseSchema,
  partnerGroupOrderParamsSchema,
  partnerOrderMessageBodySchema,
  partnerOrderMessageResponseSchema,
  partnerOrderMessagesResponseSchema,
  partnerOrderParamsSchema,
  partnerRestaurantParamsSchema,
  partnerSoldOutBodySchema,
  partnerSoldOutChangeResponseSchema,
  partnerSoldOutResponseSchema,
} from '@caterway/contracts';
import type { SoldOutFor } from '@caterway/domain';
import type { AppDeps } from '../../lib/deps.js';
import { authUser } from '../auth/auth.guard.js';
import { partnerRestaurant, requireRestaurantRole } from '../partner/partner.guard.js';
import { createSoldOutService } from './sold-out.service.js';

const tags = ['partner'];
const security = [{ bearerAuth: [] }];

/**
 * "86 an item" (issue 19 part 3; decision 053): the Sold out page's menu, an 86 and its end, the
 * orders it affects, and the restaurant's messages to their customers. Staff and above, and
 * operations: the kitchen 86s things.
 */
export function soldOutRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const soldOut = createSoldOutService({
    db: deps.db,
    clock: deps.clock,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    log: app.log,
  });
  const staff = requireRestaurantRole(deps, 'staff');

  r.get(
    '/api/v2/partner/restaurants/:chefId/sold-out',
    {
      preHandler: staff,
      schema: {
        tags,
        security,
        summary: "The restaurant's dishes and options by category, with what is sold out now and until when",
        params: partnerRestaurantParamsSchema,
        response: { 200: partnerSoldOutResponseSchema, ...errorResponses },
      },
    },
    async (request) => soldOut.menu(partnerRestaurant(request)),
  );

  r.post(
    '/api/v2/partner/restaurants/:chefId/sold-out',
    {
      preHandler: staff,
      schema: {
        tags,
        security,
        summary:
          "Mark a dish or option sold out (until end of day in the restaurant's zone, 1-72 hours, or until turned back on) or available; answers the orders it affects",
        params: partnerRestaurantParamsSchema,
        body: partnerSoldOutBodySchema,
        response: { 200: partnerSoldOutChangeResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const body = request.body;
      const duration: SoldOutFor | undefined = body.available
        ? undefined
        : body.duration === 'hours'
          ? { kind: 'hours', hours: body.hours! }
          : { kind: body.duration! };
      return soldOut.change(partnerRestaurant(request), authUser(request).id, {
        target: body.menu_id !== undefined ? { menuId: body.menu_id } : { menuItemId: body.menu_item_id! },
        duration,
      });
    },
  );

  r.get(
    '/api/v2/partner/restaurants/:chefId/sold-out/affected',
    {
      preHandler: staff,
      schema: {
        tags,
        security,
        summary:
          'The accepted or waiting future orders and open group orders that hold a dish (menu_id) or option (menu_item_id)',
        params: partnerRestaurantParamsSchema,
        querystring: partnerAffectedQuerySchema,
        response: { 200: partnerAffectedResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { menu_id, menu_item_id } = request.query;
      return soldOut.affected(
        partnerRestaurant(request).id,
        menu_id !== undefined ? { menuId: menu_id } : { menuItemId: menu_item_id! },
      );
    },
  );

  r.get(
    '/api/v2/partner/restaurants/:chefId/orders/:orderId/messages',
    {
      preHandler: staff,
      schema: {
        tags,
        security,
        summary: "What the restaurant told the order's customer (substitutes proposed, notes), oldest first",
        params: partnerOrderParamsSchema,
        response: { 200: partnerOrderMessagesResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      messages: await soldOut.orderMessages(partnerRestaurant(request).id, request.params.orderId),
    }),
  );

  r.post(
    '/api/v2/partner/restaurants/:chefId/orders/:orderId/messages',
    {
      preHandler: staff,
      schema: {
        tags,
        security,
        summary: "Propose a substitute (or send a note) to the order's customer: emailed and shown on their order",
        params: partnerOrderParamsSchema,
        body: partnerOrderMessageBodySchema,
        response: { 200: partnerOrderMessageResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      message: await soldOut.messageOrder(
        partnerRestaurant(request),
        authUser(request).id,
        request.params.orderId,
        request.body,
      ),
    }),
  );

  r.post(
    '/api/v2/partner/restaurants/:chefId/group-orders/:groupOrderId/messages',
    {
      preHandler: staff,
      schema: {
        tags,
        security,
        summary: "Propose a substitute (or send a note) to a group order's organiser: emailed and shown on the order",
        params: partnerGroupOrderParamsSchema,
        body: partnerOrderMessageBodySchema,
        response: { 200: partnerOrderMessageResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      message: await soldOut.messageGroupOrder(
        partnerRestaurant(request),
        authUser(request).id,
        request.params.groupOrderId,
        request.body,
      ),
    }),
  );
}
