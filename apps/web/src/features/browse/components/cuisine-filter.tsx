import { useEffect, useRef, useState } from 'react';
import { Button, Modal } from '@caterway/ui';

/** Filter card limits (ordering-payments §9): first 20 in the strip; arrows above 11 cards, 150 px per press. */
export const STRIP_CARD_LIMIT = 20;
export const ARROWS_ABOVE = 11;
export const ARROW_SCROLL_PX = 150;

export interface Cuisine {
  name: string;
  icon: string;
}

export interface CuisineFilterProps {
  cuisines: readonly Cuisine[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
}

/**
 * The cuisine filter cards (ordering-payments §2 'Restaurant search list'): a horizontal strip
 * of the first 20 (toggle buttons), scroll arrows when there are more than 11, a 'More' popup
 * listing every cuisine (scrolling at 350 px), Select all and Clear selected.
 */
export function CuisineFilter({ cuisines, selected, onChange }: CuisineFilterProps) {
  const [showAll, setShowAll] = useState(false);
  const strip = cuisines.slice(0, STRIP_CARD_LIMIT);
  const chosen = new Set(selected);
  const toggle = (name: string) =>
    onChange(chosen.has(name) ? selected.filter((n) => n !== name) : [...selected, name]);
  const allSelected = cuisines.length > 0 && cuisines.every((c) => chosen.has(c.name));

  return (
    <section className="cuisine-filter" aria-labelledby="cuisine-filter-title">
      <div className="cuisine-filter-head">
        <h2 id="cuisine-filter-title" className="cuisine-filter-title">
          Cuisines
        </h2>
        <div className="cuisine-filter-actions">
          <button
            type="button"
            className="link-button"
            disabled={allSelected}
            onClick={() => onChange(cuisines.map((c) => c.name))}
          >
            Select all
          </button>
          <button type="button" className="link-button" disabled={selected.length === 0} onClick={() => onChange([])}>
            Clear selected
          </button>
          {cuisines.length > 0 ? (
            <button type="button" className="link-button" aria-haspopup="dialog" onClick={() => setShowAll(true)}>
              More<span className="visually-hidden"> cuisines</span>
            </button>
          ) : null}
        </div>
      </div>
      <CardStrip cuisines={strip} chosen={chosen} onToggle={toggle} />
      {showAll ? (
        <AllCuisines cuisines={cuisines} selected={selected} onChange={onChange} onClose={() => setShowAll(false)} />
      ) : null}
    </section>
  );
}

function CardStrip({
  cuisines,
  chosen,
  onToggle,
}: {
  cuisines: readonly Cuisine[];
  chosen: Set<string>;
  onToggle: (name: string) => void;
}) {
  const track = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });
  const arrows = cuisines.length > ARROWS_ABOVE;

  const measure = () => {
    const el = track.current;
    if (!el) return;
    const next = { atStart: el.scrollLeft <= 1, atEnd: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 };
    setEdges((prev) => (prev.atStart === next.atStart && prev.atEnd === next.atEnd ? prev : next));
  };
  useEffect(() => {
    const el = track.current;
    if (!el || typeof ResizeObserver === 'undefined') return measure();
    // The observer's first report comes after the browser's own layout; measuring in the
    // effect forced an extra layout of the page while it loads (a long task on browse).
    const observer = new ResizeObserver(() => measure());
    observer.observe(el);
    return () => observer.disconnect();
  }, [cuisines.length]);

  const scroll = (direction: 1 | -1) => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    track.current?.scrollBy({ left: direction * ARROW_SCROLL_PX, behavior: reduce ? 'auto' : 'smooth' });
  };

  return (
    <div className="cuisine-strip">
      {arrows ? (
        <button
          type="button"
          className="icon-button strip-arrow"
          aria-label="Scroll cuisines left"
          disabled={edges.atStart}
          onClick={() => scroll(-1)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              d="M15 5l-7 7 7 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      ) : null}
      <ul ref={track} className="cuisine-cards" onScroll={measure} data-testid="cuisine-strip">
        {cuisines.map((c) => (
          <li key={c.name}>
            <button
              type="button"
              className="cuisine-card"
              aria-pressed={chosen.has(c.name)}
              onClick={() => onToggle(c.name)}
            >
              <span className="cuisine-icon" aria-hidden="true">
                {c.icon}
              </span>
              <span>{c.name}</span>
            </button>
          </li>
        ))}
      </ul>
      {arrows ? (
        <button
          type="button"
          className="icon-button strip-arrow"
          aria-label="Scroll cuisines right"
          disabled={edges.atEnd}
          onClick={() => scroll(1)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              d="M9 5l7 7-7 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      ) : null}
    </div>
  );
}

function AllCuisines({ cuisines, selected, onChange, onClose }: CuisineFilterProps & { onClose: () => void }) {
  const chosen = new Set(selected);
  return (
    <Modal title="All cuisines" size="wider" onClose={onClose}>
      <fieldset className="all-cuisines">
        <legend className="visually-hidden">Cuisines</legend>
        <ul className="all-cuisines-list">
          {cuisines.map((c) => (
            <li key={c.name}>
              <label className="all-cuisines-option">
                <input
                  type="checkbox"
                  checked={chosen.has(c.name)}
                  onChange={() =>
                    onChange(chosen.has(c.name) ? selected.filter((n) => n !== c.name) : [...selected, c.name])
                  }
                />
                <span aria-hidden="true">{c.icon}</span> {c.name}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="all-cuisines-actions">
        <Button variant="ghost" disabled={selected.length === 0} onClick={() => onChange([])}>
          Clear selected
        </Button>
        <Button onClick={onClose}>Done</Button>
      </div>
    </Modal>
  );
}
