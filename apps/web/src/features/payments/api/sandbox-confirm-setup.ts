import type { SandboxConfirmSetupBody } from '@caterway/contracts';
import { paymentsClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import type { Camelize } from '../../../types/catalogue';

// POST api/v2/sandbox/setup_intents/confirm: the sandbox's bank debit (acss_debit) setup
// confirmation with billing name and email and the Canadian bank numbers.

const payments = connect(paymentsClient);

export type SandboxBankSetupInput = Camelize<SandboxConfirmSetupBody>;

export const sandboxConfirmSetup = (input: SandboxBankSetupInput) =>
  payments.sandboxConfirmSetup({
    client_secret: input.clientSecret,
    billing_name: input.billingName,
    billing_email: input.billingEmail,
    institution_number: input.institutionNumber,
    transit_number: input.transitNumber,
    account_number: input.accountNumber,
  });
