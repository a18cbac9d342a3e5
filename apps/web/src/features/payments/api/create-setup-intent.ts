import type { CreateSetupIntentBody } from '@caterway/contracts';
import { paymentsClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

// POST api/v2/payment_methods/create_setup_intent: a setup intent for a bank debit (acss_debit)
// mandate; its client secret is confirmed with the provider from the browser.

const payments = connect(paymentsClient);

export const createSetupIntent = (paymentType: CreateSetupIntentBody['payment_type'] = 'acss_debit') =>
  payments.createSetupIntent({ payment_type: paymentType });
