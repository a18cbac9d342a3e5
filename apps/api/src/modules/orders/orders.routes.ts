import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cateringOrderDetailResponseSchema,
  checkoutOrderResponseSchema,
  createCateringOrderBodySchema,
  deliveryFeeBodySchema,
  deliveryFeeResponseSchema,
  errorBodySchema,
  errorResponses,
  finalizedOrderResponseSchema,
  finalizeOrderBodySchema,
  idParamsSchema,
  messagesBodySchema,
  addOnOrderResponseSchema,
  purchaseIdParamsSchema,
  updateAddOnOrderBodySchema,
  updateCateringOrderBodySchema,
  updateOrderPaymentMethodBodySchema,
} from '@caterway/contracts';
import type { AppDeps } from '../../lib/deps.js';
import { listingSerializerCompiler } from '../../lib/listing-serializer.js';
import { authUser, requireUser } from '../auth/auth.guard.js';
import { catalogueSyncOf } from '../catalogue-changes/catalogue-sync.js';
import { invoicesServiceFrom } from '../invoices/invoices.compose.js';
import { parseIdempotencyKey } from './idempotency.js';
import { composeOrders } from './orders.compose.js';

const tags = ['orders'];
const bearer = [{ bearerAuth: [] }];

export function ordersRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { orders, edits, service } = composeOrders({
    db: deps.db,
    payments: deps.payments,
    mailer: deps.mailer,
    geocoder: deps.geocoder,
    clock: deps.clock,
    publicUrl: deps.config.publicUrl,
    log: app.log,
    invoicing: invoicesServiceFrom(deps),
  });
  const confirmedUser = requireUser(deps, { confirmed: true });
  // the delivery fee's chefs follow their catalogue changes on this instance (decision 056)
  catalogueSyncOf(app, deps).register({
    name: 'delivery-fee chefs',
    forget: (change) => service.forgetChefs(change.chefIds),
    forgetAll: () => service.forgetAllChefs(),
  });

  r.post(
    '/api/v2/delivery_fee_by_distance',
    {
      // the answer is built field by field in the contract's order (docs/decisions/022, 018's addendum)
      serializerCompiler: listingSerializerCompiler({ verify: !deps.config.isProduction }),
      schema: {
        tags,
        summary: "Delivery fee by distance from the chef, with the chef's ranges and store hours",
        body: deliveryFeeBodySchema,
        response: { 200: deliveryFeeResponseSchema, 404: errorBodySchema, 422: messagesBodySchema },
      },
    },
    async (request) => service.deliveryFee(request.body),
  );

  r.post(
    '/api/v2/catering_orders',
    {
      preHandler: confirmedUser,
      schema: {
        tags,
        security: bearer,
        summary: 'Create the draft order when the checkout opens (re-checked and repriced by the server)',
        body: createCateringOrderBodySchema,
        response: { 201: checkoutOrderResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = await service.create(authUser(request).id, request.body.catering_order, request.body.is_eft);
      return reply.status(201).send(body);
    },
  );

  r.put(
    '/api/v2/catering_orders/:id',
    {
      preHandler: confirmedUser,
      schema: {
        tags,
        security: bearer,
        summary:
          'Update the unpaid order on each checkout submit; on a placed order, edit it under the upcoming-order rule (re-checked, repriced, payment adjusted)',
        params: idParamsSchema,
        body: updateCateringOrderBodySchema,
        response: { 200: checkoutOrderResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = authUser(request).id;
      const existing = await orders.findById(request.params.id);
      // a draft is the checkout's; a placed order is edited (is_eft is changed by Update Payment Method only)
      if (existing && existing.user_id === userId && existing.status !== 'draft')
        return edits.edit(userId, request.params.id, request.body.catering_order);
      return service.update(userId, request.params.id, request.body.catering_order, request.body.is_eft);
    },
  );

  r.put(
    '/api/v2/catering_orders/:id/payment_method',
    {
      preHandler: confirmedUser,
      schema: {
        tags,
        security: bearer,
        summary:
          'Update Payment Method of a placed order: authorise its total on another card or bank account (CardSetup -> ReadyToCapture)',
        params: idParamsSchema,
        body: updateOrderPaymentMethodBodySchema,
        response: { 200: checkoutOrderResponseSchema, 402: errorBodySchema, ...errorResponses },
      },
    },
    async (request) => edits.updatePaymentMethod(authUser(request).id, request.params.id, request.body),
  );

  r.post(
    '/api/v2/catering_orders/:id/add_on_order',
    {
      preHandler: confirmedUser,
      schema: {
        tags,
        security: bearer,
        summary: 'Start an add-on order to a placed order (a draft with the parent preset and delivery)',
        params: idParamsSchema,
        response: { 201: addOnOrderResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await edits.createAddOn(authUser(request).id, request.params.id)),
  );

  r.put(
    '/api/v2/catering_orders/:id/update_addon_order',
    {
      preHandler: confirmedUser,
      schema: {
        tags,
        security: bearer,
        summary:
          "The add-on checkout's submit, by purchase id (cart, eft); the parent's address and time, no delivery fee",
        params: purchaseIdParamsSchema,
        body: updateAddOnOrderBodySchema,
        response: { 200: checkoutOrderResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      edits.updateAddOn(
        authUser(request).id,
        request.params.id,
        request.body.cart,
        request.body.eft,
        request.body.parent_token,
      ),
  );

  r.get(
    '/api/v2/catering_orders/:id',
    {
      preHandler: confirmedUser,
      schema: {
        tags,
        security: bearer,
        summary: "One of the user's orders (404 for another user's order, as for an unknown id)",
        params: idParamsSchema,
        response: { 200: cateringOrderDetailResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.get(authUser(request).id, request.params.id),
  );

  r.post(
    '/api/v2/catering_orders/:id/finalize',
    {
      preHandler: confirmedUser,
      schema: {
        tags,
        security: bearer,
        summary: 'Authorise the payment once (Idempotency-Key header required)',
        params: idParamsSchema,
        // checked by parseIdempotencyKey (400); the bound is documented here
        headers: z.object({ 'idempotency-key': z.string().meta({ maxLength: 255 }).optional() }).passthrough(),
        body: finalizeOrderBodySchema,
        response: { 200: finalizedOrderResponseSchema, 402: errorBodySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      const result = await service.finalize(authUser(request).id, request.params.id, request.body, key);
      // a replayed refusal answers the same status and body as the first time; the response
      // schema of that status still whitelists it
      return reply.status(result.status as 200).send(result.body as z.infer<typeof finalizedOrderResponseSchema>);
    },
  );
}
