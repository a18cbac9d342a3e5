import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys, type UserPaymentMethod } from './types';

// GET api/v2/user_payment_methods: the signed-in user's saved methods, default first (ordering-payments §7).
export const getUserPaymentMethods = (signal?: AbortSignal) =>
  api
    .get<{ paymentMethods: UserPaymentMethod[] }>('/api/v2/user_payment_methods', { signal })
    .then((body) => body.paymentMethods);

export const userPaymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.methods(),
    queryFn: ({ signal }) => getUserPaymentMethods(signal),
    staleTime: 0,
  });

export const useUserPaymentMethods = (enabled = true) => useQuery({ ...userPaymentMethodsQueryOptions(), enabled });
