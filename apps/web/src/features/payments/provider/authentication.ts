import type { PaymentConfig } from '../api/types';

// 3-D Secure (docs/decisions/027): when the API answers payment_status 'requires_action' with a
// client secret, the customer authenticates with the card's bank in the browser, then the page
// sends the same payment again and the API picks the authenticated intent up. With Stripe that
// is stripe.handleNextAction (Stripe's own challenge over the page); with the sandbox, a dialog
// in which the customer completes or fails the challenge (test card 4000 0027 6000 3184).

export type AuthenticationOutcome = 'complete' | 'fail';

export interface AuthenticationSteps {
  /** Stripe: handleNextAction with the client secret (resolves when Stripe's dialog closes) */
  stripe: (publishableKey: string, clientSecret: string) => Promise<void>;
  /** sandbox: the customer's choice in our dialog, sent to the sandbox provider */
  sandbox: (clientSecret: string, outcome: AuthenticationOutcome) => Promise<unknown>;
}

/** Whether the provider shows its own challenge (Stripe) or the page asks the customer (sandbox). */
export const showsOwnChallenge = (config: PaymentConfig | undefined) => config?.provider === 'stripe';

/**
 * Runs the challenge with the provider. Its result is not trusted here: the API asks the
 * provider when the payment is sent again (a failed challenge answers 402 with its message).
 */
export async function authenticatePayment(
  config: PaymentConfig,
  clientSecret: string,
  outcome: AuthenticationOutcome,
  steps: AuthenticationSteps,
): Promise<void> {
  if (config.provider === 'stripe') {
    await steps.stripe(config.publishableKey, clientSecret);
    return;
  }
  await steps.sandbox(clientSecret, outcome);
}
