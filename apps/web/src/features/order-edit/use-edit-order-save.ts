import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { orderKeys } from '@caterway/contracts/client';
import { emptyOrderProblem, messages } from '@caterway/domain';
import { paths } from '../../config/paths';
import { isApiError } from '../../lib/api-client';
import { notify, TOAST_DURATION } from '../../stores/notifications';
import { toWireCheckoutLine } from '../../types/checkout-state';
import type { Preset } from '../cart/types';
import { editCateringOrder, type CateringOrderDetail } from '../checkout/api/catering-order-detail';
import type { CheckoutOrder } from '../checkout/api/types';
import {
  buildOrderPayload,
  cutleryCountOf,
  deliveryRefusalOf,
  validateCheckoutForm,
  validationFailure,
} from '../checkout/checkout-form';
import type { Problem } from '../checkout/checkout-types';
import type { OrderReceipt } from '../checkout/components/checkout-completed';
import type { EditOrderForm } from './use-edit-order-form';

/** The order needs a new payment method (the held payment no longer covers it). */
export const NEEDS_PAYMENT = ['CardSetup', 'SetupIntentCreated'];

/**
 * Saving an edit (ordering-payments §4 'Order edit'): the form checked in the browser, then the
 * server's answer, which re-checks and reprices. Its refusals go under their fields or by the
 * buttons; an increase the held payment does not cover asks for a payment method.
 */
export function useEditOrderSave(
  order: CateringOrderDetail,
  preset: Preset,
  form: EditOrderForm,
  formRef: RefObject<HTMLFormElement | null>,
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const problemRef = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const [paymentError, setPaymentError] = useState<string | null>(
    order.paymentError && NEEDS_PAYMENT.includes(order.status) ? order.paymentError : null,
  );
  const [needsPayment, setNeedsPayment] = useState(NEEDS_PAYMENT.includes(order.status));
  const { values, lines, receivingMethod, isAddOn, setErrors } = form;

  const showFailure = (error: unknown) => {
    if (isApiError(error) && error.status === 401) return;
    // the server's messages about a field (PO number, tip, ...) go under it, the others by the buttons
    const failure = validationFailure(error);
    if (failure) setErrors((e) => ({ ...e, ...failure.fields }));
    if (!failure)
      setProblem({
        kind: 'text',
        text:
          isApiError(error) && error.status === 409 && error.serverError
            ? error.serverError
            : messages.orderRequestFailed,
      });
    // a refused time comes with why and the earliest time the server takes (decision 072)
    else
      setProblem(
        failure.rest.length > 0
          ? { kind: 'messages', messages: failure.rest, refusal: deliveryRefusalOf(error) }
          : null,
      );
    const onField = failure?.rest.length === 0;
    requestAnimationFrame(() =>
      (onField ? formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') : problemRef.current)?.focus(),
    );
  };

  /** Checks the form, then saves the edit (the server re-checks and reprices). */
  const save = async (): Promise<CheckoutOrder | null> => {
    const found = validateCheckoutForm(values, { receivingMethod, now: new Date() });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return null;
    }
    const empty = emptyOrderProblem(
      lines.map((l) => ({ quantity: l.quantity, itemQuantities: Object.values(l.menuItemsMapping) })),
    );
    if (empty) {
      // ordering-payments §5 'Empty order': no submission or payment update
      notify({ tone: 'error', title: messages.noItemsTitle, message: empty, duration: TOAST_DURATION.default });
      return null;
    }
    setBusy(true);
    try {
      const payload = buildOrderPayload({
        values,
        presetId: preset.id,
        presetName: preset.name,
        presetItems: lines.map(toWireCheckoutLine),
        receivingMethod,
        lat: null,
        lng: null,
      });
      const saved = await editCateringOrder(order.id, payload);
      setProblem(null);
      form.commit();
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
      const uncovered = NEEDS_PAYMENT.includes(saved.status);
      setNeedsPayment(uncovered);
      setPaymentError(uncovered ? (saved.paymentError ?? messages.orderRequestFailed) : null);
      return saved;
    } catch (error) {
      showFailure(error);
      return null;
    } finally {
      setBusy(false);
    }
  };

  /** The order is placed as edited: the completed page with its receipt. */
  const finish = (saved: CheckoutOrder) => {
    void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    const receipt: OrderReceipt = {
      orderNumber: order.orderNumber,
      totalCents: saved.totals.totalCents,
      totals: saved.totals,
      cutleryCount: cutleryCountOf(values),
      deliveryFee: receivingMethod === 'delivery' && !isAddOn,
      poNumber: values.poNumber.trim(),
      costCentre: values.costCentre.trim(),
    };
    void navigate(paths.checkoutCompleted.path, { replace: true, state: { receipt } });
  };

  return {
    problemRef,
    busy,
    problem,
    setProblem,
    paymentError,
    setPaymentError,
    needsPayment,
    showFailure,
    save,
    finish,
  };
}

export type EditOrderSave = ReturnType<typeof useEditOrderSave>;
