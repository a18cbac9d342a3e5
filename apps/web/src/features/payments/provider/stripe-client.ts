import type { Stripe } from '@stripe/stripe-js';
import { ProviderError } from './collectors';

// Stripe Elements in the browser (provider 'stripe' from GET api/v2/payments/config). Loaded
// only when that provider is configured: @stripe/stripe-js is a dynamic import (its own chunk),
// and it fetches https://js.stripe.com/v3 itself. Offline (this repository's default) that
// script cannot load, and the modal shows paymentMessages.stripeNotConfigured instead: the sandbox
// provider is the one the journeys exercise. docs: apps/web/README.md 'Payments'.

const cache = new Map<string, Promise<Stripe>>();

export function loadStripeClient(publishableKey: string): Promise<Stripe> {
  let pending = cache.get(publishableKey);
  if (!pending) {
    pending = import('@stripe/stripe-js').then(async ({ loadStripe }) => {
      const stripe = publishableKey ? await loadStripe(publishableKey) : null;
      if (!stripe) throw new Error('Stripe.js did not load');
      return stripe;
    });
    pending.catch(() => cache.delete(publishableKey));
    cache.set(publishableKey, pending);
  }
  return pending;
}

/**
 * Bank debit (acss_debit) setup with Stripe: Stripe's own dialog collects the bank account and
 * shows the PAD mandate; billing name and email come from our form.
 */
export async function stripeConfirmAcssSetup(
  publishableKey: string,
  clientSecret: string,
  billingName: string,
  billingEmail: string,
): Promise<string> {
  const stripe = await loadStripeClient(publishableKey);
  const { setupIntent, error } = await stripe.confirmAcssDebitSetup(clientSecret, {
    payment_method: { billing_details: { name: billingName, email: billingEmail } },
  });
  if (error) throw new ProviderError(error.message ?? 'The bank account could not be set up.');
  const pm = setupIntent?.payment_method;
  if (!pm) throw new ProviderError('The bank account could not be set up.');
  return typeof pm === 'string' ? pm : pm.id;
}

/**
 * 3-D Secure with Stripe: Stripe shows the bank's challenge over the page. Its error (a failed
 * or abandoned challenge) is not thrown: the API asks Stripe when the payment is sent again.
 */
export async function stripeHandleNextAction(publishableKey: string, clientSecret: string): Promise<void> {
  const stripe = await loadStripeClient(publishableKey);
  await stripe.handleNextAction({ clientSecret });
}
