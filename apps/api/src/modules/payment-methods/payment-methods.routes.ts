import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addUserPaymentMethodBodySchema,
  createSetupIntentBodySchema,
  errorBodySchema,
  errorResponses,
  paymentConfigResponseSchema,
  setupIntentResponseSchema,
  userPaymentMethodIdParamsSchema,
  userPaymentMethodResponseSchema,
  userPaymentMethodsResponseSchema,
} from '@caterway/contracts';
import type { AppDeps } from '../../lib/deps.js';
import { authUser, requireUser } from '../auth/auth.guard.js';
import { paymentMethodsServiceFrom } from './payment-methods.service.js';

// Saved payment methods and the provider configuration (ordering-payments §2, §3, §7).
export function paymentMethodsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = paymentMethodsServiceFrom(deps);
  const confirmedUser = requireUser(deps, { confirmed: true });
  const tags = ['payments'];
  const security = [{ bearerAuth: [] }];
  const authErrors = { 401: errorResponses[401], 403: errorResponses[403] };

  r.get(
    '/api/v2/payments/config',
    {
      schema: {
        tags,
        summary: 'Which payment provider the browser talks to, and its publishable key',
        response: { 200: paymentConfigResponseSchema },
      },
    },
    () => service.config(),
  );

  r.get(
    '/api/v2/user_payment_methods',
    {
      preHandler: confirmedUser,
      schema: {
        tags,
        security,
        summary: 'Saved cards and bank accounts: default first, then newest',
        response: { 200: userPaymentMethodsResponseSchema, ...authErrors },
      },
    },
    async (request) => ({ payment_methods: await service.list(authUser(request).id) }),
  );

  r.post(
    '/api/v2/user_payment_methods',
    {
      preHandler: confirmedUser,
      schema: {
        tags,
        security,
        summary:
          'Save a card (pm id created in the browser) or a bank account (its succeeded setup intent); the first becomes default',
        body: addUserPaymentMethodBodySchema,
        response: {
          201: userPaymentMethodResponseSchema,
          ...authErrors,
          402: errorBodySchema,
          404: errorResponses[404],
          409: errorResponses[409],
          422: errorResponses[422],
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ payment_method: await service.add(authUser(request).id, request.body) }),
  );

  r.delete(
    '/api/v2/user_payment_methods/:id',
    {
      preHandler: confirmedUser,
      schema: {
        tags,
        security,
        summary: 'Remove a saved method (detached at the provider); the newest remaining becomes default if it was',
        params: userPaymentMethodIdParamsSchema,
        response: { 200: userPaymentMethodsResponseSchema, ...authErrors, 404: errorResponses[404] },
      },
    },
    async (request) => ({ payment_methods: await service.remove(authUser(request).id, request.params.id) }),
  );

  r.post(
    '/api/v2/payment_methods/:id/set_as_default',
    {
      preHandler: confirmedUser,
      schema: {
        tags,
        security,
        summary: 'Make a saved method the default',
        params: userPaymentMethodIdParamsSchema,
        response: { 200: userPaymentMethodsResponseSchema, ...authErrors, 404: errorResponses[404] },
      },
    },
    async (request) => ({ payment_methods: await service.setDefault(authUser(request).id, request.params.id) }),
  );

  r.post(
    '/api/v2/payment_methods/create_setup_intent',
    {
      preHandler: confirmedUser,
      schema: {
        tags,
        security,
        summary:
          'Start saving a bank account (acss_debit, Canadian PAD mandate) or a card; the browser confirms it with the client secret',
        body: createSetupIntentBodySchema,
        response: { 200: setupIntentResponseSchema, ...authErrors, 422: errorResponses[422] },
      },
    },
    async (request) => service.createSetupIntent(authUser(request).id, request.body.payment_type),
  );
}
