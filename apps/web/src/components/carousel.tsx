import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import './catalogue/catalogue.css';

export interface CarouselProps<T> {
  /** Visible heading of the row; also names the region and its buttons. */
  title: string;
  items: readonly T[];
  getKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  headingLevel?: 'h2' | 'h3';
  /** Extra content beside the heading (e.g. a "see all" link). */
  aside?: ReactNode;
}

/**
 * A row of cards showing 4 per view, 3 under 1200 px, 2 under 900 px and 1 under 600 px
 * (browse-account-orders §2, §9; the widths live in catalogue.css). It is a native horizontal
 * scroller with snap points, so touch, trackpad and Tab into a card all work; the labelled
 * Previous/Next buttons move one view at a time and are disabled at either end.
 */
export function Carousel<T>({
  title,
  items,
  getKey,
  renderItem,
  headingLevel: Heading = 'h2',
  aside,
}: CarouselProps<T>) {
  const track = useRef<HTMLUListElement>(null);
  const headingId = useId();
  const [edges, setEdges] = useState({ atStart: true, atEnd: true });

  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    const atStart = el.scrollLeft <= 1;
    const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 1;
    setEdges((prev) => (prev.atStart === atStart && prev.atEnd === atEnd ? prev : { atStart, atEnd }));
  }, []);

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    // The observer reports the track's first size after the browser's next layout; measuring
    // here instead would force a layout of the whole page in the middle of the render (one
    // long task per carousel while the page loads).
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return;
    }
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure, items.length]);

  // The cards only change with the items: the Previous/Next state (set after the first layout
  // and on every scroll) re-renders the buttons, not a row of cards.
  const cards = useMemo(
    () =>
      items.map((item) => (
        <li key={getKey(item)} className="carousel-item">
          {renderItem(item)}
        </li>
      )),
    [items, getKey, renderItem],
  );

  const move = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    el.scrollBy({ left: direction * el.clientWidth, behavior: reduce ? 'auto' : 'smooth' });
  };

  return (
    <section className="carousel" aria-labelledby={headingId}>
      <div className="carousel-head">
        <Heading id={headingId} className="carousel-title">
          {title}
        </Heading>
        {aside}
        <div className="carousel-controls">
          <button
            type="button"
            className="icon-button carousel-button"
            aria-label={`Previous: ${title}`}
            disabled={edges.atStart}
            onClick={() => move(-1)}
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
          <button
            type="button"
            className="icon-button carousel-button"
            aria-label={`Next: ${title}`}
            disabled={edges.atEnd}
            onClick={() => move(1)}
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
        </div>
      </div>
      <ul ref={track} className="carousel-track" onScroll={measure}>
        {cards}
      </ul>
    </section>
  );
}

/** Placeholder row while a carousel's data loads. */
export function CarouselSkeleton({ title }: { title: string }) {
  return (
    <section className="carousel" aria-busy="true" aria-label={`${title} (loading)`}>
      <div className="carousel-head">
        <p className="carousel-title">{title}</p>
      </div>
      <ul className="carousel-track" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className="carousel-item">
            <div className="catalogue-card card-skeleton" />
          </li>
        ))}
      </ul>
    </section>
  );
}
