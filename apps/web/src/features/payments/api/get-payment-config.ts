import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentKeys, paymentsClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

// GET api/v2/payments/config: which provider the browser talks to (sandbox or Stripe) and
// Stripe's publishable key.

const payments = connect(paymentsClient);

export const getPaymentConfig = (signal?: AbortSignal) => payments.config({ signal });

export const paymentConfigQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.config(),
    queryFn: ({ signal }) => getPaymentConfig(signal),
    staleTime: Infinity,
  });

export const usePaymentConfig = () => useQuery(paymentConfigQueryOptions());
