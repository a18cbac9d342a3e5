import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { announcePaymentMethodsChanged } from '../payment-methods-sync';
import { paymentKeys } from './types';

// POST api/v2/payment_methods/{id}/set_as_default, no body (ordering-payments §7). The list
// reloads and other open tabs are told (ordering-payments §2 'Payments page').
export const setDefaultPaymentMethod = (id: number) =>
  api.post<unknown>(`/api/v2/payment_methods/${id}/set_as_default`);

export function useSetDefaultPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultPaymentMethod,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: paymentKeys.methods() });
      announcePaymentMethodsChanged();
    },
  });
}
