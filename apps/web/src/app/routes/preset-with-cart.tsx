import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { CartPanel, SharedCartPanel } from '../../features/cart/components/cart-panel';
import { MenuAction } from '../../features/cart/components/menu-action';
import '../../features/cart/components/cart.css';
import type { CartDelivery, Preset } from '../../features/cart/types';
import { useDelivery } from '../../features/delivery/delivery-store';
import { PresetPage, type PresetPageSlots } from '../../features/preset-detail/components/preset-page';
import type { CheckoutState } from '../../types/checkout-state';

// the suggestion bot and the chosen time's availability (decision 055) load after the page, which
// keeps the restaurant and preset pages within their JavaScript budget
const PresetExtras = lazy(() => import('./preset-extras'));
// Favorite, Save Cart and Create Group Order: buttons that act on a press, drawn a moment after
// the page so the headcount question and servings line fit the budget (decision 070)
const PresetActions = lazy(() =>
  import('../../features/cart/components/preset-actions').then((m) => ({ default: m.PresetActions })),
);

// The restaurant page and preset detail composed from three features (ARCHITECTURE.md: routes
// compose features; features do not import each other): preset-detail draws the page, the cart
// fills its summary column, dish buttons and header actions, the delivery store says where and
// when, and the suggestion bot (the help bubble) joins the header's actions. Not a route
// itself: both route files use it.

export function PresetWithCart({
  idOrSlug,
  kind,
  shareToken,
}: {
  idOrSlug: string;
  kind: 'restaurant' | 'preset';
  shareToken?: string;
}) {
  const navigate = useNavigate();
  const { info, receivingMethod } = useDelivery();
  const delivery: CartDelivery = {
    address: info.address,
    lat: info.lat,
    lng: info.lng,
    deliveryDate: info.deliveryDate,
    deliveryTime: info.deliveryTime,
    receivingMethod,
  };
  const onCheckout = (state: CheckoutState) => void navigate(paths.checkout.path, { state });
  // someone else's saved cart, opened from its share link: read-only, with Start my own cart
  const shared = (preset: Preset) => preset.presetType === 'save_for_later' && !preset.ownedByViewer;
  const slots: PresetPageSlots = {
    summary: (preset) =>
      shared(preset) ? (
        <Suspense>
          <SharedCartPanel preset={preset} />
        </Suspense>
      ) : (
        <CartPanel
          preset={preset}
          delivery={delivery}
          isRestaurant={kind === 'restaurant' || preset.presetType === 'restaurant'}
          onCheckout={onCheckout}
        />
      ),
    // the help bubble sits in the row of actions: it never covers the page (issue 20); its place
    // is kept while its chunk loads
    actions: (preset) =>
      shared(preset) || (
        <>
          <Suspense>
            <PresetActions preset={preset} delivery={delivery} />
          </Suspense>
          <Suspense fallback={<span className="suggestion-bot" />}>
            <PresetExtras
              presetId={preset.id}
              presetName={preset.name}
              delivery={delivery}
              savedCart={preset.presetType === 'save_for_later'}
            />
          </Suspense>
        </>
      ),
    dishAction: (preset) =>
      shared(preset) ? undefined : (dish) => <MenuAction preset={preset} menuId={dish.menuId} menuName={dish.name} />,
  };
  return <PresetPage key={idOrSlug} idOrSlug={idOrSlug} kind={kind} slots={slots} shareToken={shareToken} />;
}
