import { lazy, Suspense, useId, useRef, useState } from 'react';
import { changesLockText, formatCents } from '@caterway/domain';
import { OrderHelp } from '../../../components/support-line';
import { CartSourceProvider } from '../../cart/cart-source';
import { CartPanel } from '../../cart/components/cart-panel';
import { MenuAction } from '../../cart/components/menu-action';
import type { Preset } from '../../cart/types';
import type { CateringOrderDetail } from '../../checkout/api/catering-order-detail';
import { cutleryCountOf } from '../../checkout/checkout-form';
import { PresetPage } from '../../preset-detail/components/preset-page';
import { useEditOrderForm } from '../use-edit-order-form';
import { NEEDS_PAYMENT, useEditOrderSave } from '../use-edit-order-save';
import { usePaymentUpdate } from '../use-payment-update';
import { EditDetailsForm } from './edit-details-form';
import { EditOrderActions } from './edit-order-actions';
import { NotEditable } from './not-editable';
import { PaymentDialogs } from './payment-dialogs';

// /chefs/{presetSlug}/{orderId} (ordering-payments §2 'Edit catered order page', §4 'Order edit'):
// the menu and cart of the order's preset and the order's details, with Update Order, Update
// Payment Method and Cancel Changes. The server decides whether the order may still change
// (the upcoming-order rule at its clock, sent as edit_rule) and re-checks and reprices the edit.

type Dialog = 'update' | 'cancel' | null;

// its own chunk, as in the cart panel: a static import here would make the cart's lazy one build
// a module namespace object into every page's runtime (decision 040)
const ConfirmDialog = lazy(() => import('@caterway/ui/confirm-dialog'));

export function EditOrderPage({ order, preset }: { order: CateringOrderDetail; preset: Preset }) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const form = useEditOrderForm(order, preset);
  const flow = useEditOrderSave(order, preset, form, formRef);
  const payment = usePaymentUpdate(order, form, flow);
  const { values, modified } = form;

  const onUpdateOrder = async () => {
    setDialog(null);
    const saved = await flow.save();
    // an increase the held payment does not cover: stay, and ask for a payment method
    if (!saved || NEEDS_PAYMENT.includes(saved.status)) return;
    flow.finish(saved);
  };

  const onUpdatePaymentMethod = async () => {
    if (modified && !(await flow.save())) return;
    payment.setModalOpen(true);
  };

  const paymentDialogs = (
    <PaymentDialogs
      payment={payment}
      eftAllowed={Boolean(preset.chefs[0]?.eftEnabled)}
      billing={{ name: `${values.firstName} ${values.lastName}`.trim(), email: values.emailAddress.trim() }}
    />
  );

  if (!order.editRule.allowed) {
    // a New order whose authorisation 5 days before delivery failed: only its payment method can change
    const paymentOnly = order.status === 'New' && order.paymentStatus === 'failed';
    return (
      <NotEditable
        order={order}
        payment={
          paymentOnly
            ? { error: flow.paymentError, onUpdate: () => payment.setModalOpen(true), dialogs: paymentDialogs }
            : null
        }
      />
    );
  }

  const footer = (
    <EditOrderActions
      needsPayment={flow.needsPayment}
      paymentError={flow.paymentError}
      problem={flow.problem}
      problemRef={flow.problemRef}
      modified={modified}
      busy={flow.busy}
      confirming={dialog !== null}
      onUpdate={() => setDialog('update')}
      onUpdatePaymentMethod={() => void onUpdatePaymentMethod()}
      onCancelChanges={() => setDialog('cancel')}
      onUseTime={
        form.isAddOn
          ? undefined
          : (date, time) => {
              form.update({ date, time });
              flow.setProblem(null);
            }
      }
    />
  );

  const lock = changesLockText(new Date(order.orderProcessingAt), order.timeZone, new Date());
  return (
    <CartSourceProvider value={form.source}>
      <div className="container edit-order-banner" role="status">
        Editing order <strong>{order.orderNumber}</strong> · {order.displayDeliveryDateTime} ·{' '}
        {formatCents(order.totals.totalCents)}
        {lock ? <span className="edit-order-lock">{lock}</span> : null}
      </div>
      <div className="container">
        <OrderHelp orderNumber={order.orderNumber} />
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
              delivery={form.delivery}
              isRestaurant={p.presetType === 'restaurant'}
              onCheckout={() => undefined}
              footer={footer}
              cutleryCount={cutleryCountOf(values)}
              tip={form.tip}
              addOn={form.isAddOn}
            />
          ),
          dishAction: (p) => (dish) => <MenuAction preset={p} menuId={dish.menuId} menuName={dish.name} />,
          extras: () => (
            <EditDetailsForm
              formId={formId}
              formRef={formRef}
              form={form}
              restaurantAddress={preset.address1}
              onSubmit={() => {
                if (modified) setDialog('update');
              }}
            />
          ),
        }}
      />
      <Suspense fallback={null}>
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
              form.discard();
              flow.setProblem(null);
            }}
          />
        ) : null}
      </Suspense>
      {paymentDialogs}
    </CartSourceProvider>
  );
}
