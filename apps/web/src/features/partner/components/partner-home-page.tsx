import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { Loading, LoadError, TextField } from '@caterway/ui';
import { SUPPORT_EMAIL } from '../../../config/app';
import { paths } from '../../../config/paths';
import { useRestaurants } from '../api/restaurants';
import { roleLabels, type PartnerRestaurant } from '../api/types';
import { portalPaths } from '../portal-paths';
import { errorMessages, usePortalTitle } from './portal-common';
import './partner.css';

/** Beyond this many restaurants (operations staff see them all), the list has a filter. */
const FILTER_FROM = 8;

/**
 * /partner: the signed-in person's restaurants. One goes straight to its orders; none explains
 * what the portal is and how to join a team; several are listed to choose from.
 */
export function PartnerHomePage() {
  usePortalTitle('Your restaurants');
  const restaurants = useRestaurants();

  if (restaurants.isPending) {
    return (
      <section className="container page partner-page page-loading">
        <Loading label="Loading your restaurants…" />
      </section>
    );
  }
  if (restaurants.isError) {
    return (
      <section className="container page partner-page">
        <LoadError
          error={restaurants.error}
          describe={(error) => ({ notFound: false, message: errorMessages(error).join(' ') })}
          notFound={null}
          onRetry={() => void restaurants.refetch()}
        />
      </section>
    );
  }
  const list = restaurants.data;
  if (list.length === 1) return <Navigate to={portalPaths.orders(list[0]!.id)} replace />;
  if (list.length === 0) return <NoRestaurant />;
  return <RestaurantList restaurants={list} />;
}

function NoRestaurant() {
  return (
    <section className="container page partner-page" aria-labelledby="partner-empty-title">
      <div className="empty-state partner-empty">
        <h1 id="partner-empty-title">Caterway for restaurants</h1>
        <p>
          This is where the teams of the restaurants that cook for Caterway see their orders and answer them. Your
          account is not on a restaurant&rsquo;s team yet.
        </p>
        <h2 className="partner-subtitle">How to join your restaurant&rsquo;s team</h2>
        <ol className="partner-steps">
          <li>Ask your restaurant&rsquo;s owner or manager to invite you from the Team page of this portal.</li>
          <li>Open the link in the invitation email: it is valid for 7 days.</li>
          <li>Sign in as the invited email address, or set a password if you are new to Caterway.</li>
        </ol>
        <p className="muted">
          A restaurant that wants to cook for Caterway? Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          .
        </p>
        <Link className="btn btn-secondary" to={paths.home.path}>
          Order catering instead
        </Link>
      </div>
    </section>
  );
}

function RestaurantList({ restaurants }: { restaurants: PartnerRestaurant[] }) {
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? restaurants.filter((r) => r.name.toLowerCase().includes(needle) || r.city.toLowerCase().includes(needle))
    : restaurants;
  return (
    <section className="container page partner-page" aria-labelledby="partner-list-title">
      <h1 id="partner-list-title">Your restaurants</h1>
      {restaurants.length > FILTER_FROM ? (
        <TextField
          className="partner-filter"
          label="Find a restaurant"
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          hint={<span aria-live="polite">{shown.length === 1 ? '1 restaurant' : `${shown.length} restaurants`}</span>}
        />
      ) : null}
      {shown.length === 0 ? (
        <p className="empty-state">No restaurant matches “{filter.trim()}”.</p>
      ) : (
        <ul className="partner-restaurant-list">
          {shown.map((r) => (
            <li key={r.id}>
              <Link className="partner-restaurant-card" to={portalPaths.orders(r.id)}>
                <span className="partner-restaurant-name">{r.name}</span>
                <span className="partner-restaurant-meta">
                  {r.city} · {roleLabels[r.role]}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
