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
