import { Outlet, useNavigation } from 'react-router';

export function SiteLayout() {
  const navigation = useNavigation();
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
      {navigation.state === 'loading' ? <div className="route-progress" role="progressbar" aria-label="Loading page" /> : null}
      <main id="main" className="container site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="container">Caterway · office catering for teams in Canada and the US</div>
      </footer>
    </div>
  );
}
