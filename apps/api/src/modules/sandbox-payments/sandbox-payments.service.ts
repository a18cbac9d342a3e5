import type { z } from 'zod';
import type {
  sandboxAuthenticateBodySchema,
  sandboxConfirmSetupBodySchema,
  sandboxCreateCardBodySchema,
} from '@caterway/contracts';
import type { SandboxPaymentProvider } from '../../adapters/payments/index.js';
import { notFound } from '../../lib/errors.js';
import { enforceRateLimits, type RateLimiter } from '../../lib/rate-limit.js';
import { withProviderErrors } from '../payment-methods/payment-errors.js';

/** Card details per address and 10 minutes: enough for typos, too few for testing stolen numbers. */
export const SANDBOX_CARD_LIMIT = 20;
const WINDOW_MS = 10 * 60 * 1000;

export function createSandboxPaymentsService(deps: { sandbox: SandboxPaymentProvider | null; limiter: RateLimiter }) {
  const { limiter } = deps;

  function sandboxOrNotFound(): SandboxPaymentProvider {
    // with Stripe as the provider these browser calls go to Stripe itself
    if (!deps.sandbox) throw notFound();
    return deps.sandbox;
  }

  return {
    async createCard(body: z.infer<typeof sandboxCreateCardBodySchema>, ip: string) {
      const sandbox = sandboxOrNotFound();
      await enforceRateLimits(limiter, [
        { key: `sandbox-card:ip:${ip}`, limit: SANDBOX_CARD_LIMIT, windowMs: WINDOW_MS },
      ]);
      const pm = await withProviderErrors(() =>
        sandbox.createCardPaymentMethod({
          number: body.number,
          expMonth: body.exp_month,
          expYear: body.exp_year,
          cvc: body.cvc,
          name: body.name,
        }),
      );
      return {
        payment_method: {
          id: pm.id,
          brand: pm.brand,
          last4: pm.last4,
          exp_month: pm.expMonth ?? body.exp_month,
          exp_year: pm.expYear ?? body.exp_year,
        },
      };
    },

    async confirmBankSetup(body: z.infer<typeof sandboxConfirmSetupBodySchema>, ip: string) {
      const sandbox = sandboxOrNotFound();
      await enforceRateLimits(limiter, [
        { key: `sandbox-seti:ip:${ip}`, limit: SANDBOX_CARD_LIMIT, windowMs: WINDOW_MS },
      ]);
      const seti = await withProviderErrors(() =>
        sandbox.confirmBankSetupIntent({
          clientSecret: body.client_secret,
          billingName: body.billing_name,
          billingEmail: body.billing_email,
          institutionNumber: body.institution_number,
          transitNumber: body.transit_number,
          accountNumber: body.account_number,
        }),
      );
      return { setup_intent: { id: seti.id, status: seti.status, payment_method_id: seti.paymentMethodId } };
    },

    /** The 3-D Secure challenge of the sandbox's test card 4000 0027 6000 3184, passed or failed. */
    async authenticate(body: z.infer<typeof sandboxAuthenticateBodySchema>, ip: string) {
      const sandbox = sandboxOrNotFound();
      await enforceRateLimits(limiter, [
        { key: `sandbox-3ds:ip:${ip}`, limit: SANDBOX_CARD_LIMIT, windowMs: WINDOW_MS },
      ]);
      const pi = await withProviderErrors(() =>
        sandbox.authenticatePaymentIntent({ clientSecret: body.client_secret, outcome: body.outcome }),
      );
      return { payment_intent: { id: pi.id, status: pi.status } };
    },
  };
}
