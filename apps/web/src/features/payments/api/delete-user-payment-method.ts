import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentKeys, paymentsClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import { announcePaymentMethodsChanged } from '../payment-methods-sync';

// DELETE api/v2/user_payment_methods/{id} (ordering-payments §7).

const payments = connect(paymentsClient);

export const deleteUserPaymentMethod = (id: number) => payments.deleteMethod(id);

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
