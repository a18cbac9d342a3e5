import { Link } from 'react-router';
import { formatCents, messages } from '@caterway/domain';
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

/** /checkout-completed (ordering-payments §2): the thank-you page, with the order's receipt when it comes from the checkout. */
export function CheckoutCompleted({ homeHref, receipt }: { homeHref: string; receipt?: OrderReceipt }) {
  return (
    <section className="container page checkout-completed">
      <h1>{messages.orderSubmittedTitle}</h1>
      <p>{messages.orderSubmittedSubtitle}</p>
      {receipt ? <Receipt receipt={receipt} /> : null}
      <p>
        <Link className="btn btn-primary" to={homeHref}>
          Go to Home
        </Link>
      </p>
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
