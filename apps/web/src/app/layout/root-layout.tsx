import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { APP_SHELL_ID } from '@caterway/ui';
import { SignInReturn } from '../../components/sign-in-redirect';
import { accountPagePaths, paths } from '../../config/paths';
import { DeliveryBar } from '../../features/delivery/components/delivery-bar';
import { Toaster } from '../../features/notifications/components/toaster';
import { useSiteConfig } from '../../lib/site-config';
import { useOpenModal } from '../../stores/modals';
import { useSessionUser } from '../../stores/session';
import { RouteErrorBoundary } from '../route-error';
import { NavBar } from './nav-bar';
import { ScrollToTop } from './scroll-to-top';
import { TestModeBanner } from './test-mode-banner';

// The account modals load on first use, keeping them out of the initial bundle.
const AuthModals = lazy(() => import('../../features/auth/components/auth-modals'));
// The footer (below the fold) and the account pages' sidebar load after the page's own chunks:
// the restaurant and preset pages' JavaScript budget has no room for them (decision 066).
const Footer = lazy(() => import('./footer'));
const Sidebar = lazy(() => import('./sidebar'));

export function RootLayout() {
  const user = useSessionUser();
  const modal = useOpenModal();
  const { pathname } = useLocation();
  const showSidebar = Boolean(user?.confirmed) && accountPagePaths.includes(pathname);
  // not on the restaurant portal (/partner...) either: it is not for ordering
  const showDeliveryBar = !/^\/(dev\/|partner(\/|$))/.test(pathname) && pathname !== paths.resetPassword.path;
  const testMode = useSiteConfig().data?.testMode;

  return (
    <>
      <div id={APP_SHELL_ID} className={testMode ? 'app-shell with-test-mode-banner' : 'app-shell'}>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <NavBar />
        {showDeliveryBar ? <DeliveryBar /> : null}
        <div className={showSidebar ? 'container with-sidebar' : undefined}>
          {showSidebar ? (
            // the placeholder keeps the sidebar's place: the page does not move when it arrives
            <Suspense fallback={<div className="sidebar" />}>
              <Sidebar />
            </Suspense>
          ) : null}
          <main id="main" tabIndex={-1}>
            <RouteErrorBoundary resetKey={pathname}>
              {/* A deep link's first page shows this while its chunk loads; later navigations
                  are transitions, which keep the previous page on screen until the next is ready. */}
              <Suspense fallback={<div className="route-progress" role="progressbar" aria-label="Loading page" />}>
                <Outlet />
              </Suspense>
            </RouteErrorBoundary>
          </main>
        </div>
        {showSidebar ? null : (
          <Suspense fallback={null}>
            <Footer />
          </Suspense>
        )}
        <TestModeBanner testMode={testMode} />
      </div>
      <Toaster />
      {modal ? (
        <Suspense fallback={null}>
          <AuthModals which={modal} />
        </Suspense>
      ) : null}
      <ScrollToTop />
      <SignInReturn />
    </>
  );
}
