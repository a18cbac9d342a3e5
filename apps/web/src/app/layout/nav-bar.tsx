import { lazy, Suspense, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useDelivery } from '../../features/delivery/delivery-store';
import { NavSearch, SearchIcon } from '../../features/search/components/nav-search';
import { openModal } from '../../stores/modals';
import { useSessionUser } from '../../stores/session';
import { SupportLine } from './support-line-lazy';

// The greeting menu (its entries, the dropdown, sign-out) loads only for a signed-in user: the
// key pages' first view is a visitor's (decision 073). Until it is in, its button shows disabled.
const GreetingMenu = lazy(() => import('./greeting-menu'));

// Navigation bar (ordering-payments §2): Home, About, Faq, Browse Restaurants; the greeting
// menu for signed-in users, Sign In and Sign Up otherwise. Under 768 px the links fold into
// a menu button.
const links = [
  { label: 'Home', to: paths.home.path },
  { label: 'About', to: paths.aboutUs.path },
  { label: 'Faq', to: paths.faq.path },
  { label: 'Browse Restaurants', to: paths.browseRestaurants.path },
];

export function NavBar() {
  const user = useSessionUser();
  const [open, setOpen] = useState(false);
  // phones: the search has a button of its own in the bar, opening a full-width row (issue 20 §2)
  const [searching, setSearching] = useState(false);
  const panelId = useId();
  const searchRowId = useId();
  const location = useLocation();
  const { info } = useDelivery();

  // a new page closes the menu (state adjusted while rendering, not in an effect)
  const [shownPath, setShownPath] = useState(location.pathname);
  if (shownPath !== location.pathname) {
    setShownPath(location.pathname);
    setOpen(false);
    setSearching(false);
  }

  return (
    <header className="site-header">
      <nav className="container nav" aria-label="Main">
        <Link to={paths.home.path} className="brand" aria-label="Caterway home">
          <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
            <rect width="32" height="32" rx="8" fill="currentColor" />
            <path d="M8 19h16a8 8 0 0 0-16 0Zm-2 2h20v2H6z" fill="#fbf8f3" />
            <circle cx="16" cy="10" r="1.6" fill="#fbf8f3" />
          </svg>
          <span>Caterway</span>
        </Link>
        <button
          type="button"
          className="icon-button nav-search-toggle"
          aria-expanded={searching}
          aria-controls={searchRowId}
          aria-label="Search"
          onClick={() => {
            setSearching((s) => !s);
            setOpen(false);
          }}
        >
          <SearchIcon size={22} />
        </button>
        <button
          type="button"
          className="icon-button nav-toggle"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label="Menu"
          onClick={() => {
            setOpen((o) => !o);
            setSearching(false);
          }}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            {open ? (
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
        </button>
        <div id={panelId} className={`nav-panel${open ? ' nav-panel-open' : ''}`}>
          {/* restaurant search (ordering-payments §2); on phones the search button's row holds it */}
          <div className="nav-search-wide">
            <NavSearch near={{ lat: info.lat, lng: info.lng, address: info.address }} />
          </div>
          <ul className="nav-links">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === '/'}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="nav-account">
            {user ? (
              <Suspense
                fallback={
                  <button type="button" className="btn btn-ghost greeting-button" disabled>
                    Hi, {user.firstName}
                  </button>
                }
              >
                <GreetingMenu user={user} />
              </Suspense>
            ) : (
              <>
                <button type="button" className="btn btn-ghost" onClick={() => openModal('signIn')}>
                  Sign In
                </button>
                <button type="button" className="btn btn-primary" onClick={() => openModal('signUp')}>
                  Sign Up
                </button>
              </>
            )}
          </div>
          {/* signed in, the greeting menu ends with it */}
          {open && !user ? (
            <Suspense fallback={null}>
              <SupportLine className="nav-support" />
            </Suspense>
          ) : null}
        </div>
      </nav>
      {searching ? (
        <div id={searchRowId} className="container nav-search-row">
          <NavSearch near={{ lat: info.lat, lng: info.lng, address: info.address }} focusOnShow />
        </div>
      ) : null}
    </header>
  );
}
