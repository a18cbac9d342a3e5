import { paths } from '../../config/paths';
import { CheckoutCompleted } from '../../features/checkout/components/checkout-completed';

/** /checkout-completed (ordering-payments §2). */
export function Component() {
  return <CheckoutCompleted homeHref={paths.home.path} />;
}
