import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  errorResponses,
  sandboxAuthenticateBodySchema,
  sandboxConfirmSetupBodySchema,
  sandboxCreateCardBodySchema,
  sandboxPaymentIntentResponseSchema,
  sandboxPaymentMethodResponseSchema,
  sandboxSetupIntentResponseSchema,
} from '@caterway/contracts';
import { isSandboxProvider } from '../../adapters/payments/index.js';
import type { AppDeps } from '../../lib/deps.js';
import { createRateLimiter } from '../../lib/rate-limit.js';
import { createSandboxPaymentsService } from './sandbox-payments.service.js';

// The sandbox provider's browser-side calls: what Stripe.js does against Stripe (create a card
// payment method from card details, confirm a bank-debit setup intent). They exist only while
// the sandbox is the provider; with Stripe they answer 404. Like Stripe.js they need no session:
// the card endpoint is rate-limited per address, the confirm call is authorised by the client secret.
export function sandboxPaymentsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
  const service = createSandboxPaymentsService({
    sandbox: isSandboxProvider(deps.payments) ? deps.payments : null,
    limiter,
  });
  const tags = ['payments'];

  r.post(
    '/api/v2/sandbox/payment_methods',
    {
      schema: {
        tags,
        summary:
          'Sandbox provider only: create a card payment method from card details (402 with the provider message when refused)',
        body: sandboxCreateCardBodySchema,
        response: {
          200: sandboxPaymentMethodResponseSchema,
          402: errorBodySchema,
          404: errorResponses[404],
          422: errorResponses[422],
          429: errorResponses[429],
        },
      },
    },
    async (request) => service.createCard(request.body, request.ip),
  );

  r.post(
    '/api/v2/sandbox/setup_intents/confirm',
    {
      schema: {
        tags,
        summary:
          'Sandbox provider only: confirm a bank-debit (acss_debit) setup intent with bank details and billing name and email',
        body: sandboxConfirmSetupBodySchema,
        response: {
          200: sandboxSetupIntentResponseSchema,
          404: errorResponses[404],
          422: errorResponses[422],
          429: errorResponses[429],
        },
      },
    },
    async (request) => service.confirmBankSetup(request.body, request.ip),
  );

  r.post(
    '/api/v2/sandbox/payment_intents/authenticate',
    {
      schema: {
        tags,
        summary:
          'Sandbox provider only: complete or fail the 3-D Secure step of a payment intent (test card 4000 0027 6000 3184), by its client secret',
        body: sandboxAuthenticateBodySchema,
        response: {
          200: sandboxPaymentIntentResponseSchema,
          404: errorResponses[404],
          422: errorResponses[422],
          429: errorResponses[429],
        },
      },
    },
    async (request) => service.authenticate(request.body, request.ip),
  );
}
