import { lazy, Suspense, useState } from 'react';
import { PresetBrowsePage } from '../../features/browse/components/preset-browse-page';
import { useDelivery } from '../../features/delivery/delivery-store';
import { useHeadcount } from '../../stores/headcount';
import { useSessionUser } from '../../stores/session';

// The quick view opens from a card's button: its modal loads then (decision 073), as on the home page.
const PresetQuickView = lazy(() => import('../../features/preset-detail/components/preset-quick-view'));

/**
 * /browse-presets: preset rows, cuisine filters and the sortable section; a card's Quick view
 * opens the preset quick-view modal (browse-account-orders §2). Title per ordering-payments §2.
 */
export function BrowsePresetsRoute() {
  const { info } = useDelivery();
  const headcount = useHeadcount();
  const user = useSessionUser();
  const [quickView, setQuickView] = useState<string | number | null>(null);
  return (
    <>
      <PresetBrowsePage
        delivery={{
          address: info.address,
          lat: info.lat,
          lng: info.lng,
          deliveryDate: info.deliveryDate,
          deliveryTime: info.deliveryTime,
          headcount,
        }}
        title={user?.confirmed ? 'Browse Presets' : 'Popular Options'}
        onQuickView={(preset) => setQuickView(preset.slug)}
      />
      {quickView !== null ? (
        <Suspense fallback={null}>
          <PresetQuickView presetIdOrSlug={quickView} onClose={() => setQuickView(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

export const Component = BrowsePresetsRoute;
