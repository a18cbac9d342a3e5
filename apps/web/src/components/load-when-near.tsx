import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders its children only once its box comes within `margin` of the viewport (an
 * IntersectionObserver), so a lazily imported part below the fold loads when the visitor
 * scrolls towards it, not with the page. The box keeps its height from CSS (give `className` a
 * min-height about the size of what it will hold): nothing below it moves when the part arrives.
 */
export function LoadWhenNear({
  children,
  className,
  margin = '600px',
}: {
  children: ReactNode;
  className?: string;
  margin?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  // without IntersectionObserver (old browsers) there is no way to wait: render at once
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = box.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return (
    <div ref={box} className={className}>
      {near ? children : null}
    </div>
  );
}
