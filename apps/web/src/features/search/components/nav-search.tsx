import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import type { QuickSearchNear } from '../quick-search-rules';
import './nav-search.css';

export interface NavSearchProps {
  /** The delivery details, so results are near the user (ordering-payments §7). */
  near: QuickSearchNear;
  /** Focus the field when shown (the phones' search row, opened by its button). */
  focusOnShow?: boolean;
}

// The overlay (its pause, keys, scroll lock and results) loads with the first keystroke, within
// the 500 ms pause: every page shows the field, few visitors type in it (decision 073).
const SearchOverlay = lazy(() => import('./search-overlay'));

/**
 * The navigation's restaurant search (ordering-payments §2, §5, §9): from 3 characters and
 * after a 500 ms pause, an overlay 'Results for query' lists restaurants with their chef
 * images, each linking to /chefs/{slug} (search-overlay.tsx). Enter opens the full results page
 * (/search?q=, issue 20 §2).
 */
export function NavSearch({ near, focusOnShow = false }: NavSearchProps) {
  const [text, setText] = useState('');
  // keystrokes since the field was last submitted: each one reopens a dismissed overlay; none, no overlay
  const [keystrokes, setKeystrokes] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const overlayId = useId();
  const navigate = useNavigate();

  // The phones' search row: its button opened it to type in it.
  useEffect(() => {
    if (focusOnShow) input.current?.focus();
  }, [focusOnShow]);

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
          setKeystrokes(0);
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
          aria-controls={keystrokes > 0 ? overlayId : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setKeystrokes((n) => n + 1);
          }}
        />
      </form>
      {keystrokes > 0 ? (
        <Suspense fallback={null}>
          <SearchOverlay id={overlayId} text={text} keystrokes={keystrokes} input={input} near={near} />
        </Suspense>
      ) : null}
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
