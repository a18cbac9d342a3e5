import { Link, useLocation } from 'react-router';
import { messages } from '@caterway/domain';
import { paths } from '../../config/paths';

/**
 * /complete-addon-order (ordering-payments §2): the add-on's parent order was already delivered.
 * The add-on page passes the parent's delivery time in navigation state.
 */
export function Component() {
  const state = useLocation().state as { deliveredAt?: unknown } | null;
  const when = typeof state?.deliveredAt === 'string' ? state.deliveredAt : null;
  return (
    <section className="container page checkout-completed">
      <h1>Add-on order</h1>
      <p role="alert">{when ? messages.addOnParentDelivered(when) : 'Cannot be proceed! This order has already been delivered.'}</p>
      <p>
        <Link className="btn btn-primary" to={paths.home.path}>
          Go to Home
        </Link>
      </p>
    </section>
  );
}
