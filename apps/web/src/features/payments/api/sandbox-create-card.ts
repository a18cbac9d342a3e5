import { api } from '../../../lib/api-client';

// POST api/v2/sandbox/payment_methods: the sandbox provider's browser-side card tokenisation
// (what Stripe.js does against Stripe). Declines answer 402 { error: provider message }.
export interface SandboxCardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name?: string;
}

export interface ProviderCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export const sandboxCreateCard = (input: SandboxCardInput) =>
  api
    .post<{ paymentMethod: ProviderCard }>('/api/v2/sandbox/payment_methods', input)
    .then((body) => body.paymentMethod);
