import type { RefObject } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useQuickSearch, type QuickSearchResult } from '../api/quick-search';
import type { QuickSearchNear } from '../quick-search-rules';

type Result = QuickSearchResult['presets'][number];

interface SearchResultsPanelProps {
  q: string;
  near: QuickSearchNear;
  titleId: string;
  listRef: RefObject<HTMLUListElement | null>;
  onClose: () => void;
  onFollow: () => void;
}

/**
 * The navigation search's overlay content, titled 'Results for query' as the document writes it
 * (ordering-payments §2: a literal title; the term stays in the search field above), and the
 * restaurants found (nav-search.tsx).
 */
export function SearchResultsPanel({ q, near, titleId, listRef: list, onClose, onFollow }: SearchResultsPanelProps) {
  const query = useQuickSearch({ q, lat: near.lat, lng: near.lng, address: near.address });
  const results = query.data?.presets ?? [];
  return (
    <section className="search-panel container" aria-labelledby={titleId} data-testid="search-overlay">
      <div className="search-panel-head">
        <h2 id={titleId}>Results for query</h2>
        <button type="button" className="icon-button" aria-label="Close search results" onClick={onClose}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {query.isFetching
          ? 'Searching…'
          : query.isError
            ? 'Search failed'
            : `${results.length} ${results.length === 1 ? 'restaurant' : 'restaurants'} found`}
      </p>
      {query.isPending || (query.isFetching && query.isPlaceholderData) ? (
        <ul className="search-results" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <li key={i} className="search-result-skeleton" />
          ))}
        </ul>
      ) : query.isError ? (
        <p className="search-empty">The search is not available right now. Please try again.</p>
      ) : results.length === 0 ? (
        <p className="search-empty">No restaurants match "{q}". Try a cuisine, a dish or part of a restaurant name.</p>
      ) : (
        <ul ref={list} className="search-results" aria-label="Restaurants">
          {results.map((r) => (
            <li key={r.id}>
              <ResultLink result={r} onFollow={onFollow} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// Following a result closes the overlay at once (the next page may still be loading its chunk).
function ResultLink({ result, onFollow }: { result: Result; onFollow: () => void }) {
  const chefImages = Object.values(result.chefImages);
  const image = chefImages[0]?.profileImageUrl || result.profileImageUrl;
  const distance =
    result.distance === null
      ? null
      : `${result.distance < 10 ? result.distance.toFixed(1) : Math.round(result.distance)} ${result.distanceUnit}`;
  return (
    <Link to={paths.restaurant.getHref(result.slug)} className="search-result" onClick={onFollow}>
      {image ? (
        <img src={image} alt="" width={48} height={48} loading="lazy" decoding="async" />
      ) : (
        <span className="search-result-img" />
      )}
      <span className="search-result-text">
        <span className="search-result-name">{result.name}</span>
        <span className="search-result-meta">
          {[result.cuisineTypes.slice(0, 3).join(', '), distance, result.shortAddress].filter(Boolean).join(' · ')}
        </span>
      </span>
    </Link>
  );
}
