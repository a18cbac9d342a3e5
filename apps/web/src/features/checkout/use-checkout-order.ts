import { useEffect, useRef, useState, type RefObject } from 'react';
import { emptyOrderProblem, messages } from '@caterway/domain';
import { isApiError } from '../../lib/api-client';
import { toWireCheckoutLine, type CheckoutState } from '../../types/checkout-state';
import { createCateringOrder } from './api/create-catering-order';
import type { CheckoutOrder } from './api/types';
import { updateAddOnOrder } from './api/update-add-on-order';
import { updateCateringOrder } from './api/update-catering-order';
import {
  buildOrderPayload,
  deliveryRefusalOf,
  validationFailure,
  type CheckoutFormErrors,
  type CheckoutFormValues,
} from './checkout-form';
import type { AddOnCheckout, CheckoutPageProps, Problem } from './checkout-types';
import { pricingOf } from './use-checkout-totals';

/**
 * The catering order behind /checkout (ordering-payments §4): created on entry, updated on each
 * submit (re-created when the payment model changes); an add-on draft is updated instead. The
 * server's refusals go under their fields or by the button.
 */
export function useCheckoutOrder({
  state,
  delivery,
  addOn,
  values,
  setErrors,
  formRef,
}: {
  state: CheckoutState;
  delivery: CheckoutPageProps['delivery'];
  addOn: AddOnCheckout | undefined;
  values: CheckoutFormValues;
  setErrors: (update: (errors: CheckoutFormErrors) => CheckoutFormErrors) => void;
  formRef: RefObject<HTMLFormElement | null>;
}) {
  const { preset, checkoutData, receivingMethod, deliveryPriceCents } = state;
  const [order, setOrder] = useState<CheckoutOrder | null>(null);
  /** the cutlery count and tip the server's totals were computed for */
  const [serverPricing, setServerPricing] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  const presetItems = checkoutData.map(toWireCheckoutLine);

  const payload = (v: CheckoutFormValues) =>
    buildOrderPayload({
      values: v,
      presetId: preset.id,
      presetName: preset.name,
      presetItems,
      receivingMethod,
      lat: delivery.lat,
      lng: delivery.lng,
      deliveryFeeCents: addOn ? undefined : deliveryPriceCents,
    });

  const showFailure = (error: unknown) => {
    if (isApiError(error) && error.status === 401) return; // signed out by the API client
    // the server's messages about a field (PO number, tip, ...) go under it, the others here
    const failure = validationFailure(error);
    if (failure) setErrors((e) => ({ ...e, ...failure.fields }));
    setProblem(
      !failure
        ? { kind: 'text', text: messages.orderRequestFailed }
        : failure.rest.length > 0
          ? { kind: 'messages', messages: failure.rest, refusal: deliveryRefusalOf(error) }
          : null,
    );
    const onField = failure?.rest.length === 0;
    requestAnimationFrame(() =>
      (onField ? formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') : problemRef.current)?.focus(),
    );
  };

  const saveOrder = async (v: CheckoutFormValues, isEft: boolean, recreate: boolean): Promise<CheckoutOrder | null> => {
    try {
      const saved = addOn
        ? await updateAddOnOrder(addOn.purchaseId, payload(v), isEft, addOn.parentToken)
        : order && !recreate
          ? await updateCateringOrder(order.id, payload(v), isEft)
          : await createCateringOrder(payload(v), isEft);
      setOrder(saved);
      setServerPricing(pricingOf(v, Boolean(addOn)));
      setProblem(null);
      return saved;
    } catch (error) {
      showFailure(error);
      return null;
    }
  };

  // The catering order is created on entry (ordering-payments §4).
  const created = useRef(false);
  useEffect(() => {
    if (
      created.current ||
      emptyOrderProblem(
        checkoutData.map((l) => ({ quantity: l.quantity, itemQuantities: Object.values(l.menuItemsMapping) })),
      )
    )
      return;
    created.current = true;
    // Once, with the values the page opened with; later changes go out on submit.
    void saveOrder(values, false, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on entry (not on each change)
  }, []);

  /** the one click on a refused time's earliest one (decision 072): the fields take it, the refusal goes */
  const clearProblem = () => setProblem(null);

  return {
    order,
    serverPricing,
    problem,
    problemRef,
    paymentError,
    setPaymentError,
    showFailure,
    saveOrder,
    clearProblem,
  };
}

export type CheckoutOrderFlow = ReturnType<typeof useCheckoutOrder>;
