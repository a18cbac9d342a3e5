import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddUserPaymentMethodBody } from '@caterway/contracts';
import { paymentKeys, paymentsClient } from '@caterway/contracts/client';
import { connect } from '../../../api/clients';
import type { Camelize } from '../../../types/catalogue';
import { announcePaymentMethodsChanged } from '../payment-methods-sync';

// POST api/v2/user_payment_methods: save a card (its provider pm id) or a bank account (pm id +
// the confirmed setup intent, billing name and email) (ordering-payments §7).

const payments = connect(paymentsClient);

export type AddUserPaymentMethodInput = Camelize<AddUserPaymentMethodBody>;

export const addUserPaymentMethod = (input: AddUserPaymentMethodInput) =>
  payments.addMethod({
    payment_method_id: input.paymentMethodId,
    stripe_setup_intent_id: input.stripeSetupIntentId,
    name: input.name,
    email: input.email,
  });

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
