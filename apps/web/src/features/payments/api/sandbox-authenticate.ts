import type { SandboxAuthenticateBody } from '@caterway/contracts';
import { paymentsClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

// POST api/v2/sandbox/payment_intents/authenticate: the sandbox's 3-D Secure step (what
// stripe.handleNextAction does against the card's bank), completed or failed by the customer.

const payments = connect(paymentsClient);

export const sandboxAuthenticate = (clientSecret: string, outcome: SandboxAuthenticateBody['outcome']) =>
  payments.sandboxAuthenticate({ client_secret: clientSecret, outcome });
