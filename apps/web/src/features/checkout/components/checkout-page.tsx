import { useId, useRef } from 'react';
import { formatCents, messages } from '@caterway/domain';
import { Button } from '@caterway/ui';
import type { CartLine } from '../../../types/checkout-state';
import { useCurrentUser } from '../api/get-current-user';
import { useSessionCheck } from '../api/get-session';
import type { AccountProfile } from '../api/types';
import type { CheckoutPageProps } from '../checkout-types';
import { initialValues } from '../initial-values';
import { useCheckoutOrder } from '../use-checkout-order';
import { useCheckoutPayment } from '../use-checkout-payment';
import { useCheckoutTotals } from '../use-checkout-totals';
import { useOrderFormValues } from '../use-order-form-values';
import { OrderFields } from './order-fields';
import { OrderProblems } from './order-problems';
import { OrderSummary } from './order-summary';
import './checkout.css';

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
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { preset, checkoutData, receivingMethod, restaurantAddress } = state;
  const form = useOrderFormValues(() => initialValues(profile, delivery, new Date(), addOn));
  const { values, errors, setErrors } = form;
  const flow = useCheckoutOrder({ state, delivery, addOn, values, setErrors, formRef });
  const { cutleryCount, localTotals, totals, confirmed } = useCheckoutTotals(
    state,
    values,
    Boolean(addOn),
    flow.order,
    flow.serverPricing,
  );
  const payment = useCheckoutPayment({
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
  });
  const { authentication } = payment;

  return (
    <section className="container page checkout-page" aria-labelledby={`${formId}-title`}>
      <h1 id={`${formId}-title`}>{addOn ? 'Add-on Checkout' : 'Checkout'}</h1>
      <div className="checkout-grid">
        <form
          ref={formRef}
          id={formId}
          className="form checkout-form"
          onSubmit={(e) => void payment.onSubmit(e)}
          noValidate
        >
          <OrderFields
            formId={formId}
            values={values}
            errors={errors}
            update={form.update}
            setValues={form.setValues}
            setErrors={setErrors}
            receivingMethod={receivingMethod}
            restaurantAddress={restaurantAddress}
            nameReadOnly
            fixedSchedule={addOn ? addOn.parent.display : undefined}
            addOn={Boolean(addOn)}
          />
        </form>

        <aside className="order-details" aria-labelledby={`${formId}-details`}>
          <h2 id={`${formId}-details`}>Order details</h2>
          <PriceChanges lines={checkoutData} />
          <OrderSummary
            presetName={preset.name}
            lines={checkoutData}
            totals={totals}
            cutleryCount={cutleryCount}
            receivingMethod={receivingMethod}
            isAddOn={Boolean(addOn)}
            confirmed={confirmed}
          />
          <OrderProblems
            problem={flow.problem}
            problemRef={flow.problemRef}
            onUseTime={
              addOn
                ? undefined
                : (date, time) => {
                    form.update({ date, time });
                    flow.clearProblem();
                    // the user continues from the button they pressed: Pay, now with a time that works
                    requestAnimationFrame(() =>
                      formRef.current?.ownerDocument
                        .querySelector<HTMLElement>(`button[type="submit"][form="${formId}"]`)
                        ?.focus(),
                    );
                  }
            }
          >
            {flow.paymentError ? (
              <p className="form-alert" role="alert">
                {flow.paymentError}
              </p>
            ) : null}
          </OrderProblems>
          {/* phones: a bar along the bottom, one line with the total (to the details above) and the
              button, always in reach (issue 20); wide screens: the foot of this column */}
          <div className="checkout-action">
            {totals ? (
              <button
                type="button"
                className="link-button checkout-action-total"
                aria-label={`Total ${formatCents(totals.totalCents)}, show the order details`}
                onClick={(e) => e.currentTarget.closest('aside')?.scrollIntoView()}
              >
                Total <strong>{formatCents(totals.totalCents)}</strong>
              </button>
            ) : null}
            <Button type="submit" form={formId} block busy={payment.busy}>
              Continue to payment
            </Button>
          </div>
        </aside>
      </div>

      {payment.modalOpen && flow.order
        ? renderPaymentModal({
            model: payment.model,
            // EFT only when the preset's first chef enables it (ordering-payments §6).
            eftAllowed: Boolean(preset.chefs[0]?.eftEnabled),
            billing: { name: `${values.firstName} ${values.lastName}`.trim(), email: values.emailAddress.trim() },
            onModelChange: payment.onModelChange,
            onClose: () => payment.setModalOpen(false),
            onComplete: payment.onComplete,
            ...(confirmed && totals ? { amountCents: totals.totalCents } : {}),
          })
        : null}
      {authentication
        ? renderAuthentication({
            clientSecret: authentication.clientSecret,
            amountCents: authentication.amountCents,
            onDone: () => {
              payment.setAuthentication(null);
              void payment.onComplete(authentication.choice);
            },
            onCancel: () => payment.setAuthentication(null),
          })
        : null}
    </section>
  );
}

/** A dish whose price changed since it went into the cart. */
type CartPriceChange = { menuName: string; fromCents: number; toCents: number };

/** The cart's dishes whose current price differs from the one they were added at (one per dish). */
export function cartPriceChanges(lines: readonly CartLine[]): CartPriceChange[] {
  const changes = new Map<number, CartPriceChange>();
  for (const l of lines)
    if (
      Number.isSafeInteger(l.addedUnitPriceCents) &&
      l.addedUnitPriceCents !== l.unitPriceCents &&
      !changes.has(l.menuId)
    )
      changes.set(l.menuId, { menuName: l.menuName, fromCents: l.addedUnitPriceCents!, toCents: l.unitPriceCents });
  return [...changes.values()];
}

/** A notice, not a block: dishes whose price changed since they went into the cart (decision 052). */
function PriceChanges({ lines }: { lines: CheckoutPageProps['state']['checkoutData'] }) {
  const changes = cartPriceChanges(lines);
  if (!changes.length) return null;
  return (
    <p className="price-changes" role="status">
      Prices changed since you added these items:{' '}
      {changes.map((c) => `${c.menuName} ${formatCents(c.fromCents)} → ${formatCents(c.toCents)}`).join('; ')}
    </p>
  );
}
