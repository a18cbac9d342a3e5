import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { announcePaymentMethodsChanged } from '../payment-methods-sync';
import { paymentKeys } from './types';

// DELETE api/v2/user_payment_methods/{id} (ordering-payments §7).
export const deleteUserPaymentMethod = (id: number) => api.delete<unknown>(`/api/v2/user_payment_methods/${id}`);

export function useDeleteUserPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserPaymentMethod,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: paymentKeys.methods() });
      announcePaymentMethodsChanged();
    },
  });
}
