import type { ReactNode } from 'react';
import { formatCents, messages } from '@caterway/domain';
import { Button } from '@caterway/ui';
import { OrderHelp } from '../../../components/support-line';
import type { CateringOrderDetail } from '../../checkout/api/catering-order-detail';

/**
 * The upcoming-order rule refuses: its message, the order as it stands, and no buttons. A New
 * order whose authorisation 5 days before delivery failed may still change its payment method
 * (the API allows that; decision 027), as the email asked: `payment` holds its error and dialogs.
 */
export function NotEditable({
  order,
  payment,
}: {
  order: CateringOrderDetail;
  payment: { error: string | null; onUpdate: () => void; dialogs: ReactNode } | null;
}) {
  return (
    <>
      <section className="container page edit-order-closed">
        <h1>Order {order.orderNumber}</h1>
        <p className="form-alert" role="status">
          {order.editRule.message ?? ''}
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
        <OrderHelp orderNumber={order.orderNumber} />
      </section>
      {payment ? (
        <section className="container edit-order-payment-only" aria-label="Payment">
          <p className="form-alert" role="alert">
            {payment.error ?? order.paymentError ?? messages.orderRequestFailed} Please update the payment method.
          </p>
          <Button onClick={payment.onUpdate}>Update Payment Method</Button>
        </section>
      ) : null}
      {payment ? payment.dialogs : null}
    </>
  );
}
