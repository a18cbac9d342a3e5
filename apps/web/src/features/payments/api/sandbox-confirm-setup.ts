import { api } from '../../../lib/api-client';

// POST api/v2/sandbox/setup_intents/confirm: the sandbox's bank debit (acss_debit) setup
// confirmation with billing name and email and the Canadian bank numbers.
export interface SandboxBankSetupInput {
  clientSecret: string;
  billingName: string;
  billingEmail: string;
  institutionNumber: string;
  transitNumber: string;
  accountNumber: string;
}

export interface ConfirmedSetupIntent {
  id: string;
  status: string;
  paymentMethodId: string;
}

export const sandboxConfirmSetup = (input: SandboxBankSetupInput) =>
  api
    .post<{ setupIntent: ConfirmedSetupIntent }>('/api/v2/sandbox/setup_intents/confirm', input)
    .then((body) => body.setupIntent);
