import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentKeys, paymentsClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';

// GET api/v2/user_payment_methods: the signed-in user's saved methods, default first (ordering-payments §7).

const payments = connect(paymentsClient);

export const getUserPaymentMethods = (signal?: AbortSignal) => payments.methods({ signal });

export const userPaymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.methods(),
    queryFn: ({ signal }) => getUserPaymentMethods(signal),
    staleTime: 0,
  });

export const useUserPaymentMethods = (enabled = true) => useQuery({ ...userPaymentMethodsQueryOptions(), enabled });
