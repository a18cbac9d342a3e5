import { useEffect, useEffectEvent, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { QUICK_SEARCH_DEBOUNCE_MS, QUICK_SEARCH_MIN_CHARS, type QuickSearchNear } from '../quick-search-rules';
import { SearchResultsPanel } from './search-results-panel';

interface SearchOverlayProps {
  id: string;
  /** the field's text */
  text: string;
  /** the field's keystrokes so far: each one reopens a dismissed overlay */
  keystrokes: number;
  input: RefObject<HTMLInputElement | null>;
  near: QuickSearchNear;
}

/**
 * The navigation search's overlay (ordering-payments §2, §5, §9), loaded with the field's first
 * keystroke (nav-search.tsx): open from 3 characters after a 500 ms pause; page scrolling is
 * locked while it is open; Escape, a press outside the results, a followed result or another
 * page close it until the next keystroke; Down/Up move between the field and the results.
 */
export default function SearchOverlay({ id, text, keystrokes, input, near }: SearchOverlayProps) {
  const [dismissed, setDismissed] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  const titleId = useId();
  const { pathname } = useLocation();
  const q = useDebouncedValue(text.trim(), QUICK_SEARCH_DEBOUNCE_MS);
  const ready = q.length >= QUICK_SEARCH_MIN_CHARS;
  const open = ready && !dismissed;

  // A keystroke reopens; a followed result (or any navigation) closes (adjusted while rendering).
  const [shown, setShown] = useState({ keystrokes, pathname });
  if (shown.keystrokes !== keystrokes || shown.pathname !== pathname) {
    setShown({ keystrokes, pathname });
    setDismissed(shown.pathname !== pathname);
  }

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

  // the field's keys: Escape closes, Down opens again or moves to the first result
  const onInputKeyDown = useEffectEvent((event: globalThis.KeyboardEvent) => {
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
  });
  useEffect(() => {
    const field = input.current;
    const listener = (event: globalThis.KeyboardEvent) => onInputKeyDown(event);
    field?.addEventListener('keydown', listener);
    return () => field?.removeEventListener('keydown', listener);
  }, [input]);

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
    <div
      id={id}
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
        <SearchResultsPanel
          q={q}
          near={near}
          titleId={titleId}
          listRef={list}
          onClose={() => close(true)}
          onFollow={() => setDismissed(true)}
        />
      ) : null}
    </div>
  );
}
