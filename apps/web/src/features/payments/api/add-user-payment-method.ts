import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { announcePaymentMethodsChanged } from '../payment-methods-sync';
import { paymentKeys, type UserPaymentMethod } from './types';

// POST api/v2/user_payment_methods: save a card (its provider pm id) or a bank account (pm id +
// the confirmed setup intent, billing name and email) (ordering-payments §7).
export interface AddUserPaymentMethodInput {
  paymentMethodId: string;
  stripeSetupIntentId?: string;
  name?: string;
  email?: string;
}

export const addUserPaymentMethod = (input: AddUserPaymentMethodInput) =>
  api.post<{ paymentMethod: UserPaymentMethod }>('/api/v2/user_payment_methods', input);

export function useAddUserPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUserPaymentMethod,
    // The caller words the failure ('Card Addition Error!' toast).
    meta: { handlesErrors: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: paymentKeys.methods() });
      announcePaymentMethodsChanged();
    },
  });
}
