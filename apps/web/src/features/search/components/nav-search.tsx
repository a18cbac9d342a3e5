import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { QUICK_SEARCH_DEBOUNCE_MS, QUICK_SEARCH_MIN_CHARS, type QuickSearchNear } from '../quick-search-rules';
import './nav-search.css';

export interface NavSearchProps {
  /** The delivery details, so results are near the user (ordering-payments §7). */
  near: QuickSearchNear;
  /** Focus the field when shown (the phones' search row, opened by its button). */
  focusOnShow?: boolean;
}

// The results panel (and its search call) loads with the first search: every page shows the
// input, few visitors search.
const SearchResultsPanel = lazy(() => import('./search-results-panel'));

/**
 * The navigation's restaurant search (ordering-payments §2, §5, §9): from 3 characters and
 * after a 500 ms pause, an overlay 'Results for query' lists restaurants with their chef
 * images, each linking to /chefs/{slug}. Page scrolling is locked while it is open. Escape
 * closes it; Down/Up move between the input and the results; Enter opens the full results page
 * (/search?q=, issue 20 §2).
 */
export function NavSearch({ near, focusOnShow = false }: NavSearchProps) {
  const [text, setText] = useState('');
  // Closed until the user types; Escape, a result or navigating closes it until the next keystroke.
  const [dismissed, setDismissed] = useState(true);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const inputId = useId();
  const overlayId = useId();
  const titleId = useId();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const q = useDebouncedValue(text.trim(), QUICK_SEARCH_DEBOUNCE_MS);
  const ready = q.length >= QUICK_SEARCH_MIN_CHARS;

  // Open once the pause is over with at least 3 characters.
  const open = ready && !dismissed;

  // A followed result (or any navigation) closes the overlay (adjusted while rendering).
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setDismissed(true);
  }

  // The phones' search row: its button opened it to type in it.
  useEffect(() => {
    if (focusOnShow) input.current?.focus();
  }, [focusOnShow]);

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
      <form
        role="search"
        className="nav-search-form"
        onSubmit={(e) => {
          e.preventDefault();
          // Enter opens the full results page (issue 20 §2), grouped by kind
          const words = text.trim();
          if (!words) return;
          setDismissed(true);
          void navigate(paths.search.getHref(words));
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          Search restaurants
        </label>
        <SearchIcon size={18} className="nav-search-icon" />
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
        // the backdrop around the results: a press outside them closes (as Escape does), and the
        // arrow keys pressed on its links are handled here
        role="presentation"
        hidden={!open}
        onMouseDown={(e) => {
          if (e.target === e.currentTarget) close(false);
        }}
        onKeyDown={onOverlayKeyDown}
      >
        {open ? (
          <Suspense fallback={null}>
            <SearchResultsPanel
              q={q}
              near={near}
              titleId={titleId}
              listRef={list}
              onClose={() => close(true)}
              onFollow={() => setDismissed(true)}
            />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}

/** The magnifier of the search field and of the phones' search button. */
export function SearchIcon({ size, className }: { size: number; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
