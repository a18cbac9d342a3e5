import { api } from '../../../lib/api-client';

// POST api/v2/sandbox/payment_intents/authenticate: the sandbox's 3-D Secure step (what
// stripe.handleNextAction does against the card's bank), completed or failed by the customer.
export const sandboxAuthenticate = (clientSecret: string, outcome: 'complete' | 'fail') =>
  api
    .post<{ paymentIntent: { id: string; status: string } }>('/api/v2/sandbox/payment_intents/authenticate', {
      clientSecret,
      outcome,
    })
    .then((body) => body.paymentIntent);
