import type { SandboxCreateCardBody } from '@caterway/contracts';
import { paymentsClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import type { Camelize } from '../../../types/catalogue';

// POST api/v2/sandbox/payment_methods: the sandbox provider's browser-side card tokenisation
// (what Stripe.js does against Stripe). Declines answer 402 { error: provider message }.

const payments = connect(paymentsClient);

export type SandboxCardInput = Camelize<SandboxCreateCardBody>;

export const sandboxCreateCard = (input: SandboxCardInput) =>
  payments.sandboxCreateCard({
    number: input.number,
    exp_month: input.expMonth,
    exp_year: input.expYear,
    cvc: input.cvc,
    name: input.name,
  });
