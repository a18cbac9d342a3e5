import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  availableTimeSlots,
  computeTotals,
  displayTime,
  emptyOrderProblem,
  formatIsoDate,
  messages,
  priceCart,
  type PricingMenu,
} from '@caterway/domain';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { notify, TOAST_DURATION } from '../../../stores/notifications';
import { toWireCheckoutLine, type CheckoutState } from '../../../types/checkout-state';
import { useSessionCheck } from '../api/get-session';
import { useCurrentUser } from '../api/get-current-user';
import { createCateringOrder } from '../api/create-catering-order';
import { updateCateringOrder } from '../api/update-catering-order';
import { finalizeCateringOrder } from '../api/finalize-catering-order';
import type { AccountProfile, CheckoutOrder } from '../api/types';
import {
  buildOrderPayload,
  cutleryCountOf,
  servingStyles,
  setCutleryCount,
  setCutleryNeeded,
  validateCheckoutForm,
  type CheckoutFormErrors,
  type CheckoutFormValues,
} from '../checkout-form';
import { createPaymentAttempts, runPaymentAttempt } from '../payment-attempt';
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

export interface CheckoutPageProps {
  state: CheckoutState;
  /** the delivery bar's details (browse-account-orders §3) */
  delivery: { address: string; lat: number | null; lng: number | null; deliveryDate: string; deliveryTime: string };
  renderPaymentModal: (props: CheckoutPaymentModalProps) => ReactNode;
  /** clears the cart of the preset (ordering-payments §4: on success the cart is cleared) */
  onOrderPlaced: (presetId: number) => void;
  completedHref: string;
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
      <section className="container page" aria-busy="true">
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

function initialValues(profile: AccountProfile, delivery: CheckoutPageProps['delivery'], now: Date): CheckoutFormValues {
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
  };
}

function CheckoutForm({ state, delivery, renderPaymentModal, onOrderPlaced, completedHref, profile }: CheckoutPageProps & { profile: AccountProfile }) {
  const navigate = useNavigate();
  const formId = useId();
  const { preset, checkoutData, receivingMethod, restaurantAddress, deliveryPriceCents } = state;
  const [values, setValues] = useState<CheckoutFormValues>(() => initialValues(profile, delivery, new Date()));
  const [errors, setErrors] = useState<CheckoutFormErrors>({});
  const [order, setOrder] = useState<CheckoutOrder | null>(null);
  /** the cutlery count the server's totals were computed for */
  const [serverCutlery, setServerCutlery] = useState<number | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [model, setModel] = useState<PaymentModel>('card');
  const [modalOpen, setModalOpen] = useState(false);
  const attempts = useRef(createPaymentAttempts());
  const switchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const problemRef = useRef<HTMLDivElement>(null);

  // EFT only when the preset's first chef enables it (ordering-payments §6).
  const eftAllowed = Boolean(preset.chefs[0]?.eftEnabled);
  const cutleryCount = cutleryCountOf(values);
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
      return computeTotals({ lines, receivingMethod, deliveryFeeCents: deliveryPriceCents, cutleryCount, taxRatePercent: preset.taxRate });
    } catch {
      return null;
    }
  }, [preset, checkoutData, receivingMethod, deliveryPriceCents, cutleryCount]);

  // The server's totals are authoritative once returned, while they still match the form.
  const serverTotals = order && serverCutlery === cutleryCount ? order.totals : null;
  const totals: SummaryTotals | null = serverTotals ?? localTotals;

  const payload = (v: CheckoutFormValues) =>
    buildOrderPayload({ values: v, presetId: preset.id, presetName: preset.name, presetItems, receivingMethod, lat: delivery.lat, lng: delivery.lng });

  const showFailure = (error: unknown) => {
    if (isApiError(error) && error.status === 401) return; // signed out by the API client
    if (isApiError(error) && error.status === 422 && error.messages.length > 0) setProblem({ kind: 'messages', messages: error.messages });
    else setProblem({ kind: 'text', text: messages.orderRequestFailed });
    requestAnimationFrame(() => problemRef.current?.focus());
  };

  const saveOrder = async (v: CheckoutFormValues, isEft: boolean, recreate: boolean): Promise<CheckoutOrder | null> => {
    try {
      const saved = order && !recreate ? await updateCateringOrder(order.id, payload(v), isEft) : await createCateringOrder(payload(v), isEft);
      setOrder(saved);
      setServerCutlery(cutleryCountOf(v));
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
    if (created.current || emptyOrderProblem(checkoutData.map((l) => ({ quantity: l.quantity, itemQuantities: Object.values(l.menuItemsMapping) }))))
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
    const found = validateCheckoutForm(values, { receivingMethod, now: new Date() });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const empty = emptyOrderProblem(checkoutData.map((l) => ({ quantity: l.quantity, itemQuantities: Object.values(l.menuItemsMapping) })));
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
    const body = { orderId: order.id, purchaseId: order.purchaseId, paymentMethodId: choice.paymentMethodId, saveCard: choice.save };
    try {
      await runPaymentAttempt(attempts.current, body, (idempotencyKey) =>
        finalizeCateringOrder({ ...body, stripeSetupIntentId: choice.setupIntentId, idempotencyKey }),
      );
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
    navigate(completedHref, { replace: true });
  };

  const today = formatIsoDate(new Date());
  const slots = availableTimeSlots(values.date, new Date());
  const fieldError = (key: keyof CheckoutFormValues) => errors[key] ?? null;

  return (
    <section className="container page checkout-page" aria-labelledby={`${formId}-title`}>
      <h1 id={`${formId}-title`}>Checkout</h1>
      <div className="checkout-grid">
        <form ref={formRef} id={formId} className="form checkout-form" onSubmit={onSubmit} noValidate>
          <fieldset>
            <legend>Contact</legend>
            <div className="form-row">
              <TextField label="First name" value={values.firstName} readOnly required error={fieldError('firstName')} />
              <TextField label="Last name" value={values.lastName} readOnly required error={fieldError('lastName')} />
            </div>
            <TextField label="Company" autoComplete="organization" required value={values.companyName} error={fieldError('companyName')} onChange={(e) => update({ companyName: e.target.value })} />
            <div className="form-row">
              <TextField label="Phone" type="tel" autoComplete="tel" required value={values.phoneNumber} error={fieldError('phoneNumber')} onChange={(e) => update({ phoneNumber: e.target.value })} />
              <TextField label="Email" type="email" autoComplete="email" required value={values.emailAddress} error={fieldError('emailAddress')} onChange={(e) => update({ emailAddress: e.target.value })} />
            </div>
          </fieldset>

          <fieldset>
            <legend>{receivingMethod === 'pickup' ? 'Pickup' : 'Delivery'}</legend>
            {receivingMethod === 'delivery' ? (
              <div className="form-row">
                <TextField label="Address" autoComplete="street-address" required value={values.address} error={fieldError('address')} onChange={(e) => update({ address: e.target.value })} />
                <TextField label="Suite" optional autoComplete="address-line2" value={values.address2} onChange={(e) => update({ address2: e.target.value })} />
              </div>
            ) : (
              <p className="pickup-address">
                <strong>Pick up at:</strong> {restaurantAddress}
              </p>
            )}
            <div className="form-row">
              <TextField label="Date" type="date" min={today} required value={values.date} error={fieldError('date')} onChange={(e) => update({ date: e.target.value })} />
              <TimeSelect label="Time" value={values.time} slots={slots} error={fieldError('time')} onChange={(time) => update({ time })} />
            </div>
            <div className="field">
              <label htmlFor={`${formId}-notes`}>{receivingMethod === 'pickup' ? 'Pickup instructions' : 'Delivery instructions'}</label>
              <textarea id={`${formId}-notes`} rows={3} maxLength={1000} value={values.notes} onChange={(e) => update({ notes: e.target.value })} />
            </div>
          </fieldset>

          <fieldset>
            <legend>Serving</legend>
            <div className="radio-row" role="radiogroup" aria-label="Serving style">
              {servingStyles.map((style) => (
                <label key={style} className="checkbox">
                  <input type="radio" name={`${formId}-style`} value={style} checked={values.servingStyle === style} onChange={() => update({ servingStyle: style })} />
                  {style}
                </label>
              ))}
            </div>
            <div className="cutlery-row">
              <label className="checkbox">
                <input type="checkbox" checked={values.cutleryNeeded} onChange={(e) => setValues((v) => setCutleryNeeded(v, e.target.checked))} />
                Cutlery, plates &amp; napkins needed ($0.50 each)
              </label>
              <TextField
                label="How many?"
                inputMode="numeric"
                pattern="[0-9]*"
                className="cutlery-count"
                disabled={!values.cutleryNeeded}
                value={values.cutleryCount}
                error={fieldError('cutleryCount')}
                onChange={(e) => {
                  const typed = e.target.value;
                  setValues((v) => setCutleryCount(v, typed));
                  setErrors((er) => ({ ...er, cutleryCount: /^\d*$/.test(typed) ? undefined : messages.nonNegativeInteger }));
                }}
              />
            </div>
          </fieldset>
        </form>

        <aside className="order-details" aria-labelledby={`${formId}-details`}>
          <h2 id={`${formId}-details`}>Order Details</h2>
          <OrderSummary
            presetName={preset.name}
            lines={checkoutData}
            totals={totals}
            taxName={serverTotals ? order!.totals.taxName : preset.taxName}
            taxRate={serverTotals ? order!.totals.taxRate : preset.taxRate}
            cutleryCount={cutleryCount}
            receivingMethod={receivingMethod}
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
    </section>
  );
}

function TimeSelect({ label, value, slots, error, onChange }: { label: string; value: string; slots: string[]; error: string | null; onChange: (v: string) => void }) {
  const id = useId();
  const valid = slots.includes(value);
  return (
    <div className={['field', error ? 'field-invalid' : ''].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      <select id={id} required value={valid ? value : ''} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} onChange={(e) => onChange(e.target.value)}>
        <option value="" disabled>
          {slots.length === 0 ? 'No times left' : 'Choose a time'}
        </option>
        {slots.map((slot) => (
          <option key={slot} value={slot}>
            {displayTime(slot)}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
