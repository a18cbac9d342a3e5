import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { cartStore, writeCarts } from '../../features/cart/cart-store';
import { MyOrdersPage } from '../../features/my-orders/components/my-orders-page';
import type { OrderLinks } from '../../features/my-orders/components/order-detail-modal';
import { promptSignIn } from '../../stores/modals';
import { useSessionUser } from '../../stores/session';

const links: OrderLinks = {
  // /chefs/{presetSlug}/{orderId}: edit or view an existing order (browse-account-orders §2)
  editOrder: (presetSlug, orderId) => `${paths.restaurant.getHref(presetSlug)}/${orderId}`,
  addonOrder: ({ aoId, presetId, parentId }) =>
    `/add_on_order/chefs/?aoId=${aoId}&presetId=${presetId}&parentId=${parentId}`,
  addonTooLate: (parentId) => paths.completeAddOnOrder.getHref(parentId),
  // the order's lines become the preset's saved cart; the page re-prices them against today's menu
  orderAgain: ({ presetId, presetSlug, lines }) => {
    writeCarts({ ...cartStore.get(), [String(presetId)]: { checkoutData: lines, savedAt: new Date().toISOString() } });
    return paths.presetDetail.getHref(presetSlug);
  },
};

/** Not signed in (or not confirmed): / with the sign-in prompt, then back here (browse-account-orders §2, §6). */
function SignInFirst({ returnTo }: { returnTo: string }) {
  useEffect(() => promptSignIn(returnTo), [returnTo]);
  return <Navigate to={paths.home.path} replace />;
}

/** /my-orders */
export function Component() {
  const user = useSessionUser();
  if (!user || !user.confirmed) return <SignInFirst returnTo={paths.myOrders.path} />;
  return <MyOrdersPage key={user.id} links={links} />;
}
