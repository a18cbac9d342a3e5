import { Link } from 'react-router';
import { messages } from '@caterway/domain';

/** /checkout-completed (ordering-payments §2): the thank-you page. */
export function CheckoutCompleted({ homeHref }: { homeHref: string }) {
  return (
    <section className="container page checkout-completed">
      <h1>{messages.orderSubmittedTitle}</h1>
      <p>{messages.orderSubmittedSubtitle}</p>
      <p>
        <Link className="btn btn-primary" to={homeHref}>
          Go to Home
        </Link>
      </p>
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
