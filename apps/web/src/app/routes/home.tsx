import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { messages } from '@caterway/domain';
import { SUPPORT_EMAIL } from '../../config/app';
import { paths } from '../../config/paths';
import { AddressSearchForm } from '../../features/delivery/components/address-search-form';
import { useDelivery } from '../../features/delivery/delivery-store';
import { LandingPage } from '../../features/landing/components/landing-page';
import { storage } from '../../lib/storage';
import { useHeadcount } from '../../stores/headcount';
import { openModal } from '../../stores/modals';
import { notify, TOAST_DURATION } from '../../stores/notifications';
import { sessionStore, useSessionUser } from '../../stores/session';

// For a confirmed user / is the vendor browse page; for everyone else the landing page
// (browse-account-orders §2, ordering-payments §2). Both heavy parts load as their own chunks.
const PresetBrowsePage = lazy(() => import('../../features/browse/components/preset-browse-page'));
const WelcomeModal = lazy(() => import('../../features/landing/components/welcome-modal'));
// The home page's demo-request form is /book-demo's (browse-account-orders §1, §5): its chunk
// loads only when the visitor scrolls near it (LoadWhenNear in the landing sections).
const DemoForm = lazy(() => import('../../features/marketing/components/demo-form-lazy'));
const PresetQuickView = lazy(() => import('../../features/preset-detail/components/preset-quick-view'));

export function HomePage() {
  const navigate = useNavigate();
  const user = useSessionUser();
  const { info } = useDelivery();
  const headcount = useHeadcount();
  const [quickView, setQuickView] = useState<string | number | null>(null);
  useVerificationNotice();
  const delivery = {
    address: info.address,
    lat: info.lat,
    lng: info.lng,
    deliveryDate: info.deliveryDate,
    deliveryTime: info.deliveryTime,
    headcount,
  };

  if (user?.confirmed) {
    return (
      <Suspense fallback={<div className="route-progress" role="progressbar" aria-label="Loading page" />}>
        <PresetBrowsePage delivery={delivery} title="Browse Presets" onQuickView={(p) => setQuickView(p.slug)} />
        {quickView !== null ? <PresetQuickView presetIdOrSlug={quickView} onClose={() => setQuickView(null)} /> : null}
      </Suspense>
    );
  }

  const form = (
    <AddressSearchForm
      submitLabel="Browse restaurants"
      onDone={() => void navigate(paths.browseRestaurants.path)}
      secondary={{ label: 'Browse presets', onDone: () => void navigate(paths.browsePresets.path) }}
    />
  );
  return (
    <>
      <LandingPage
        addressForm={form}
        floatingAddressForm={
          <AddressSearchForm
            fieldLabel="Delivery address"
            submitLabel="Find caterers"
            onDone={() => void navigate(paths.browseRestaurants.path)}
          />
        }
        demoForm={
          <Suspense fallback={null}>
            <DemoForm />
          </Suspense>
        }
        delivery={delivery}
      />
      {user ? <UnconfirmedWelcome firstName={user.firstName} /> : null}
    </>
  );
}

/**
 * The welcome modal explaining preset menus, for a signed-in user whose account is not
 * confirmed yet (ordering-payments §2): shown once, remembered in the lightbox flag (§3).
 */
function UnconfirmedWelcome({ firstName }: { firstName: string }) {
  const [show, setShow] = useState(() => !storage.getLightboxSeen());
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <WelcomeModal
        firstName={firstName}
        onClose={() => {
          storage.setLightboxSeen(true);
          setShow(false);
        }}
      />
    </Suspense>
  );
}

/**
 * Reads confirmed=ok|failed and name from the verification link (browse-account-orders §4,
 * §8), shows the notice once, and drops those parameters from the address bar.
 */
function useVerificationNotice() {
  const [params, setParams] = useSearchParams();
  const shown = useRef(false);
  useEffect(() => {
    const confirmed = params.get('confirmed');
    if (shown.current || (confirmed !== 'ok' && confirmed !== 'failed')) return;
    shown.current = true;
    const name = params.get('name')?.trim();
    if (confirmed === 'ok') {
      notify({
        tone: 'success',
        title: name ? `Welcome, ${name}!` : 'Welcome!',
        message: messages.accountVerified,
        duration: TOAST_DURATION.default,
      });
      // a link with a token has signed the user in already (features/auth/url-token.ts)
      if (!sessionStore.get()) openModal('signIn');
    } else {
      notify({
        tone: 'error',
        message: messages.accountVerificationFailed(SUPPORT_EMAIL),
        duration: TOAST_DURATION.veryLong,
      });
    }
    const next = new URLSearchParams(params);
    next.delete('confirmed');
    next.delete('name');
    setParams(next, { replace: true });
  }, [params, setParams]);
}

export const Component = HomePage;
