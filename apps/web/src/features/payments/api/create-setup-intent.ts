import { api } from '../../../lib/api-client';

// POST api/v2/payment_methods/create_setup_intent: a setup intent for a bank debit (acss_debit)
// mandate; its client secret is confirmed with the provider from the browser.
export interface SetupIntent {
  setupIntentId: string;
  clientSecret: string;
}

export const createSetupIntent = (paymentType: 'card' | 'acss_debit' = 'acss_debit') =>
  api.post<SetupIntent>('/api/v2/payment_methods/create_setup_intent', { paymentType });
