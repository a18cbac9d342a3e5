import { Link, Navigate, useSearchParams } from 'react-router';
import { messages } from '@caterway/domain';
import { SignInRedirect } from '../../components/sign-in-redirect';
import { paths } from '../../config/paths';
import { useCateringOrder } from '../../features/checkout/api/catering-order-detail';
import { isApiError } from '../../lib/api-client';
import { useSessionUser } from '../../stores/session';

/**
 * /complete-addon-order?orderId= (ordering-payments §2 'Add-on order page'): the add-on's parent
 * order was already delivered. The page reads the parent and names its delivery date and time
 * as the server displays it ('{day} at {12-hour time}'). An order not yet delivered has nothing
 * to say here and goes back to My Orders.
 */
export function Component() {
  const [params] = useSearchParams();
  const user = useSessionUser();
  const raw = params.get('orderId');
  const orderId = raw && /^\d+$/.test(raw) ? Number(raw) : NaN;
  const order = useCateringOrder(orderId, Boolean(user?.confirmed));
  if (!user || !user.confirmed) return <SignInRedirect />;
  if (!Number.isSafeInteger(orderId) || (order.isError && !(isApiError(order.error) && order.error.status === 401))) {
    return <Navigate to={paths.error.path} replace />;
  }
  if (order.data && !order.data.deliveryInPast) return <Navigate to={paths.myOrders.path} replace />;
  return (
    <section className="container page checkout-completed">
      <h1>Add-on order</h1>
      {order.data ? (
        <p role="alert">{messages.addOnParentDelivered(order.data.displayDeliveryDateTime)}</p>
      ) : (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> Loading your order…
        </p>
      )}
      <p>
        <Link className="btn btn-primary" to={paths.home.path}>
          Go to Home
        </Link>
      </p>
    </section>
  );
}
