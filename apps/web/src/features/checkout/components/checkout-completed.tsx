import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { changesLockText, confirmationWindow, formatCents, messages, orderCalendarFile } from '@caterway/domain';
import { Button } from '@caterway/ui';
import { OrderHelp } from '../../../components/support-line';
import { saveFile } from '../../../lib/save-file';
import type { CateringOrderDetail } from '../../my-orders/api/types';
import { placedOrderQueryOptions } from '../api/get-placed-order';
import { OrderTotalsList, type SummaryTotals } from './order-summary';
import './checkout.css';

/** What the checkout hands the completed page in navigation state: the order as placed. */
export interface OrderReceipt {
  orderNumber: string;
  /** what finalize charged (or holds) */
  totalCents: number;
  /** the server's breakdown of that total: each tax on its own line, the tip */
  totals: SummaryTotals;
  cutleryCount: number;
  deliveryFee: boolean;
  poNumber: string;
  costCentre: string;
}

export function isOrderReceipt(value: unknown): value is OrderReceipt {
  const r = value as Partial<OrderReceipt> | null;
  return Boolean(
    r &&
    typeof r === 'object' &&
    typeof r.orderNumber === 'string' &&
    typeof r.totalCents === 'number' &&
    r.totals &&
    Array.isArray(r.totals.taxLines),
  );
}

/** Where the completed page's links lead; the route supplies them from the path registry. */
export interface CompletedLinks {
  home: string;
  myOrders: string;
  editOrder: (presetSlug: string, orderId: number) => string;
}

/**
 * /checkout-completed (ordering-payments §2): the thank-you page. Coming from the checkout
 * (?order= the placed order's id), it reads the order back and shows what was ordered, the
 * charge, the delivery, the payment method, what happens next, and the order's links
 * (issue 20 part 3); until then, or if that read fails, the receipt the checkout handed over.
 */
export function CheckoutCompleted({
  links,
  receipt,
  orderId,
  now = () => new Date(),
}: {
  links: CompletedLinks;
  receipt?: OrderReceipt;
  orderId?: number;
  now?: () => Date;
}) {
  const order = useQuery({ ...placedOrderQueryOptions(orderId ?? 0), enabled: orderId !== undefined });
  return (
    <section className="container page checkout-completed">
      <h1>{messages.orderSubmittedTitle}</h1>
      <p>{messages.orderSubmittedSubtitle}</p>
      {order.data ? (
        <PlacedOrder order={order.data} links={links} now={now} />
      ) : (
        <>
          {orderId !== undefined && order.isPending ? (
            <p className="order-placed-loading" role="status">
              Loading your order…
            </p>
          ) : null}
          {order.isError ? (
            <p className="order-placed-error" role="alert">
              The order&apos;s details could not be loaded. <Link to={links.myOrders}>See it in My Orders</Link>
            </p>
          ) : null}
          {receipt ? <Receipt receipt={receipt} /> : null}
        </>
      )}
      <p>
        <Link className="btn btn-primary" to={links.home}>
          Go to Home
        </Link>
      </p>
    </section>
  );
}

function paymentLabel(order: CateringOrderDetail): string {
  if (order.purchasedWith === 'acss_debit') return 'Bank debit (pre-authorized debit)';
  const card = order.savedCards.find((c) => c.paymentMethodId === order.selectedStripePaymentMethod);
  return card?.name ?? 'Card';
}

/** The order's delivery as an .ics file, saved by the browser. */
function downloadCalendarFile(order: CateringOrderDetail, myOrdersUrl: string, now: Date): void {
  const text = orderCalendarFile({
    orderId: order.id,
    orderNumber: order.orderNumber,
    restaurantName: order.restaurantName,
    pickup: order.orderType === 'pickup',
    deliveryAt: new Date(order.orderDateTime),
    location: order.displayDeliveryAddress,
    items: order.presetItems,
    totalCents: order.totals.totalCents,
    link: myOrdersUrl,
    stamp: now,
  });
  saveFile(new Blob([text], { type: 'text/calendar;charset=utf-8' }), `caterway-${order.orderNumber}.ics`);
}

/** Labelled facts of the order; those not given ('') are left out. */
function Facts({ facts }: { facts: [string, string][] }) {
  return (
    <dl className="order-receipt-facts">
      {facts
        .filter(([, value]) => value !== '')
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** The placed order as the server has it. */
function PlacedOrder({ order, links, now }: { order: CateringOrderDetail; links: CompletedLinks; now: () => Date }) {
  const accepted = order.status === 'Accepted';
  const placedAt = now();
  const facts: [string, string][] = [
    [order.orderType === 'pickup' ? 'Pickup' : 'Delivery', order.displayDeliveryDateTime],
    ['Address', order.displayDeliveryAddress],
    ['Payment', paymentLabel(order)],
    ['PO number', order.poNumber],
    ['Cost centre', order.costCentre],
  ];
  const myOrdersUrl = new URL(links.myOrders, window.location.origin).toString();
  const lock = order.editable ? changesLockText(new Date(order.orderProcessingAt), order.timeZone, placedAt) : null;
  return (
    <section className="order-receipt" aria-labelledby="order-receipt-title">
      <h2 id="order-receipt-title">Order {order.orderNumber}</h2>
      <p className="order-placed-restaurant">{order.restaurantName}</p>
      <p className="order-placed-next">
        {accepted
          ? `${order.restaurantName} has confirmed your order.`
          : `What happens next: ${order.restaurantName} confirms your order within ${confirmationWindow(placedAt, new Date(order.orderDateTime))}. We email you as soon as it does; if it can't, nothing is charged.`}
      </p>
      <Facts facts={facts} />
      <h3 className="order-placed-items-title">What you ordered</h3>
      <ul className="order-placed-items">
        {order.presetItems.map((item) => (
          <li key={String(item.id)}>
            <span>
              {item.quantity} × {item.name}
            </span>
            <span>{formatCents(item.lineSubtotalCents)}</span>
          </li>
        ))}
      </ul>
      <OrderTotalsList
        totals={order.totals}
        cutleryCount={order.extraInfo.numCutlery}
        deliveryFee={order.orderType === 'delivery' && order.parentOrderId === null}
      />
      {lock ? <p className="order-placed-lock">{lock}</p> : null}
      <p className="order-placed-lock">
        {order.invoiceAvailable
          ? 'Its invoice is ready to download in My Orders.'
          : 'Its invoice will be in My Orders once the order is delivered.'}
      </p>
      <div className="order-placed-actions">
        <Button variant="secondary" onClick={() => downloadCalendarFile(order, myOrdersUrl, now())}>
          Add to calendar
        </Button>
        <Link className="btn btn-secondary" to={links.myOrders}>
          View in My Orders
        </Link>
        {order.editable && order.presetSlug ? (
          <Link className="btn btn-secondary" to={links.editOrder(order.presetSlug, order.id)}>
            Edit order
          </Link>
        ) : null}
      </div>
      <OrderHelp orderNumber={order.orderNumber} />
    </section>
  );
}

function Receipt({ receipt }: { receipt: OrderReceipt }) {
  const facts: [string, string][] = [
    ['PO number', receipt.poNumber],
    ['Cost centre', receipt.costCentre],
  ];
  return (
    <section className="order-receipt" aria-labelledby="order-receipt-title">
      <h2 id="order-receipt-title">Order {receipt.orderNumber}</h2>
      {receipt.totals.totalCents === receipt.totalCents ? (
        <OrderTotalsList
          totals={receipt.totals}
          cutleryCount={receipt.cutleryCount}
          deliveryFee={receipt.deliveryFee}
        />
      ) : (
        // a breakdown that does not add up to the charge is not shown: the charge is what counts
        <p className="checkout-total">Total {formatCents(receipt.totalCents)}</p>
      )}
      <Facts facts={facts} />
      <OrderHelp orderNumber={receipt.orderNumber} />
    </section>
  );
}

/** /checkout opened without its navigation state (a reload, a bookmark): nothing to pay for. */
export function CheckoutEmpty({ homeHref }: { homeHref: string }) {
  return (
    <section className="container page checkout-completed">
      <h1>Checkout</h1>
      <div className="empty-state">
        <p>{messages.cartEmpty}</p>
        <p>
          <Link to={homeHref}>Browse restaurants and presets</Link>
        </p>
      </div>
    </section>
  );
}

/**
 * A visitor (or an unconfirmed account) reaching payment, at /checkout or /add_on_checkout:
 * 'Please Sign In to Pay.' (ordering-payments §6) with the sign-in button. The cart stays in
 * the navigation state, so once signed in the same page shows the checkout.
 */
export function CheckoutSignIn({ unconfirmed, onSignIn }: { unconfirmed: boolean; onSignIn: () => void }) {
  return (
    <section className="container page checkout-completed">
      <h1>Checkout</h1>
      <p role="status">{unconfirmed ? messages.confirmEmail : messages.pleaseSignInToPay}</p>
      {unconfirmed ? null : (
        <p>
          <button type="button" className="btn btn-primary" onClick={onSignIn}>
            Sign In
          </button>
        </p>
      )}
    </section>
  );
}
