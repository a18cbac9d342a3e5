import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponses,
  partnerCapacityResponseSchema,
  partnerCapacitySchema,
  pdfResponses,
  type PartnerCapacity,
  partnerPrepListQuerySchema,
  partnerPrepListResponseSchema,
  partnerInviteAcceptBodySchema,
  partnerInviteAcceptResponseSchema,
  partnerInviteBodySchema,
  partnerInviteLookupResponseSchema,
  partnerInviteSchema,
  partnerInviteTokenBodySchema,
  partnerTeamResponseSchema,
  partnerRestaurantParamsSchema,
  partnerRestaurantSchema,
  partnerRestaurantsResponseSchema,
  partnerAnswerBodySchema,
  partnerSettingsResponseSchema,
  partnerSettingsSchema,
  partnerStatsResponseSchema,
  partnerAnswerLinkAnswerBodySchema,
  partnerAnswerLinkBodySchema,
  partnerAnswerLinkResponseSchema,
  partnerOrderDetailResponseSchema,
  partnerOrderParamsSchema,
  partnerOrdersQuerySchema,
  partnerOrdersResponseSchema,
} from '@caterway/contracts';
import type { CapacityRule } from '@caterway/domain';
import type { AppDeps } from '../../lib/deps.js';
import { sendPdf } from '../../lib/pdf/pdf-reply.js';
import { authUser, optionalUser, requireUser } from '../auth/auth.guard.js';
import { createCapacityService } from '../capacity/capacity.service.js';
import { createGroupOrderDocumentsService } from '../group-order-documents/group-order-documents.service.js';
import { groupOrderLookupFrom } from '../group-orders/group-order-lookup.service.js';
import { invoicesServiceFrom } from '../invoices/invoices.compose.js';
import { orderHistoryReadsFrom } from '../order-history/order-history-reads.service.js';
import {
  lifecycleServiceFrom,
  restaurantNoticesFrom,
  restaurantOrdersFrom,
} from '../order-lifecycle/lifecycle.compose.js';
import { STALE_PAYMENT_CLAIM_SECONDS } from '../orders/orders.types.js';
import { sharedPdfPool } from '../pdf-documents.js';
import { createInvitesService } from './invites.service.js';
import { partnerRestaurant, requireRestaurantRole } from './partner.guard.js';
import { createPartnerRepository } from './partner.repository.js';

/** The restaurant portal's API (issue 19, decision 047): restaurants as their teams see them. */
export function partnerRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const partners = createPartnerRepository(deps.db);
  const invites = createInvitesService({
    db: deps.db,
    clock: deps.clock,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
  });
  const restaurantOrders = restaurantOrdersFrom(deps);
  const lifecycle = lifecycleServiceFrom(deps, app.log);
  const notices = restaurantNoticesFrom(deps, app.log);
  const bearer = [{ bearerAuth: [] }];
  const pdfPool = sharedPdfPool(deps.config);
  const groupDocuments = createGroupOrderDocumentsService({
    groupOrders: groupOrderLookupFrom(deps.db),
    history: orderHistoryReadsFrom(deps.db),
    invoices: invoicesServiceFrom(deps),
    pdf: pdfPool,
  });
  const capacity = createCapacityService({ db: deps.db, staleSeconds: STALE_PAYMENT_CLAIM_SECONDS });

  r.get(
    '/api/v2/partner/restaurants',
    {
      preHandler: requireUser(deps),
      schema: {
        tags: ['partner'],
        summary:
          'The restaurants the signed-in user is on the team of, with their role (every restaurant for operations staff; empty for anyone else)',
        response: { 200: partnerRestaurantsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = authUser(request);
      return {
        restaurants: user.role === 'staff' ? await partners.allRestaurants() : await partners.restaurantsOf(user.id),
      };
    },
  );

  r.get(
    '/api/v2/partner/restaurants/:chefId',
    {
      preHandler: requireRestaurantRole(deps),
      schema: {
        tags: ['partner'],
        summary: "One restaurant with the caller's role there; 404 for a restaurant they have no role on",
        params: partnerRestaurantParamsSchema,
        response: { 200: partnerRestaurantSchema, ...errorResponses },
      },
    },
    (request) => partnerRestaurant(request),
  );

  r.get(
    '/api/v2/partner/restaurants/:chefId/team',
    {
      preHandler: requireRestaurantRole(deps, 'manager'),
      schema: {
        tags: ['partner'],
        summary: "A restaurant's team and its open invitations (managers, owners, operations)",
        params: partnerRestaurantParamsSchema,
        response: { 200: partnerTeamResponseSchema, ...errorResponses },
      },
    },
    async (request) => invites.team(partnerRestaurant(request)),
  );

  r.post(
    '/api/v2/partner/restaurants/:chefId/invites',
    {
      preHandler: requireRestaurantRole(deps, 'manager'),
      schema: {
        tags: ['partner'],
        summary:
          'Invite someone to the team by email (owners and operations: any role; managers: staff). The link works once, for 7 days',
        params: partnerRestaurantParamsSchema,
        body: partnerInviteBodySchema,
        response: { 201: partnerInviteSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await invites.invite(partnerRestaurant(request), authUser(request), request.body)),
  );

  r.post(
    '/api/v2/partner/invites/lookup',
    {
      schema: {
        tags: ['partner'],
        summary: 'What an invitation link offers (the restaurant, the role, the email and whether it has an account)',
        body: partnerInviteTokenBodySchema,
        response: { 200: partnerInviteLookupResponseSchema, ...errorResponses },
      },
    },
    async (request) => invites.lookup(request.body.token),
  );

  r.post(
    '/api/v2/partner/invites/accept',
    {
      preHandler: optionalUser(deps),
      schema: {
        tags: ['partner'],
        summary:
          'Accept an invitation: a new account gives its name and password; an existing one accepts while signed in as the invited email',
        body: partnerInviteAcceptBodySchema,
        response: { 200: partnerInviteAcceptResponseSchema, ...errorResponses },
      },
    },
    async (request) => invites.accept(request.body, request.user),
  );

  r.get(
    '/api/v2/partner/restaurants/:chefId/orders',
    {
      preHandler: requireRestaurantRole(deps, 'staff'),
      schema: {
        tags: ['partner'],
        security: bearer,
        summary:
          "A restaurant's orders: waiting for its answer (soonest delivery first), upcoming, or past; with the count waiting",
        params: partnerRestaurantParamsSchema,
        querystring: partnerOrdersQuerySchema,
        response: { 200: partnerOrdersResponseSchema, ...errorResponses },
      },
    },
    async (request) => restaurantOrders.list(partnerRestaurant(request).id, request.query.view),
  );

  r.get(
    '/api/v2/partner/restaurants/:chefId/orders/:orderId',
    {
      preHandler: requireRestaurantRole(deps, 'staff'),
      schema: {
        tags: ['partner'],
        security: bearer,
        summary: "One order as the restaurant's kitchen needs it, with what reached the restaurant about it",
        params: partnerOrderParamsSchema,
        response: { 200: partnerOrderDetailResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      order: await restaurantOrders.detail(partnerRestaurant(request).id, request.params.orderId),
    }),
  );

  r.post(
    '/api/v2/partner/restaurants/:chefId/orders/:orderId/answers',
    {
      preHandler: requireRestaurantRole(deps, 'staff'),
      schema: {
        tags: ['partner'],
        security: bearer,
        summary:
          'Accept or decline a new order, or acknowledge a change or a cancellation (409 when already answered or superseded)',
        params: partnerOrderParamsSchema,
        body: partnerAnswerBodySchema,
        response: { 200: partnerOrderDetailResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const restaurant = partnerRestaurant(request);
      const { orderId } = request.params;
      await lifecycle.restaurantAnswer(
        {
          userId: authUser(request).id,
          chefId: restaurant.id,
          via: restaurant.role === 'operations' ? 'operations' : 'portal',
        },
        orderId,
        request.body,
      );
      return { order: await restaurantOrders.detail(restaurant.id, orderId) };
    },
  );

  r.post(
    '/api/v2/partner/answer-links/lookup',
    {
      schema: {
        tags: ['partner'],
        summary: "What a restaurant email's Accept or Decline link is about (public: the signed link is the authority)",
        body: partnerAnswerLinkBodySchema,
        response: { 200: partnerAnswerLinkResponseSchema, ...errorResponses },
      },
    },
    async (request) => notices.describe(request.body.token),
  );

  r.post(
    '/api/v2/partner/answer-links/answer',
    {
      schema: {
        tags: ['partner'],
        summary:
          "Answer by a restaurant email's link: accept, or decline with a reason (409 once answered, 404 for an invalid or expired link)",
        body: partnerAnswerLinkAnswerBodySchema,
        response: { 200: partnerAnswerLinkResponseSchema, ...errorResponses },
      },
    },
    async (request) => notices.answer(request.body.token, request.body),
  );

  r.get(
    '/api/v2/partner/restaurants/:chefId/settings',
    {
      preHandler: requireRestaurantRole(deps, 'manager'),
      schema: {
        tags: ['partner'],
        security: bearer,
        summary: "Where the restaurant's orders are emailed, and its auto-accept setting (managers and owners)",
        params: partnerRestaurantParamsSchema,
        response: { 200: partnerSettingsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ settings: await partners.settings(partnerRestaurant(request).id) }),
  );

  r.put(
    '/api/v2/partner/restaurants/:chefId/settings',
    {
      preHandler: requireRestaurantRole(deps, 'manager'),
      schema: {
        tags: ['partner'],
        security: bearer,
        summary: 'Change where orders are emailed (at most 5 addresses) and auto-accept (off, under an amount, all)',
        params: partnerRestaurantParamsSchema,
        body: partnerSettingsSchema,
        response: { 200: partnerSettingsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ settings: await partners.saveSettings(partnerRestaurant(request).id, request.body) }),
  );

  r.get(
    '/api/v2/partner/restaurants/:chefId/stats',
    {
      preHandler: requireRestaurantRole(deps, 'staff'),
      schema: {
        tags: ['partner'],
        security: bearer,
        summary: "The restaurant's answers over the last 90 days: acceptance rate, median minutes to accept, declines",
        params: partnerRestaurantParamsSchema,
        response: { 200: partnerStatsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ stats: await restaurantOrders.stats(partnerRestaurant(request).id, deps.clock.now()) }),
  );

  r.get(
    '/api/v2/partner/restaurants/:chefId/orders/:orderId/ticket.pdf',
    {
      preHandler: requireRestaurantRole(deps, 'staff'),
      schema: {
        tags: ['partner'],
        security: bearer,
        summary:
          "An order's kitchen ticket (PDF): dishes, options, quantities, notes, serving style, cutlery, delivery time, address and contact",
        params: partnerOrderParamsSchema,
        response: pdfResponses('The kitchen ticket as PDF'),
      },
    },
    async (request, reply) => {
      const restaurant = partnerRestaurant(request);
      const o = await restaurantOrders.detail(restaurant.id, request.params.orderId);
      const pdf = await pdfPool.render('kitchenTicket', {
        restaurant: restaurant.name,
        orderNumber: o.order_number,
        status: o.status_label,
        receiving: o.order_type === 'pickup' ? 'Pickup' : 'Delivery',
        when: o.display_delivery_date_time,
        address: o.delivery_address,
        instructions: o.delivery_instructions,
        servingStyle: o.serving_style,
        cutlery: o.cutlery,
        contact: o.contact,
        company: o.customer.company_name || o.customer.name,
        items: o.items,
      });
      return sendPdf(reply, pdf, `ticket_${o.order_number}.pdf`, 'inline');
    },
  );

  r.get(
    '/api/v2/partner/restaurants/:chefId/orders/:orderId/labels.pdf',
    {
      preHandler: requireRestaurantRole(deps, 'staff'),
      schema: {
        tags: ['partner'],
        security: bearer,
        summary:
          "A group order's meal labels (PDF): one per person with the dish and dietary needs, once ordering closed (404 for an order that is no group order's)",
        params: partnerOrderParamsSchema,
        response: pdfResponses('The label sheet as PDF'),
      },
    },
    async (request, reply) => {
      const restaurant = partnerRestaurant(request);
      // 404 unless this restaurant was asked about the order
      const o = await restaurantOrders.detail(restaurant.id, request.params.orderId);
      const pdf = await groupDocuments.labelsOfOrder(o.id);
      return sendPdf(reply, pdf, `labels_${o.order_number}.pdf`, 'inline');
    },
  );

  r.get(
    '/api/v2/partner/restaurants/:chefId/prep-list',
    {
      preHandler: requireRestaurantRole(deps, 'staff'),
      schema: {
        tags: ['partner'],
        security: bearer,
        summary: "A day's prep list: every accepted order delivered that day, its dishes and options added up",
        params: partnerRestaurantParamsSchema,
        querystring: partnerPrepListQuerySchema,
        response: { 200: partnerPrepListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const restaurant = partnerRestaurant(request);
      return { prep_list: await restaurantOrders.prepList(restaurant.id, request.query.date, restaurant.time_zone) };
    },
  );

  r.get(
    '/api/v2/partner/restaurants/:chefId/prep-list.pdf',
    {
      preHandler: requireRestaurantRole(deps, 'staff'),
      schema: {
        tags: ['partner'],
        security: bearer,
        summary: "A day's prep list as PDF, to print by the pass",
        params: partnerRestaurantParamsSchema,
        querystring: partnerPrepListQuerySchema,
        response: pdfResponses('The prep list as PDF'),
      },
    },
    async (request, reply) => {
      const restaurant = partnerRestaurant(request);
      const list = await restaurantOrders.prepList(restaurant.id, request.query.date, restaurant.time_zone);
      const pdf = await pdfPool.render('prepList', {
        restaurant: restaurant.name,
        day: list.display_date,
        dishes: list.dishes,
        orders: list.orders.map((o) => ({
          orderNumber: o.order_number,
          time: o.time,
          company: o.company_name,
          portions: o.portions,
          servingStyle: o.serving_style,
        })),
      });
      return sendPdf(reply, pdf, `prep_list_${list.date}.pdf`, 'inline');
    },
  );

  r.get(
    '/api/v2/partner/restaurants/:chefId/capacity',
    {
      preHandler: requireRestaurantRole(deps, 'staff'),
      schema: {
        tags: ['partner'],
        security: bearer,
        summary: "The restaurant's capacity: at most so many orders or servings a day and a delivery window",
        params: partnerRestaurantParamsSchema,
        response: { 200: partnerCapacityResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ capacity: toCapacity(await capacity.rule(partnerRestaurant(request).id)) }),
  );

  r.put(
    '/api/v2/partner/restaurants/:chefId/capacity',
    {
      preHandler: requireRestaurantRole(deps, 'manager'),
      schema: {
        tags: ['partner'],
        security: bearer,
        summary:
          'Change the capacity (managers and owners); checkouts that do not fit are refused with the next time that has room',
        params: partnerRestaurantParamsSchema,
        body: partnerCapacitySchema,
        response: { 200: partnerCapacityResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const b = request.body;
      const saved = await capacity.saveRule(partnerRestaurant(request).id, {
        unit: b.unit,
        perDay: b.per_day,
        perWindow: b.per_window,
        windowMinutes: b.window_minutes,
      });
      return { capacity: toCapacity(saved) };
    },
  );
}

function toCapacity(rule: CapacityRule): PartnerCapacity {
  return {
    unit: rule.unit,
    per_day: rule.perDay,
    per_window: rule.perWindow,
    window_minutes: rule.windowMinutes as PartnerCapacity['window_minutes'],
  };
}
