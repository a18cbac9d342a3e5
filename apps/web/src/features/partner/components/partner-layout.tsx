import { useId, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { LoadError } from '@caterway/ui';
import { isApiError } from '../../../lib/api-client';
import { useDropdown } from '../../../lib/use-dropdown';
import { useRestaurant, useRestaurants } from '../api/restaurants';
import { hasRole, roleLabels, type PartnerRestaurant } from '../api/types';
import { portalPaths } from '../portal-paths';
import { errorMessages, usePortalTitle } from './portal-common';
import './partner.css';

export type PortalSection = 'orders' | 'menu' | 'sold-out' | 'photos' | 'calendar' | 'team' | 'statements' | 'settings';

/** Where each section of a restaurant is (Team and Statements are for managers and above). */
const SECTION_PATHS: Record<PortalSection, (chefId: number) => string> = {
  orders: (chefId) => portalPaths.orders(chefId),
  menu: portalPaths.menu,
  'sold-out': portalPaths.soldOut,
  photos: portalPaths.photos,
  calendar: portalPaths.calendar,
  team: portalPaths.team,
  statements: portalPaths.statements,
  settings: portalPaths.settings,
};

const sectionHref = (section: PortalSection, chefId: number) => SECTION_PATHS[section](chefId);

/**
 * A restaurant's pages in the portal: its name (a switcher when the person has several), the
 * sections (Team for managers and above), then the page. The bar keeps its height while the
 * restaurant loads, and the page's own data loads at the same time. A restaurant the person has
 * no role on answers 404 (decision 047): said as such, with the way back to their restaurants.
 */
export function PartnerLayout({
  chefId,
  section,
  children,
}: {
  chefId: number;
  section: PortalSection;
  children: ReactNode;
}) {
  const restaurant = useRestaurant(chefId);
  const restaurants = useRestaurants();

  if (restaurant.isError) return <NoAccess error={restaurant.error} onRetry={() => void restaurant.refetch()} />;

  const current = restaurant.data;
  const others = (restaurants.data ?? []).filter((r) => r.id !== chefId);
  return (
    <div className="partner-portal">
      <div className="partner-bar">
        <div className="container partner-bar-inner">
          {current ? (
            others.length > 0 ? (
              <RestaurantSwitcher current={current} others={others} section={section} />
            ) : (
              <p className="partner-restaurant">
                <span className="partner-restaurant-name">{current.name}</span>
                <span className="partner-restaurant-meta">
                  {current.city} · {roleLabels[current.role]}
                </span>
              </p>
            )
          ) : (
            <p className="partner-restaurant" aria-hidden="true">
              <span className="partner-restaurant-name partner-placeholder">&nbsp;</span>
              <span className="partner-restaurant-meta">&nbsp;</span>
            </p>
          )}
          {current ? (
            <nav className="partner-sections" aria-label="Restaurant portal">
              <NavLink to={portalPaths.orders(chefId)}>Orders</NavLink>
              <NavLink to={portalPaths.menu(chefId)}>Menu</NavLink>
              <NavLink to={portalPaths.soldOut(chefId)}>Sold out</NavLink>
              <NavLink to={portalPaths.photos(chefId)}>Photos</NavLink>
              <NavLink to={portalPaths.calendar(chefId)}>Calendar</NavLink>
              {hasRole(current.role, 'manager') ? <NavLink to={portalPaths.team(chefId)}>Team</NavLink> : null}
              {hasRole(current.role, 'manager') ? (
                <NavLink to={portalPaths.statements(chefId)}>Statements</NavLink>
              ) : null}
              <NavLink to={portalPaths.settings(chefId)}>Settings</NavLink>
            </nav>
          ) : null}
        </div>
      </div>
      {current?.status === 'onboarding' ? (
        <div className="container">
          <p className="partner-status-note" role="status">
            Not on the storefront yet: set up the menu, hours and photos. Caterway operations publish the restaurant
            when it is ready.
          </p>
        </div>
      ) : current?.status === 'suspended' ? (
        <div className="container">
          <p className="partner-status-note partner-status-suspended" role="status">
            Caterway operations suspended this restaurant: customers cannot order from it for now. Orders already placed
            go ahead.
          </p>
        </div>
      ) : null}
      {children}
    </div>
  );
}

/** The restaurant could not be loaded: not one of the person's (404), or a failure to retry. */
function NoAccess({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const notFound = isApiError(error) && error.status === 404;
  usePortalTitle(notFound ? 'Not in your portal' : 'Your restaurant');
  return (
    <div className="container page partner-page">
      <LoadError
        error={error}
        describe={(e) => ({ notFound, message: errorMessages(e).join(' ') })}
        notFound={
          <>
            <h1>This restaurant is not in your portal</h1>
            <p>Your account has no role on it. If you work there, ask its owner or manager for an invitation.</p>
            <Link className="btn btn-primary" to={portalPaths.home}>
              Your restaurants
            </Link>
          </>
        }
        onRetry={onRetry}
      />
    </div>
  );
}

/** The current restaurant as a button opening the list of the others (links to the same section). */
function RestaurantSwitcher({
  current,
  others,
  section,
}: {
  current: PartnerRestaurant;
  others: PartnerRestaurant[];
  section: PortalSection;
}) {
  const { open, setOpen, root, button } = useDropdown();
  const listId = useId();

  return (
    <div className="partner-switcher" ref={root}>
      <button
        ref={button}
        type="button"
        className="partner-switcher-button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="partner-restaurant">
          <span className="partner-restaurant-name">{current.name}</span>
          <span className="partner-restaurant-meta">
            {current.city} · {roleLabels[current.role]}
            <span className="visually-hidden">. Switch restaurant</span>
          </span>
        </span>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <ul id={listId} className="partner-switcher-list" hidden={!open} aria-label="Your other restaurants">
        {others.map((r) => (
          <li key={r.id}>
            <Link
              to={sectionHref(
                // the same section there, unless it is for managers and the person is not one there
                (section === 'team' || section === 'statements') && !hasRole(r.role, 'manager') ? 'orders' : section,
                r.id,
              )}
            >
              <span className="partner-restaurant-name">{r.name}</span>
              <span className="partner-restaurant-meta">
                {r.city} · {roleLabels[r.role]}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
