import { useEffect, useEffectEvent, useRef } from 'react';
import { Button } from '@caterway/ui';

/**
 * Infinite scroll (ordering-payments §4: the next page loads while currentPage < totalPage):
 * a sentinel watched by an IntersectionObserver loads the next page as it nears the viewport,
 * and a visible Load more button does the same for keyboard users and old browsers.
 */
export function LoadMore({
  hasMore,
  loading,
  onLoad,
  label,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
  label: string;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  // the observer reads the latest props: no second load while one is under way
  const loadWhenIdle = useEffectEvent(() => {
    if (!loading) onLoad();
  });

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadWhenIdle();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loading]);

  if (!hasMore) return null;
  return (
    <div className="load-more" ref={sentinel}>
      <Button variant="secondary" busy={loading} onClick={onLoad}>
        {loading ? 'Loading…' : label}
      </Button>
    </div>
  );
}
