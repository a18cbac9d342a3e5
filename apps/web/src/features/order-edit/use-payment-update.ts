import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { notify, TOAST_DURATION } from '../../stores/notifications';
import { updateOrderPaymentMethod, type CateringOrderDetail } from '../checkout/api/catering-order-detail';
import type { CheckoutOrder } from '../checkout/api/types';
import { MODEL_SWITCH_DELAY_MS } from '../checkout/checkout-types';
import { authenticationSecret } from '../checkout/payment-attempt';
import type { PaymentChoice, PaymentModel } from '../payments/components/payment-modal';
import type { EditOrderForm } from './use-edit-order-form';
import type { EditOrderSave } from './use-edit-order-save';

/**
 * Update Payment Method (ordering-payments §4): the payment modal, card or EFT, then the new
 * method on the order; a 3-D Secure challenge first when the bank asks (decision 027).
 */
export function usePaymentUpdate(order: CateringOrderDetail, form: EditOrderForm, flow: EditOrderSave) {
  const [authentication, setAuthentication] = useState<{
    clientSecret: string;
    amountCents: number;
    choice: PaymentChoice;
  } | null>(null);
  const [model, setModel] = useState<PaymentModel>(order.isEft ? 'eft' : 'card');
  const [modalOpen, setModalOpen] = useState(false);
  const switchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (switchTimer.current && clearTimeout(switchTimer.current)), []);

  const onModelChange = (next: PaymentModel) => {
    if (next === model) return;
    setModalOpen(false);
    switchTimer.current = setTimeout(() => {
      setModel(next);
      setModalOpen(true);
    }, MODEL_SWITCH_DELAY_MS);
  };

  const onPaymentComplete = async (choice: PaymentChoice) => {
    let updated: CheckoutOrder;
    try {
      updated = await updateOrderPaymentMethod(order.id, {
        paymentMethodId: choice.paymentMethodId,
        saveCard: choice.save,
        isEft: choice.model === 'eft',
        stripeSetupIntentId: choice.setupIntentId,
      });
      const clientSecret = authenticationSecret(updated);
      if (clientSecret) {
        // 3-D Secure: the bank's challenge, then the same method again (decision 027)
        setModalOpen(false);
        setAuthentication({ clientSecret, amountCents: updated.totals.totalCents, choice });
        return;
      }
    } catch (error) {
      setModalOpen(false);
      if (isApiError(error) && error.status === 401) return;
      const providerMessage = isApiError(error) && error.status === 402 ? error.serverError : undefined;
      if (providerMessage && choice.model === 'eft')
        notify({ tone: 'error', title: 'Error', message: providerMessage, duration: TOAST_DURATION.long });
      else if (providerMessage) flow.setPaymentError(providerMessage);
      else flow.showFailure(error);
      return;
    }
    // finalizing clears the order and goes to the completed page (ordering-payments §4)
    form.source.restart([]);
    flow.finish(updated);
  };

  return { authentication, setAuthentication, model, modalOpen, setModalOpen, onModelChange, onPaymentComplete };
}

export type PaymentUpdate = ReturnType<typeof usePaymentUpdate>;
