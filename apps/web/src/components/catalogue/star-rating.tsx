/** A star centred at x (24 units wide). */
const star = (x: number) => `M${x} 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.5L${x} 17.3l-5.9 3.2 1.3-6.5-4.9-4.6 6.6-.8z`;
/**
 * Five stars side by side as one path: a card list shows a rating per card, and five paths
 * in each of two layers were a third of the landing page's elements (style, layout and
 * paint work while the page loads).
 */
const FIVE_STARS = [0, 1, 2, 3, 4].map((i) => star(12 + i * 24)).join('');

function Stars({ className }: { className: string }) {
  return (
    <svg className={className} viewBox="0 0 120 24" width="90" height="18" aria-hidden="true" focusable="false">
      <path d={FIVE_STARS} />
    </svg>
  );
}

/** Star rating: the filled layer is `rating x 20` percent wide (ordering-payments §9; scale 0 to 5). */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  const clamped = Math.max(0, Math.min(5, rating));
  const label = `Rated ${clamped.toFixed(1)} out of 5`;
  return (
    <span className={['stars', className ?? ''].filter(Boolean).join(' ')} role="img" aria-label={label} title={label}>
      <Stars className="stars-base" />
      <span className="stars-fill" style={{ width: `${clamped * 20}%` }}>
        <Stars className="stars-fill-svg" />
      </span>
    </span>
  );
}
