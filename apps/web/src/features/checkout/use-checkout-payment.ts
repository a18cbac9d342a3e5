import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { emptyOrderProblem, messages } from '@caterway/domain';
import { isApiError } from '../../lib/api-client';
import { ProviderError } from '../../lib/provider-error';
import { notify, TOAST_DURATION } from '../../stores/notifications';
import type { CheckoutState } from '../../types/checkout-state';
import { finalizeCateringOrder } from './api/finalize-catering-order';
import type { FinalizedOrder } from './api/types';
import { validateCheckoutForm, type CheckoutFormErrors, type CheckoutFormValues } from './checkout-form';
import {
  MODEL_SWITCH_DELAY_MS,
  type AddOnCheckout,
  type CheckoutPaymentChoice,
  type PaymentModel,
} from './checkout-types';
import type { OrderReceipt } from './components/checkout-completed';
import type { SummaryTotals } from './components/order-summary';
import { authenticationSecret, createPaymentAttempts, runPaymentAttempt } from './payment-attempt';
import type { CheckoutOrderFlow } from './use-checkout-order';

/**
 * Continue to payment, the payment modal and finalizing (ordering-payments §4, §8): the form is
 * checked and the order saved, the modal takes a card or a bank account, 3-D Secure runs when
 * the bank asks, and the placed order goes to the completed page with its receipt.
 */
export function useCheckoutPayment({
  state,
  addOn,
  values,
  setErrors,
  formRef,
  flow,
  localTotals,
  cutleryCount,
  onOrderPlaced,
  completedHref,
}: {
  state: CheckoutState;
  addOn: AddOnCheckout | undefined;
  values: CheckoutFormValues;
  setErrors: (errors: CheckoutFormErrors) => void;
  formRef: RefObject<HTMLFormElement | null>;
  flow: CheckoutOrderFlow;
  localTotals: SummaryTotals | null;
  cutleryCount: number;
  onOrderPlaced: (presetId: number) => void;
  completedHref: string;
}) {
  const navigate = useNavigate();
  const { preset, checkoutData, receivingMethod } = state;
  const { order, saveOrder } = flow;
  const [busy, setBusy] = useState(false);
  const [model, setModel] = useState<PaymentModel>('card');
  const [modalOpen, setModalOpen] = useState(false);
  const [authentication, setAuthentication] = useState<{
    clientSecret: string;
    amountCents: number;
    choice: CheckoutPaymentChoice;
  } | null>(null);
  const attempts = useRef(createPaymentAttempts());
  const switchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (switchTimer.current && clearTimeout(switchTimer.current)), []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    flow.setPaymentError(null);
    const found = validateCheckoutForm(values, { receivingMethod, now: new Date(), isAddOn: Boolean(addOn) });
    if (addOn) {
      // the parent's delivery time: the server checks the add-on's 1 hour notice
      delete found.date;
      delete found.time;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const empty = emptyOrderProblem(
      checkoutData.map((l) => ({ quantity: l.quantity, itemQuantities: Object.values(l.menuItemsMapping) })),
    );
    if (addOn && (empty || (localTotals && localTotals.totalCents <= 0))) {
      // ordering-payments §5, §8: an add-on checkout with total 0 is refused (danger toast, 4 s)
      notify({ tone: 'error', message: messages.cartEmpty, duration: TOAST_DURATION.default });
      return;
    }
    if (empty) {
      notify({ tone: 'error', title: messages.noItemsTitle, message: empty, duration: TOAST_DURATION.default });
      return;
    }
    setBusy(true);
    const saved = await saveOrder(values, model === 'eft', false);
    setBusy(false);
    if (saved) {
      setModel(saved.isEft ? 'eft' : 'card');
      setModalOpen(true);
    }
  };

  // Card <-> EFT re-creates the order; the modal shows the other model 1 s after closing (§4).
  const onModelChange = (next: PaymentModel) => {
    if (next === model) return;
    setModalOpen(false);
    void saveOrder(values, next === 'eft', true).then((saved) => {
      if (!saved) return;
      switchTimer.current = setTimeout(() => {
        setModel(next);
        setModalOpen(true);
      }, MODEL_SWITCH_DELAY_MS);
    });
  };

  const onComplete = async (choice: CheckoutPaymentChoice) => {
    if (!order) return;
    const body = {
      orderId: order.id,
      purchaseId: order.purchaseId,
      paymentMethodId: choice.paymentMethodId,
      saveCard: choice.save,
    };
    let placed: FinalizedOrder;
    try {
      placed = await runPaymentAttempt(attempts.current, body, (idempotencyKey) =>
        finalizeCateringOrder({ ...body, stripeSetupIntentId: choice.setupIntentId, idempotencyKey }),
      );
      const clientSecret = authenticationSecret(placed);
      if (clientSecret) {
        // 3-D Secure: the bank's challenge, then the same payment again (a new attempt)
        setModalOpen(false);
        setAuthentication({ clientSecret, amountCents: placed.totalCents, choice });
        return;
      }
    } catch (error) {
      const providerMessage = isApiError(error) && error.status === 402 ? error.serverError : undefined;
      if (providerMessage && choice.model === 'card') {
        // Card error: the provider's message in the order details (ordering-payments §8), and
        // the card form stays open with it, what was typed kept but the card number (issue 20)
        flow.setPaymentError(providerMessage);
        throw new ProviderError(providerMessage);
      }
      setModalOpen(false);
      if (isApiError(error) && error.status === 401) return;
      if (providerMessage && choice.model === 'eft') {
        // ordering-payments §8: EFT error at checkout: provider message toast 8 s, modal closes.
        notify({ tone: 'error', title: 'Error', message: providerMessage, duration: TOAST_DURATION.long });
      } else {
        flow.showFailure(error);
      }
      return;
    }
    onOrderPlaced(preset.id);
    const receipt: OrderReceipt = {
      orderNumber: placed.orderNumber,
      totalCents: placed.totalCents,
      // the breakdown the server priced the order with; the completed page checks it adds up to the charge
      totals: order.totals,
      cutleryCount,
      deliveryFee: receivingMethod === 'delivery' && !addOn,
      poNumber: values.poNumber.trim(),
      costCentre: values.costCentre.trim(),
    };
    void navigate(`${completedHref}?order=${order.id}`, { replace: true, state: { receipt } });
  };

  return {
    busy,
    model,
    modalOpen,
    setModalOpen,
    authentication,
    setAuthentication,
    onSubmit,
    onModelChange,
    onComplete,
  };
}
