import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema, stripeWebhookResponseSchema } from '@caterway/contracts';
import type { AppDeps } from '../../lib/deps.js';
import { orderRecordsFrom } from '../orders/order-records.service.js';
import { createStripeWebhooksService } from './stripe-webhooks.service.js';

/**
 * POST /api/stripe/webhook, only with Stripe as the payment provider and STRIPE_WEBHOOK_SECRET
 * set (otherwise the path is a 404 like any unknown one). The body is kept raw: the signature
 * is over the exact bytes Stripe sent, so the route has its own content-type parser.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const secret = deps.config.stripeWebhookSecret;
  if (deps.payments.kind !== 'stripe' || !secret) {
    if (deps.payments.kind === 'stripe')
      app.log.warn(
        {},
        'STRIPE_WEBHOOK_SECRET is not set: POST /api/stripe/webhook is off and Stripe events are not received',
      );
    return;
  }
  const service = createStripeWebhooksService({
    db: deps.db,
    orders: orderRecordsFrom(deps.db),
    clock: deps.clock,
    secret,
  });
  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/stripe/webhook',
      {
        schema: {
          tags: ['payments'],
          summary: "Stripe's events (signed with STRIPE_WEBHOOK_SECRET); each event id is applied once",
          response: { 200: stripeWebhookResponseSchema, 400: errorBodySchema },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers['stripe-signature'];
        const result = await service.receive(raw, typeof header === 'string' ? header : undefined);
        return { received: true as const, duplicate: result.duplicate, outcome: result.outcome };
      },
    );
    done();
  });
}
