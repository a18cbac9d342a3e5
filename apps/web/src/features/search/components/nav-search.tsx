import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { QUICK_SEARCH_DEBOUNCE_MS, QUICK_SEARCH_MIN_CHARS, useQuickSearch, type QuickSearchResult } from '../api/quick-search';
import './nav-search.css';

export interface NavSearchProps {
  /** The delivery details, so results are near the user (ordering-payments §7). */
  near: { lat: number | null; lng: number | null; address: string };
}

type Result = QuickSearchResult['presets'][number];

/**
 * The navigation's restaurant search (ordering-payments §2, §5, §9): from 3 characters and
 * after a 500 ms pause, an overlay 'Results for "{query}"' lists restaurants with their chef
 * images, each linking to /chefs/{slug}. Page scrolling is locked while it is open. Escape
 * closes it; Down/Up move between the input and the results.
 */
export function NavSearch({ near }: NavSearchProps) {
  const [text, setText] = useState('');
  // Closed until the user types; Escape, a result or navigating closes it until the next keystroke.
  const [dismissed, setDismissed] = useState(true);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const inputId = useId();
  const overlayId = useId();
  const titleId = useId();
  const { pathname } = useLocation();
  const q = useDebouncedValue(text.trim(), QUICK_SEARCH_DEBOUNCE_MS);
  const ready = q.length >= QUICK_SEARCH_MIN_CHARS;
  const query = useQuickSearch({ q: ready ? q : '', lat: near.lat, lng: near.lng, address: near.address });
  const results = query.data?.presets ?? [];

  // Open once the pause is over with at least 3 characters.
  const open = ready && !dismissed;

  // A followed result (or any navigation) closes the overlay.
  useEffect(() => setDismissed(true), [pathname]);

  // Lock page scrolling while open, restoring whatever was there before.
  useEffect(() => {
    if (!open) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [open]);

  const close = (refocus: boolean) => {
    setDismissed(true);
    if (refocus) input.current?.focus();
  };

  const links = () => [...(list.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown') {
      if (!open && ready) {
        setDismissed(false);
        return;
      }
      const first = links()[0];
      if (first) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  const onOverlayKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const all = links();
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (index === -1) return;
    event.preventDefault();
    if (event.key === 'ArrowDown') all[Math.min(index + 1, all.length - 1)]?.focus();
    else if (index === 0) input.current?.focus();
    else all[index - 1]?.focus();
  };

  return (
    <div className="nav-search">
      <form role="search" className="nav-search-form" onSubmit={(e) => {
        e.preventDefault();
        if (ready) setDismissed(false);
      }}>
        <label htmlFor={inputId} className="visually-hidden">
          Search restaurants
        </label>
        <svg className="nav-search-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          ref={input}
          id={inputId}
          type="search"
          placeholder="Search restaurants"
          autoComplete="off"
          value={text}
          aria-controls={overlayId}
          onChange={(e) => {
            setText(e.target.value);
            setDismissed(false);
          }}
          onKeyDown={onInputKeyDown}
        />
      </form>
      <div
        id={overlayId}
        className="search-overlay"
        hidden={!open}
        onMouseDown={(e) => {
          if (e.target === e.currentTarget) close(false);
        }}
        onKeyDown={onOverlayKeyDown}
      >
        {open ? (
          <section className="search-panel container" aria-labelledby={titleId} data-testid="search-overlay">
            <div className="search-panel-head">
              <h2 id={titleId}>Results for "{q}"</h2>
              <button type="button" className="icon-button" aria-label="Close search results" onClick={() => close(true)}>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            </div>
            <p className="visually-hidden" role="status" aria-live="polite">
              {query.isFetching ? 'Searching…' : query.isError ? 'Search failed' : `${results.length} ${results.length === 1 ? 'restaurant' : 'restaurants'} found`}
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
                    <ResultLink result={r} onFollow={() => setDismissed(true)} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}
      </div>
    </div>
  );
}

// Following a result closes the overlay at once (the next page may still be loading its chunk).
function ResultLink({ result, onFollow }: { result: Result; onFollow: () => void }) {
  const chefImages = Object.values(result.chefImages);
  const image = chefImages[0]?.profileImageUrl || result.profileImageUrl;
  const distance = result.distance === null ? null : `${result.distance < 10 ? result.distance.toFixed(1) : Math.round(result.distance)} ${result.distanceUnit}`;
  return (
    <Link to={paths.restaurant.getHref(result.slug)} className="search-result" onClick={onFollow}>
      {image ? <img src={image} alt="" width={48} height={48} loading="lazy" decoding="async" /> : <span className="search-result-img" />}
      <span className="search-result-text">
        <span className="search-result-name">{result.name}</span>
        <span className="search-result-meta">
          {[result.cuisineTypes.slice(0, 3).join(', '), distance, result.shortAddress].filter(Boolean).join(' · ')}
        </span>
      </span>
    </Link>
  );
}
