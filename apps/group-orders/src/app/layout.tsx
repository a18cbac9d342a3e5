import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { TEST_MODE_NOTICE } from '@caterway/domain';
import { APP_SHELL_ID } from '@caterway/ui';
import { useSiteConfig } from '../api/group-orders';
import { RouteErrorBoundary } from './not-found';

export function SiteLayout() {
  const { pathname } = useLocation();
  // payments in the sandbox (docs/decisions/028): a strip fixed to the bottom edge, as on the storefront
  const testMode = useSiteConfig().data?.test_mode === true;
  return (
    <div id={APP_SHELL_ID} className={testMode ? 'site with-test-mode-banner' : 'site'}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="container site-header-inner">
          <span className="brand">
            Caterway <span className="brand-sub">Group Orders</span>
          </span>
        </div>
      </header>
      <main id="main" className="container site-main" tabIndex={-1}>
        <RouteErrorBoundary resetKey={pathname}>
          {/* A page's chunk loading: later navigations are transitions that keep the previous page. */}
          <Suspense
            fallback={
              <div className="loading" role="status">
                Loading…
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <footer className="site-footer">
        <div className="container">Caterway · office catering for teams in Canada and the US</div>
      </footer>
      {testMode ? (
        <div className="test-mode-banner" role="status">
          <strong>{TEST_MODE_NOTICE}</strong>
        </div>
      ) : null}
    </div>
  );
}
