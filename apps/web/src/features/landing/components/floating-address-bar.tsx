import { useEffect, useState, type ReactNode } from 'react';

/** The floating address bar shows once the page is scrolled 400 px (browse-account-orders §2, §9). */
export const FLOATING_BAR_SCROLL_PX = 400;

/** A bar fixed to the bottom of the viewport with the address form; it can be dismissed for this visit. */
export function FloatingAddressBar({ children }: { children: ReactNode }) {
  const [scrolled, setScrolled] = useState(false);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (dismissed) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      setScrolled(window.scrollY > FLOATING_BAR_SCROLL_PX);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    check();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [dismissed]);

  if (dismissed || !scrolled) return null;
  return (
    <aside className="floating-address-bar" aria-label="Delivery address">
      <div className="container floating-address-inner">
        <p className="floating-address-label">Where should we deliver?</p>
        {children}
        <button
          type="button"
          className="icon-button"
          aria-label="Dismiss address bar"
          onClick={() => setDismissed(true)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </aside>
  );
}
