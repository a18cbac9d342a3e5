import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { RouteErrorBoundary } from './not-found';

export function SiteLayout() {
  const { pathname } = useLocation();
  return (
    <div className="site">
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
          <Suspense fallback={<div className="loading" role="status">Loading…</div>}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <footer className="site-footer">
        <div className="container">Caterway · office catering for teams in Canada and the US</div>
      </footer>
    </div>
  );
}
