import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { messages } from '@caterway/domain';
import { SignInRedirect } from '../../components/sign-in-redirect';
import { paths } from '../../config/paths';
import { hydrateLines } from '../../features/cart/cart-model';
import { CartSourceProvider, memoryCartSource } from '../../features/cart/cart-source';
import { CartPanel } from '../../features/cart/components/cart-panel';
import { MenuAction } from '../../features/cart/components/menu-action';
import type { Preset } from '../../features/cart/types';
import { addOnCheckoutState, lastTimeItems } from '../../features/checkout/add-on-state';
import { useCateringOrder, type CateringOrderDetail } from '../../features/checkout/api/catering-order-detail';
import { PresetPage } from '../../features/preset-detail/components/preset-page';
import { isApiError } from '../../lib/api-client';
import { useSessionUser } from '../../stores/session';
import type { CheckoutState } from '../../types/checkout-state';
import '../../features/cart/components/cart.css';
import '../../features/checkout/components/checkout.css';

// /add_on_order/chefs?aoId=&presetId=&parentId= (ordering-payments §2 'Add-on order page'): the
// restaurant page's layout for an add-on to a placed order. The cart starts empty and holds at
// most the chef's addonMaximumItemsQty lines; it is delivered with the parent order (1 hour
// notice, no delivery fee). A parent whose delivery time has passed sends the user to
// /complete-addon-order.

const idParam = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : NaN);

export function Component() {
  const [params] = useSearchParams();
  const user = useSessionUser();
  if (!user || !user.confirmed) return <SignInRedirect />;
  const aoId = idParam(params.get('aoId'));
  return <AddOnLoader key={`${user.id}-${aoId}`} aoId={aoId} parentId={idParam(params.get('parentId'))} />;
}

function AddOnLoader({ aoId, parentId }: { aoId: number; parentId: number }) {
  const navigate = useNavigate();
  const valid = Number.isSafeInteger(aoId) && aoId > 0;
  const order = useCateringOrder(aoId, valid);
  const data = order.data;
  const notAuthorized = order.isError && isApiError(order.error) && order.error.status === 401;
  // an order that is not this user's add-on draft (or of another parent) is a load error (§8)
  const wrong =
    data &&
    (!data.addOn ||
      data.presetId === null ||
      data.status !== 'draft' ||
      (Number.isSafeInteger(parentId) && data.addOn.parentOrderId !== parentId));
  const failed = !valid || (order.isError && !notAuthorized) || wrong;
  useEffect(() => {
    if (failed) void navigate(paths.error.path, { replace: true });
  }, [failed, navigate]);

  if (data?.addOn?.orderDeliveryInPast) {
    return <Navigate to={paths.completeAddOnOrder.getHref(data.addOn.parentOrderId)} replace />;
  }
  if (data && data.addOn && !wrong) return <AddOnPage order={data} />;
  return (
    <div className="container page" role="status">
      <span className="spinner" aria-hidden="true" /> Loading your add-on order…
    </div>
  );
}

function AddOnPage({ order }: { order: CateringOrderDetail }) {
  const navigate = useNavigate();
  const [source] = useState(() => memoryCartSource([], { maxLines: order.addonMaximumItemsQty }));
  const parent = order.addOn!;
  const delivery = {
    address: order.deliveryAddress,
    lat: null,
    lng: null,
    deliveryDate: order.deliveryDate,
    deliveryTime: order.deliveryTime,
    receivingMethod: order.orderType,
  };
  const onCheckout = (state: CheckoutState) =>
    void navigate(paths.addOnCheckout.path, { state: addOnCheckoutState(state, order) });
  // a draft left at the checkout last time starts from the items it kept (addLastTimeItem)
  const restored = useRef(!lastTimeItems(order));
  const restoreOnce = (preset: Preset) => {
    if (restored.current) return;
    restored.current = true;
    source.restart(hydrateLines(preset, order.presetItems));
  };
  if (order.addonMaximumItemsQty <= 0) {
    return (
      <section className="container page">
        <h1>Add-on order</h1>
        <p role="alert">{messages.genericFailure}</p>
      </section>
    );
  }
  return (
    <CartSourceProvider value={source}>
      <div className="container edit-order-banner" role="status">
        Add-on to order <strong>{parent.parentOrderNumber}</strong>, delivered with it on{' '}
        {parent.displayDeliveryDateTime}
      </div>
      <PresetPage
        idOrSlug={String(order.presetId)}
        kind="restaurant"
        slots={{
          summary: (p) => {
            restoreOnce(p);
            return <CartPanel preset={p} delivery={delivery} isRestaurant={false} onCheckout={onCheckout} addOn />;
          },
          dishAction: (p) => (dish) => <MenuAction preset={p} menuId={dish.menuId} menuName={dish.name} />,
          notice: messages.vendorAddOnNotice,
        }}
      />
    </CartSourceProvider>
  );
}
