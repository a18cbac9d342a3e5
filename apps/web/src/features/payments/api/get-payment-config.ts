import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys, type PaymentConfig } from './types';

// GET api/v2/payments/config: which provider the browser talks to (sandbox or Stripe) and
// Stripe's publishable key.
export const getPaymentConfig = (signal?: AbortSignal) => api.get<PaymentConfig>('/api/v2/payments/config', { signal });

export const paymentConfigQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.config(),
    queryFn: ({ signal }) => getPaymentConfig(signal),
    staleTime: Infinity,
  });

export const usePaymentConfig = () => useQuery(paymentConfigQueryOptions());
