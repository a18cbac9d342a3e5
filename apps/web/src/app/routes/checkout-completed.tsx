import { useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { CheckoutCompleted, isOrderReceipt } from '../../features/checkout/components/checkout-completed';

/** /checkout-completed (ordering-payments §2); the checkout hands over the placed order's receipt in navigation state. */
export function Component() {
  const state = useLocation().state as { receipt?: unknown } | null;
  return (
    <CheckoutCompleted
      homeHref={paths.home.path}
      receipt={isOrderReceipt(state?.receipt) ? state.receipt : undefined}
    />
  );
}
