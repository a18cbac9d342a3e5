import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  availableTimeSlots,
  computeTotals,
  emptyOrderProblem,
  messages,
  priceCart,
  type PricingMenu,
} from '@caterway/domain';
import { Button } from '@caterway/ui';
import { isApiError } from '../../../lib/api-client';
import { notify, TOAST_DURATION } from '../../../stores/notifications';
import { toWireCheckoutLine, type CheckoutState } from '../../../types/checkout-state';
import { createCateringOrder } from '../api/create-catering-order';
import { finalizeCateringOrder } from '../api/finalize-catering-order';
import { useCurrentUser } from '../api/get-current-user';
import { useSessionCheck } from '../api/get-session';
import type { AccountProfile, CheckoutOrder, FinalizedOrder } from '../api/types';
import { updateAddOnOrder } from '../api/update-add-on-order';
import { updateCateringOrder } from '../api/update-catering-order';
import {
  buildOrderPayload,
  cutleryCountOf,
  noExtras,
  tipOf,
  validateCheckoutForm,
  validationFailure,
  type CheckoutFormErrors,
  type CheckoutFormValues,
} from '../checkout-form';
import { authenticationSecret, createPaymentAttempts, runPaymentAttempt } from '../payment-attempt';
import type { OrderReceipt } from './checkout-completed';
import { OrderFields } from './order-fields';
import { OrderSummary, type SummaryTotals } from './order-summary';
import './checkout.css';

export type PaymentModel = 'card' | 'eft';

/** What the payment modal (features/payments, composed in by the route) hands back. */
export interface CheckoutPaymentChoice {
  model: PaymentModel;
  paymentMethodId: string;
  save: boolean;
  /** a new bank account's confirmed setup intent */
  setupIntentId?: string;
}

export interface CheckoutPaymentModalProps {
  model: PaymentModel;
  eftAllowed: boolean;
  billing: { name: string; email: string };
  onModelChange: (model: PaymentModel) => void;
  onClose: () => void;
  onComplete: (choice: CheckoutPaymentChoice) => Promise<void>;
}

/** The 3-D Secure step (features/payments, composed in by the route): done or cancelled. */
export interface CheckoutAuthenticationProps {
  clientSecret: string;
  amountCents: number;
  onDone: () => void;
  onCancel: () => void;
}

export interface CheckoutPageProps {
  state: CheckoutState;
  /** the delivery bar's details (browse-account-orders §3) */
  delivery: { address: string; lat: number | null; lng: number | null; deliveryDate: string; deliveryTime: string };
  renderPaymentModal: (props: CheckoutPaymentModalProps) => ReactNode;
  /** 3-D Secure: finalize answered requires_action; the payment is sent again once it is done */
  renderAuthentication: (props: CheckoutAuthenticationProps) => ReactNode;
  /** clears the cart of the preset (ordering-payments §4: on success the cart is cleared) */
  onOrderPlaced: (presetId: number) => void;
  completedHref: string;
  /**
   * /add_on_checkout (ordering-payments §2, §5, §7): the add-on draft made from My Orders, saved
   * with PUT .../{purchaseId}/update_addon_order; delivered with its parent (no address, date or
   * time to choose, no company required, no delivery fee); a total of 0 is 'Your cart is empty.'
   */
  addOn?: AddOnCheckout;
}

export interface AddOnCheckout {
  orderId: number;
  purchaseId: string;
  /** the parent's parentTokanizeLink, sent back as parent_token */
  parentToken?: string;
  parent: { date: string; time: string; address: string; address2: string; display: string };
  /** the draft's PO number and cost centre, if it has them (the form starts from them) */
  poNumber?: string;
  costCentre?: string;
}

/** ordering-payments §4: "The payment modal switches model 1 s after closing." */
export const MODEL_SWITCH_DELAY_MS = 1000;

type Problem = { kind: 'messages'; messages: string[] } | { kind: 'text'; text: string } | null;

/**
 * /checkout (ordering-payments §2, §4, §5): the session is verified first, the catering order is
 * created on entry, updated on each submit and finalized with the payment method chosen in the
 * payment modal.
 */
export function CheckoutPage(props: CheckoutPageProps) {
  const session = useSessionCheck(true);
  const profile = useCurrentUser(session.isSuccess);

  if (session.isPending || (session.isSuccess && profile.isPending)) {
    return (
      <section className="container page page-loading" aria-busy="true">
        <h1>Checkout</h1>
        <p className="muted">Checking your session…</p>
      </section>
    );
  }
  if (session.isError || profile.isError || !profile.data) {
    // A 401 has signed the user out (the route then asks to sign in); anything else:
    return (
      <section className="container page">
        <h1>Checkout</h1>
        <p className="form-alert" role="alert">
          {messages.orderRequestFailed}
        </p>
      </section>
    );
  }
  return <CheckoutForm {...props} profile={profile.data} />;
}

function initialValues(
  profile: AccountProfile,
  delivery: CheckoutPageProps['delivery'],
  now: Date,
  addOn?: AddOnCheckout,
): CheckoutFormValues {
  if (addOn) {
    return {
      firstName: profile.firstName,
      lastName: profile.lastName,
      companyName: profile.companyName,
      phoneNumber: profile.phone,
      emailAddress: profile.email,
      address: addOn.parent.address,
      address2: addOn.parent.address2,
      date: addOn.parent.date,
      time: addOn.parent.time,
      notes: '',
      servingStyle: 'Individually Packaged',
      cutleryNeeded: false,
      cutleryCount: '',
      ...noExtras,
      poNumber: addOn.poNumber ?? '',
      costCentre: addOn.costCentre ?? '',
    };
  }
  const slots = availableTimeSlots(delivery.deliveryDate, now);
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    companyName: profile.companyName,
    phoneNumber: profile.phone,
    emailAddress: profile.email,
    address: delivery.address,
    address2: profile.address2,
    date: delivery.deliveryDate,
    time: slots.includes(delivery.deliveryTime) ? delivery.deliveryTime : '',
    notes: profile.defaultDeliveryInstructions,
    servingStyle: 'Individually Packaged',
    cutleryNeeded: false,
    cutleryCount: '',
    ...noExtras,
  };
}

function CheckoutForm({
  state,
  delivery,
  renderPaymentModal,
  renderAuthentication,
  onOrderPlaced,
  completedHref,
  profile,
  addOn,
}: CheckoutPageProps & { profile: AccountProfile }) {
  const navigate = useNavigate();
  const formId = useId();
  const { preset, checkoutData, receivingMethod, restaurantAddress, deliveryPriceCents } = state;
  const [values, setValues] = useState<CheckoutFormValues>(() => initialValues(profile, delivery, new Date(), addOn));
  const [errors, setErrors] = useState<CheckoutFormErrors>({});
  const [order, setOrder] = useState<CheckoutOrder | null>(null);
  /** the cutlery count and tip the server's totals were computed for */
  const [serverPricing, setServerPricing] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const [paymentError, setPaymentError] = useState<string | null>(null);
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
  const formRef = useRef<HTMLFormElement>(null);
  const problemRef = useRef<HTMLDivElement>(null);

  // EFT only when the preset's first chef enables it (ordering-payments §6).
  const eftAllowed = Boolean(preset.chefs[0]?.eftEnabled);
  const cutleryCount = cutleryCountOf(values);
  // an add-on takes no tip of its own (its cart has none)
  const tip = useMemo(
    () => (addOn ? null : tipOf({ tip: values.tip, tipAmount: values.tipAmount })),
    [addOn, values.tip, values.tipAmount],
  );
  const presetItems = useMemo(() => checkoutData.map(toWireCheckoutLine), [checkoutData]);

  const localTotals = useMemo<SummaryTotals | null>(() => {
    const menus = new Map<number, PricingMenu>();
    for (const chef of preset.chefs) for (const menu of chef.menus) menus.set(menu.id, menu);
    try {
      let lines;
      try {
        lines = priceCart(checkoutData, menus);
      } catch {
        // A line the catalogue no longer has: price it as the cart showed it; the server decides.
        lines = checkoutData.map((l) => ({ unitPriceCents: l.lineTotalCents, quantity: 1, menuItems: [] }));
      }
      return computeTotals({
        lines,
        receivingMethod,
        deliveryFeeCents: deliveryPriceCents,
        cutleryCount,
        taxes: preset.taxLines,
        isAddOn: Boolean(addOn),
        tip,
      });
    } catch {
      return null;
    }
  }, [preset, checkoutData, receivingMethod, deliveryPriceCents, cutleryCount, addOn, tip]);

  // The server's totals are authoritative once returned, while they still match the form.
  const pricingOf = (v: CheckoutFormValues) => JSON.stringify([cutleryCountOf(v), addOn ? null : tipOf(v)]);
  const serverTotals = order && serverPricing === pricingOf(values) ? order.totals : null;
  const totals: SummaryTotals | null = serverTotals ?? localTotals;

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
          ? { kind: 'messages', messages: failure.rest }
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
      setServerPricing(pricingOf(v));
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
  }, []);

  useEffect(() => () => void (switchTimer.current && clearTimeout(switchTimer.current)), []);

  const update = (next: Partial<CheckoutFormValues>) => {
    setValues((v) => ({ ...v, ...next }));
    setErrors((e) => {
      const copy = { ...e };
      for (const key of Object.keys(next) as (keyof CheckoutFormValues)[]) delete copy[key];
      return copy;
    });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setPaymentError(null);
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
      setModalOpen(false);
      if (isApiError(error) && error.status === 401) return;
      const providerMessage = isApiError(error) && error.status === 402 ? error.serverError : undefined;
      if (providerMessage && choice.model === 'eft') {
        // ordering-payments §8: EFT error at checkout: provider message toast 8 s, modal closes.
        notify({ tone: 'error', title: 'Error', message: providerMessage, duration: TOAST_DURATION.long });
      } else if (providerMessage) {
        // Card error: the provider's message in the order details (ordering-payments §8).
        setPaymentError(providerMessage);
      } else {
        showFailure(error);
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
    navigate(completedHref, { replace: true, state: { receipt } });
  };

  return (
    <section className="container page checkout-page" aria-labelledby={`${formId}-title`}>
      <h1 id={`${formId}-title`}>{addOn ? 'Add-on Checkout' : 'Checkout'}</h1>
      <div className="checkout-grid">
        <form ref={formRef} id={formId} className="form checkout-form" onSubmit={onSubmit} noValidate>
          <OrderFields
            formId={formId}
            values={values}
            errors={errors}
            update={update}
            setValues={setValues}
            setErrors={setErrors}
            receivingMethod={receivingMethod}
            restaurantAddress={restaurantAddress}
            nameReadOnly
            fixedSchedule={addOn ? addOn.parent.display : undefined}
            addOn={Boolean(addOn)}
          />
        </form>

        <aside className="order-details" aria-labelledby={`${formId}-details`}>
          <h2 id={`${formId}-details`}>Order Details</h2>
          <OrderSummary
            presetName={preset.name}
            lines={checkoutData}
            totals={totals}
            cutleryCount={cutleryCount}
            receivingMethod={receivingMethod}
            isAddOn={Boolean(addOn)}
            confirmed={Boolean(serverTotals)}
          />
          <div ref={problemRef} tabIndex={-1} className="order-problems">
            {paymentError ? (
              <p className="form-alert" role="alert">
                {paymentError}
              </p>
            ) : null}
            {problem?.kind === 'text' ? (
              <p className="form-alert" role="alert">
                {problem.text}
              </p>
            ) : problem?.kind === 'messages' ? (
              <ul className="form-alert" role="alert">
                {problem.messages.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            ) : null}
          </div>
          <Button type="submit" form={formId} block busy={busy}>
            Continue to Payment
          </Button>
        </aside>
      </div>

      {modalOpen && order
        ? renderPaymentModal({
            model,
            eftAllowed,
            billing: { name: `${values.firstName} ${values.lastName}`.trim(), email: values.emailAddress.trim() },
            onModelChange,
            onClose: () => setModalOpen(false),
            onComplete,
          })
        : null}
      {authentication
        ? renderAuthentication({
            clientSecret: authentication.clientSecret,
            amountCents: authentication.amountCents,
            onDone: () => {
              setAuthentication(null);
              void onComplete(authentication.choice);
            },
            onCancel: () => setAuthentication(null),
          })
        : null}
    </section>
  );
}
