import type { SandboxCreateCardBody, SandboxPaymentMethodResponse } from '@caterway/contracts';
import { api } from '../../../lib/api-client';
import type { Camelize } from '../../../types/catalogue';

// POST api/v2/sandbox/payment_methods: the sandbox provider's browser-side card tokenisation
// (what Stripe.js does against Stripe). Declines answer 402 { error: provider message }.
export type SandboxCardInput = Camelize<SandboxCreateCardBody>;
export type ProviderCard = Camelize<SandboxPaymentMethodResponse['payment_method']>;

export const sandboxCreateCard = (input: SandboxCardInput) =>
  api
    .post<Camelize<SandboxPaymentMethodResponse>>('/api/v2/sandbox/payment_methods', input)
    .then((body) => body.paymentMethod);
