import { lazy, Suspense, useDeferredValue, useId, useState } from 'react';
import { Link } from 'react-router';
import type { DietaryNeed, RestaurantSort } from '@caterway/domain';
import { RestaurantCardView } from '../../../components/catalogue/restaurant-card';
import { paths } from '../../../config/paths';
import type { Restaurant } from '../../../types/catalogue';
import type { DeliveryContext } from '../api/delivery-context';
import { useRestaurantSearch } from '../api/search-restaurants';
import { CardFacts } from './card-facts';
import { CuisineFilter } from './cuisine-filter';
import { DietaryFilter } from './dietary-filter';
import { LoadMore } from './load-more';
import { NoResults } from './no-results';
import { useDebouncedSelection } from './use-debounced-filter';
import './browse.css';

// The map (the modal, the schematic, Leaflet when tiles are set) opens on a click: it loads then,
// not with the list (decision 073).
const LocationModal = lazy(() => import('./location-modal').then((m) => ({ default: m.LocationModal })));

/** The restaurant list's orders (decision 067), distance first. */
export const restaurantSortOptions: { value: RestaurantSort; label: string }[] = [
  { value: 'distance', label: 'Distance' },
  { value: 'rating', label: 'Rating' },
  { value: 'popularity', label: 'Popularity' },
  { value: 'price', label: 'Price, lowest first' },
  { value: 'soonest', label: 'Soonest available' },
];

/**
 * Restaurants near the delivery address for the chosen date and time (ordering-payments §2
 * 'Restaurant search list', §4, §7): count, cuisine filter cards, infinite scroll, cards with
 * availability, the map modal, and the spec's advice when nothing is found.
 */
export function BrowseRestaurantsPage({
  delivery,
  onChooseTime,
}: {
  delivery: DeliveryContext;
  /** a card's next available time as one click: the route sets the delivery details (decision 072) */
  onChooseTime?: (deliveryDate: string, deliveryTime: string) => void;
}) {
  const filter = useDebouncedSelection();
  const dietary = useDebouncedSelection<DietaryNeed>();
  const [sort, setSort] = useState<RestaurantSort>('distance');
  const sortId = useId();
  const query = useRestaurantSearch({ delivery, cuisines: filter.applied, dietary: dietary.applied, sort });
  // the map: of one restaurant (its Map button) or of the whole list (null)
  const [mapOf, setMapOf] = useState<{ restaurant: Restaurant | null } | null>(null);

  // The cards render in a transition, in slices between which the browser stays responsive.
  const data = useDeferredValue(query.data);
  const pages = data?.pages ?? [];
  const meta = pages[0]?.metaData;
  const seen = new Set<number>();
  // A restaurant can move between pages when the catalogue changes while scrolling: show it once.
  const restaurants = pages
    .flatMap((p) => p.presets.allPresets)
    .filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)));
  const reloading =
    filter.pending || dietary.pending || (query.isFetching && !query.isFetchingNextPage && query.isPlaceholderData);
  const origin =
    delivery.lat !== null && delivery.lng !== null
      ? { lat: delivery.lat, lng: delivery.lng, address: delivery.address }
      : null;

  return (
    <div className="container page browse-page">
      <header className="browse-head">
        <h1>Restaurants</h1>
        <p className="browse-count" role="status" aria-live="polite" data-testid="restaurant-count">
          {meta
            ? `${meta.fullCount} ${meta.fullCount === 1 ? 'restaurant' : 'restaurants'}${delivery.address ? ` near ${delivery.address}` : ''}`
            : query.isError
              ? ''
              : 'Finding restaurants…'}
        </p>
        <Link to={paths.browsePresets.path} className="browse-switch">
          Browse preset menus instead
        </Link>
      </header>

      {/* drawn before the first answer (its strip keeps its height), so the tools below never move */}
      <CuisineFilter
        cuisines={meta?.presetCategoryNameWithIcon ?? []}
        selected={filter.selected}
        onChange={filter.setSelected}
      />
      <div className="browse-tools">
        <DietaryFilter selected={dietary.selected} onChange={dietary.setSelected} />
        <div className="browse-tools-end">
          <div className="field sort-field">
            <label htmlFor={sortId}>Sort by</label>
            <select id={sortId} value={sort} onChange={(e) => setSort(e.target.value as RestaurantSort)}>
              {restaurantSortOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          {/* there from the first frame (disabled until there is something to map): the row never grows */}
          <button
            type="button"
            className="btn btn-secondary"
            disabled={restaurants.length === 0}
            onClick={() => setMapOf({ restaurant: null })}
          >
            Show map
          </button>
        </div>
      </div>

      {query.isError && !query.data ? (
        <div className="inline-alert" role="alert">
          <p>We could not load restaurants right now.</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      ) : query.isPending || !data ? (
        <ResultsSkeleton />
      ) : restaurants.length === 0 ? (
        <NoResults what="restaurants" />
      ) : (
        <div aria-busy={reloading || undefined} className={reloading ? 'results-reloading' : undefined}>
          <ul className="card-grid" aria-label="Restaurants" data-testid="restaurant-list">
            {restaurants.map((r, i) => (
              <li key={r.id}>
                <RestaurantCardView
                  restaurant={r}
                  onShowMap={(restaurant) => setMapOf({ restaurant })}
                  headingLevel="h2"
                  priority={i < 2}
                  onChooseTime={onChooseTime}
                >
                  <CardFacts restaurant={r} />
                </RestaurantCardView>
              </li>
            ))}
          </ul>
          {query.isFetchNextPageError ? (
            <p className="inline-alert" role="alert">
              The next restaurants did not load. Use Load more restaurants to try again.
            </p>
          ) : null}
          <LoadMore
            hasMore={Boolean(query.hasNextPage) && !query.isFetchNextPageError}
            loading={query.isFetchingNextPage}
            onLoad={() => void query.fetchNextPage()}
            label="Load more restaurants"
          />
          {query.isFetchNextPageError ? (
            <div className="load-more">
              <button type="button" className="btn btn-secondary" onClick={() => void query.fetchNextPage()}>
                Load more restaurants
              </button>
            </div>
          ) : null}
        </div>
      )}
      {mapOf ? (
        <Suspense fallback={null}>
          <LocationModal
            restaurants={restaurants}
            restaurant={mapOf.restaurant}
            origin={origin}
            onClose={() => setMapOf(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

export function ResultsSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul className="card-grid" aria-hidden="true" data-testid="results-skeleton">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <div className="catalogue-card card-skeleton" />
        </li>
      ))}
    </ul>
  );
}
