import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { emptyOrderProblem, formatCents, messages } from '@caterway/domain';
import { Button } from '@caterway/ui';
import { ConfirmDialog } from '@caterway/ui/confirm-dialog';
import { SignInRedirect } from '../../components/sign-in-redirect';
import { paths } from '../../config/paths';
import { hydrateLines, sameCart } from '../../features/cart/cart-model';
import { CartSourceProvider, memoryCartSource } from '../../features/cart/cart-source';
import { CartPanel } from '../../features/cart/components/cart-panel';
import { MenuAction } from '../../features/cart/components/menu-action';
import type { Preset } from '../../features/cart/types';
import {
  editCateringOrder,
  orderKeys,
  updateOrderPaymentMethod,
  useCateringOrder,
  type CateringOrderDetail,
} from '../../features/checkout/api/catering-order-detail';
import type { CheckoutOrder } from '../../features/checkout/api/types';
import {
  buildOrderPayload,
  cutleryCountOf,
  orderFormValues,
  tipOf,
  validateCheckoutForm,
  validationFailure,
  type CheckoutFormErrors,
  type CheckoutFormValues,
} from '../../features/checkout/checkout-form';
import type { OrderReceipt } from '../../features/checkout/components/checkout-completed';
import { OrderFields } from '../../features/checkout/components/order-fields';
import { authenticationSecret } from '../../features/checkout/payment-attempt';
import { PaymentAuthentication } from '../../features/payments/components/payment-authentication';
import { PaymentModal, type PaymentChoice, type PaymentModel } from '../../features/payments/components/payment-modal';
import { presetQueryOptions } from '../../features/preset-detail/api/get-preset';
import { PresetPage } from '../../features/preset-detail/components/preset-page';
import { isApiError } from '../../lib/api-client';
import { useStore } from '../../lib/create-store';
import { notify, TOAST_DURATION } from '../../stores/notifications';
import { useSessionUser } from '../../stores/session';
import { toWireCheckoutLine, type CartLine } from '../../types/checkout-state';
import '../../features/cart/components/cart.css';
import '../../features/checkout/components/checkout.css';

// /chefs/{presetSlug}/{orderId} (ordering-payments §2 'Edit catered order page', §4 'Order edit'):
// the menu and cart of the order's preset and the order's details, with Update Order, Update
// Payment Method and Cancel Changes. The server decides whether the order may still change
// (the upcoming-order rule at its clock, sent as edit_rule) and re-checks and reprices the edit.

/** The order needs a new payment method (the held payment no longer covers it). */
const NEEDS_PAYMENT = ['CardSetup', 'SetupIntentCreated'];
const MODEL_SWITCH_DELAY_MS = 1000;

export function Component() {
  const { orderId = '' } = useParams();
  const user = useSessionUser();
  // Not signed in and confirmed: / with the sign-in modal and the way back (ordering-payments §2).
  if (!user || !user.confirmed) return <SignInRedirect />;
  return <EditOrderLoader key={`${user.id}-${orderId}`} orderId={/^\d+$/.test(orderId) ? Number(orderId) : NaN} />;
}

function EditOrderLoader({ orderId }: { orderId: number }) {
  const navigate = useNavigate();
  const valid = Number.isSafeInteger(orderId) && orderId > 0;
  const order = useCateringOrder(orderId, valid);
  const presetId = order.data?.presetId ?? null;
  const preset = useQuery({ ...presetQueryOptions(String(presetId ?? '')), enabled: presetId !== null });
  // ordering-payments §8: an order load error other than 'Not authorized' goes to /error. An
  // unknown id and another user's order both answer 404 (no hint that it exists): /error too.
  // 'Not authorized' (401) signs the user out; the guard above then asks them to sign in.
  const notAuthorized = order.isError && isApiError(order.error) && order.error.status === 401;
  const failed = !valid || (order.isError && !notAuthorized) || (order.data && order.data.presetId === null);
  useEffect(() => {
    if (failed) void navigate(paths.error.path, { replace: true });
  }, [failed, navigate]);

  if (order.data && preset.data) return <EditOrder order={order.data} preset={preset.data} />;
  if (preset.isError) {
    return (
      <section className="container page">
        <h1>We could not load this menu</h1>
        <p role="alert">{messages.genericFailure}</p>
      </section>
    );
  }
  return (
    <div className="container page" role="status">
      <span className="spinner" aria-hidden="true" /> Loading your order…
    </div>
  );
}

function linesOf(order: CateringOrderDetail, preset: Preset): CartLine[] {
  return hydrateLines(preset, order.presetItems);
}

type Dialog = 'update' | 'cancel' | null;
type Problem = { kind: 'messages'; messages: string[] } | { kind: 'text'; text: string } | null;

function EditOrder({ order, preset }: { order: CateringOrderDetail; preset: Preset }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formId = useId();
  const problemRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // the order as saved on the server: what Cancel Changes restores
  const [baseline, setBaseline] = useState(() => ({ lines: linesOf(order, preset), values: orderFormValues(order) }));
  const [source] = useState(() => memoryCartSource(baseline.lines));
  const lines = useStore(source.store);
  const [values, setValues] = useState<CheckoutFormValues>(baseline.values);
  const [errors, setErrors] = useState<CheckoutFormErrors>({});
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const [paymentError, setPaymentError] = useState<string | null>(
    order.paymentError && NEEDS_PAYMENT.includes(order.status) ? order.paymentError : null,
  );
  const [needsPayment, setNeedsPayment] = useState(NEEDS_PAYMENT.includes(order.status));
  const [authentication, setAuthentication] = useState<{
    clientSecret: string;
    amountCents: number;
    choice: PaymentChoice;
  } | null>(null);
  const [model, setModel] = useState<PaymentModel>(order.isEft ? 'eft' : 'card');
  const [modalOpen, setModalOpen] = useState(false);
  const switchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (switchTimer.current && clearTimeout(switchTimer.current)), []);

  const modified = !sameCart(lines, baseline.lines) || JSON.stringify(values) !== JSON.stringify(baseline.values);
  const receivingMethod = order.orderType;
  const delivery = useMemo(
    () => ({
      address: values.address,
      lat: null,
      lng: null,
      deliveryDate: values.date,
      deliveryTime: values.time,
      receivingMethod,
    }),
    [values.address, values.date, values.time, receivingMethod],
  );
  const eftAllowed = Boolean(preset.chefs[0]?.eftEnabled);
  // an add-on order is priced as one (no delivery fee, no tip of its own), as the server reprices it
  const isAddOn = order.parentOrderId !== null;
  const tip = useMemo(
    () => (isAddOn ? null : tipOf({ tip: values.tip, tipAmount: values.tipAmount })),
    [isAddOn, values.tip, values.tipAmount],
  );

  const update = (next: Partial<CheckoutFormValues>) => {
    setValues((v) => ({ ...v, ...next }));
    setErrors((e) => {
      const copy = { ...e };
      for (const key of Object.keys(next) as (keyof CheckoutFormValues)[]) delete copy[key];
      return copy;
    });
  };

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
    else setProblem(failure.rest.length > 0 ? { kind: 'messages', messages: failure.rest } : null);
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
      // the saved edit is the new starting point: nothing left to cancel
      setBaseline({ lines, values });
      source.restart(lines);
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

  const onUpdateOrder = async () => {
    setDialog(null);
    const saved = await save();
    // an increase the held payment does not cover: stay, and ask for a payment method
    if (!saved || NEEDS_PAYMENT.includes(saved.status)) return;
    finish(saved);
  };

  const onUpdatePaymentMethod = async () => {
    if (modified && !(await save())) return;
    setModalOpen(true);
  };

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
      else if (providerMessage) setPaymentError(providerMessage);
      else showFailure(error);
      return;
    }
    // finalizing clears the order and goes to the completed page (ordering-payments §4)
    source.restart([]);
    finish(updated);
  };

  const paymentDialogs = (
    <>
      {authentication ? (
        <PaymentAuthentication
          clientSecret={authentication.clientSecret}
          amountCents={authentication.amountCents}
          onDone={() => {
            setAuthentication(null);
            void onPaymentComplete(authentication.choice);
          }}
          onCancel={() => setAuthentication(null)}
        />
      ) : null}
      {modalOpen ? (
        <PaymentModal
          purpose="checkout"
          model={model}
          eftAllowed={eftAllowed}
          billing={{ name: `${values.firstName} ${values.lastName}`.trim(), email: values.emailAddress.trim() }}
          onModelChange={onModelChange}
          onClose={() => setModalOpen(false)}
          onComplete={onPaymentComplete}
        />
      ) : null}
    </>
  );

  if (!order.editRule.allowed) {
    // a New order whose authorisation 5 days before delivery failed: only its payment method can
    // change (the API allows that; decision 027), as the email asked
    const paymentOnly = order.status === 'New' && order.paymentStatus === 'failed';
    return (
      <>
        <NotEditable order={order} message={order.editRule.message ?? ''} />
        {paymentOnly ? (
          <section className="container edit-order-payment-only" aria-label="Payment">
            <p className="form-alert" role="alert">
              {paymentError ?? order.paymentError ?? messages.orderRequestFailed} Please update the payment method.
            </p>
            <Button onClick={() => setModalOpen(true)}>Update Payment Method</Button>
          </section>
        ) : null}
        {paymentOnly ? paymentDialogs : null}
      </>
    );
  }

  const footer = (
    <div className="edit-order-actions">
      {needsPayment ? (
        <p className="form-alert" role="alert">
          {paymentError ?? messages.orderRequestFailed} Please update the payment method.
        </p>
      ) : paymentError ? (
        <p className="form-alert" role="alert">
          {paymentError}
        </p>
      ) : null}
      <div ref={problemRef} tabIndex={-1} className="order-problems">
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
      <Button block disabled={!modified || busy} busy={busy && dialog === null} onClick={() => setDialog('update')}>
        Update Order
      </Button>
      <Button block variant="secondary" disabled={busy} onClick={() => void onUpdatePaymentMethod()}>
        Update Payment Method
      </Button>
      <Button block variant="ghost" disabled={!modified || busy} onClick={() => setDialog('cancel')}>
        Cancel Changes
      </Button>
    </div>
  );

  return (
    <CartSourceProvider value={source}>
      <div className="container edit-order-banner" role="status">
        Editing order <strong>{order.orderNumber}</strong> · {order.displayDeliveryDateTime} ·{' '}
        {formatCents(order.totals.totalCents)}
      </div>
      <PresetPage
        idOrSlug={String(preset.id)}
        kind="restaurant"
        slots={{
          // the total is the charge: the cutlery as the form has it now, and an add-on's rules
          // (no delivery fee of its own), as the server reprices the edit (ordering-payments §9)
          summary: (p) => (
            <CartPanel
              preset={p}
              delivery={delivery}
              isRestaurant={p.presetType === 'restaurant'}
              onCheckout={() => undefined}
              footer={footer}
              cutleryCount={cutleryCountOf(values)}
              tip={tip}
              addOn={isAddOn}
            />
          ),
          dishAction: (p) => (dish) => <MenuAction preset={p} menuId={dish.menuId} menuName={dish.name} />,
          extras: () => (
            <section className="container edit-order-details" aria-labelledby={`${formId}-details`}>
              <h2 id={`${formId}-details`}>Edit details</h2>
              <form
                ref={formRef}
                id={formId}
                className="form checkout-form"
                noValidate
                onSubmit={(e: FormEvent) => {
                  e.preventDefault();
                  if (modified) setDialog('update');
                }}
              >
                <OrderFields
                  formId={formId}
                  values={values}
                  errors={errors}
                  update={update}
                  setValues={setValues}
                  setErrors={setErrors}
                  receivingMethod={receivingMethod}
                  restaurantAddress={preset.address1}
                  addOn={isAddOn}
                />
              </form>
            </section>
          ),
        }}
      />
      {dialog === 'update' ? (
        <ConfirmDialog
          title="Update order"
          message="Are you sure you want to update this order?"
          confirmLabel="Yes"
          onCancel={() => setDialog(null)}
          onConfirm={() => void onUpdateOrder()}
        />
      ) : null}
      {dialog === 'cancel' ? (
        <ConfirmDialog
          title="Cancel changes"
          message="Are you sure you want to discard your changes?"
          confirmLabel="Yes"
          onCancel={() => setDialog(null)}
          onConfirm={() => {
            setDialog(null);
            source.reset(preset);
            setValues(baseline.values);
            setErrors({});
            setProblem(null);
          }}
        />
      ) : null}
      {paymentDialogs}
    </CartSourceProvider>
  );
}

/** The upcoming-order rule refuses: its message, the order as it stands, and no buttons. */
function NotEditable({ order, message }: { order: CateringOrderDetail; message: string }) {
  return (
    <section className="container page edit-order-closed">
      <h1>Order {order.orderNumber}</h1>
      <p className="form-alert" role="status">
        {message}
      </p>
      <p>
        {order.presetName} · {order.displayDeliveryDateTime}
      </p>
      <ul className="edit-order-lines">
        {order.presetItems.map((item) => (
          <li key={String(item.id)}>
            {item.quantity} × {item.name} <span className="muted">{formatCents(item.lineSubtotalCents)}</span>
          </li>
        ))}
      </ul>
      <p>
        Total <strong>{formatCents(order.totals.totalCents)}</strong>
      </p>
    </section>
  );
}
