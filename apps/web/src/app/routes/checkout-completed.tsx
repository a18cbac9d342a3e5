import { useLocation, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { CheckoutCompleted, isOrderReceipt } from '../../features/checkout/components/checkout-completed';

const links = {
  home: paths.home.path,
  myOrders: paths.myOrders.path,
  editOrder: (presetSlug: string, orderId: number) => paths.editOrder.getHref(presetSlug, orderId),
};

/**
 * /checkout-completed (ordering-payments §2): the checkout hands over the placed order's receipt
 * in navigation state and its id as ?order=, so a reload still shows the order.
 */
export function Component() {
  const state = useLocation().state as { receipt?: unknown } | null;
  const order = Number(useSearchParams()[0].get('order'));
  return (
    <CheckoutCompleted
      links={links}
      receipt={isOrderReceipt(state?.receipt) ? state.receipt : undefined}
      orderId={Number.isSafeInteger(order) && order > 0 ? order : undefined}
    />
  );
}
