import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentKeys, paymentsClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import { announcePaymentMethodsChanged } from '../payment-methods-sync';

// POST api/v2/payment_methods/{id}/set_as_default, no body (ordering-payments §7). The list
// reloads and other open tabs are told (ordering-payments §2 'Payments page').

const payments = connect(paymentsClient);

export const setDefaultPaymentMethod = (id: number) => payments.setDefault(id);

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
