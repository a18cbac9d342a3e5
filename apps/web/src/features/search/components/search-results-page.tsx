import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCents } from '@caterway/domain';
import { PresetCardView } from '../../../components/catalogue/preset-card';
import { RestaurantCardView } from '../../../components/catalogue/restaurant-card';
import { paths } from '../../../config/paths';
import { useSearchAll, type SearchAllParams } from '../api/search-all';

export interface SearchResultsPageProps {
  params: SearchAllParams;
  /** the cuisine filter cards, as the browse pages show them (the route composes them) */
  filters?: ReactNode;
}

const plural = (n: number, one: string, many: string, capped = false) =>
  `${n.toLocaleString('en-US')}${capped ? '+' : ''} ${n === 1 && !capped ? one : many}`;

/**
 * /search?q= (issue 20 §2, decision 065): what the words find, grouped by kind (Restaurants,
 * Presets, Dishes) with their counts, near the delivery address and for its date and time, with
 * the browse pages' cuisine filter; "Did you mean" when a word was misspelt.
 */
export function SearchResultsPage({ params, filters }: SearchResultsPageProps) {
  const query = useSearchAll(params);
  const data = query.data;
  const reloading = query.isFetching && query.isPlaceholderData;
  const found = data ? data.restaurants.total + data.presets.total + data.dishes.total : 0;

  return (
    <div className="container page search-page">
      <header className="browse-head">
        <h1>Search results for "{params.q}"</h1>
        <p className="browse-count" role="status" aria-live="polite" data-testid="search-count">
          {!params.q.trim()
            ? 'Type what you are looking for in the search field.'
            : query.isPending
              ? 'Searching…'
              : data
                ? `${plural(data.restaurants.total, 'restaurant', 'restaurants')}, ${plural(data.presets.total, 'preset', 'presets', data.presets.capped)}, ${plural(data.dishes.total, 'dish', 'dishes', data.dishes.capped)}${params.address ? ` near ${params.address}` : ''}`
                : ''}
        </p>
        {data?.didYouMean ? (
          <p className="search-did-you-mean">
            Did you mean{' '}
            <Link to={paths.search.getHref(data.didYouMean)} data-testid="did-you-mean">
              {data.didYouMean}
            </Link>
            ?
          </p>
        ) : null}
      </header>

      {filters}

      {!params.q.trim() ? null : query.isError && !data ? (
        <div className="inline-alert" role="alert">
          <p>The search is not available right now.</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      ) : query.isPending || !data ? (
        <ul className="card-grid" aria-hidden="true" data-testid="results-skeleton">
          {[0, 1, 2].map((i) => (
            <li key={i}>
              <div className="catalogue-card card-skeleton" />
            </li>
          ))}
        </ul>
      ) : found === 0 ? (
        <p className="search-empty" data-testid="search-empty">
          Nothing matches "{params.q}". Try a cuisine, a dish or part of a restaurant name, or another address.
        </p>
      ) : (
        <div aria-busy={reloading || undefined} className={reloading ? 'results-reloading' : undefined}>
          <Group id="restaurants" title="Restaurants" count={data.restaurants.total}>
            <ul className="card-grid" aria-label="Restaurants">
              {data.restaurants.items.map((r) => (
                <li key={r.id}>
                  <RestaurantCardView restaurant={r} headingLevel="h3" />
                </li>
              ))}
            </ul>
          </Group>
          <Group id="presets" title="Presets" count={data.presets.total} capped={data.presets.capped}>
            <ul className="card-grid" aria-label="Presets">
              {data.presets.items.map((p) => (
                <li key={p.id}>
                  <PresetCardView preset={p} headingLevel="h3" />
                </li>
              ))}
            </ul>
          </Group>
          <Group id="dishes" title="Dishes" count={data.dishes.total} capped={data.dishes.capped}>
            <ul className="search-results search-dishes" aria-label="Dishes">
              {data.dishes.items.map((d) => (
                <li key={d.id}>
                  <Link to={paths.restaurant.getHref(d.restaurant.slug)} className="search-result">
                    {d.imageUrl ? (
                      <img src={d.imageUrl} alt="" width={48} height={48} loading="lazy" decoding="async" />
                    ) : (
                      <span className="search-result-img" />
                    )}
                    <span className="search-result-text">
                      <span className="search-result-name">{d.name}</span>
                      <span className="search-result-meta">
                        {formatCents(d.priceCents)} · {d.restaurant.name}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </Group>
        </div>
      )}
    </div>
  );
}

function Group(props: { id: string; title: string; count: number; capped?: boolean; children: ReactNode }) {
  const headingId = `search-group-${props.id}`;
  return (
    <section className="search-group" aria-labelledby={headingId} data-testid={`search-group-${props.id}`}>
      <h2 id={headingId}>
        {props.title}{' '}
        <span className="search-group-count">
          ({props.count.toLocaleString('en-US')}
          {props.capped ? '+' : ''})
        </span>
      </h2>
      {props.count === 0 ? <p className="search-empty">No {props.title.toLowerCase()} match.</p> : props.children}
    </section>
  );
}
