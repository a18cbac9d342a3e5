import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.js';
import type { Db } from '../../db/pool.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import type { PaymentProvider } from '../../ports/payments.js';
import { createSandboxProvider } from './sandbox-provider.js';
import { createStripeProvider } from './stripe-provider.js';

export { createSandboxProvider, isSandboxProvider, type SandboxPaymentProvider } from './sandbox-provider.js';
export { createStripeProvider } from './stripe-provider.js';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/**
 * Stripe when config.payments says so (STRIPE_SECRET_KEY set and PAYMENTS not 'sandbox';
 * STRIPE_API_URL points it elsewhere, e.g. a local fake); otherwise the built-in sandbox provider
 * on the app's database (ARCHITECTURE.md "payments"), which production runs only with an explicit
 * PAYMENTS=sandbox and the storefront's test-mode banner (docs/decisions/028).
 */
export function createPaymentProvider(config: Config, db: Db, log: Log, clock: Clock = systemClock): PaymentProvider {
  if (config.payments === 'stripe' && config.stripeSecretKey) {
    return createStripeProvider({
      secretKey: config.stripeSecretKey,
      publishableKey: config.stripePublishableKey ?? '',
      apiUrl: config.stripeApiUrl,
    });
  }
  if (config.isProduction)
    log.warn({}, 'PAYMENTS=sandbox: payments use the sandbox provider and nobody is charged (test mode)');
  return createSandboxProvider({ db, clock });
}
