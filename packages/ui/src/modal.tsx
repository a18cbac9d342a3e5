import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { APP_SHELL_ID } from './app-shell-id';
import styles from './modal.module.css';

export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Optional line under the title, read as the dialog's description. */
  description?: ReactNode;
  /** 'default' 520 px; 'wide' 620 px (a menu's items); 'wider' 760 px (a map, a quick view) */
  size?: 'default' | 'wide' | 'wider';
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog, open while mounted (render it conditionally). The page behind it is made
 * `inert`, so focus and screen readers stay inside; Tab wraps around within it; Escape and a
 * press on the backdrop close it; focus returns to the element that opened it. Not the native
 * <dialog>: its top layer would cover the toasts and make their live region inert, and form
 * errors arrive as toasts while a modal is open. The app renders its page in the element with
 * id APP_SHELL_ID ('app-shell'), outside which the modal and the toasts are portalled.
 */
export function Modal({ title, onClose, children, description, size = 'default' }: ModalProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // Escape closes with the latest onClose, without re-running the effect (and refocusing) on each render
  const close = useEffectEvent(() => onClose());

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const shell = document.getElementById(APP_SHELL_ID);
    shell?.setAttribute('inert', '');
    document.documentElement.classList.add('modal-open');
    const node = panel.current;
    const first =
      node?.querySelector<HTMLElement>('[data-autofocus]') ??
      node?.querySelector<HTMLElement>('input, select, textarea');
    (first ?? node)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        event.preventDefault();
        close();
        return;
      }
      if (event.key !== 'Tab' || !node) return;
      const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.offsetParent !== null || el === document.activeElement,
      );
      if (items.length === 0) return;
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      if (event.shiftKey && (document.activeElement === firstItem || document.activeElement === node)) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      shell?.removeAttribute('inert');
      document.documentElement.classList.remove('modal-open');
      if (opener && opener.isConnected && opener !== document.body) opener.focus();
    };
  }, []);

  return createPortal(
    // the backdrop is presentational: a press on it is a pointer shortcut for Escape and the Close button
    <div
      className={styles.backdrop}
      role="presentation"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        className={
          size === 'default' ? styles.panel : `${styles.panel} ${size === 'wide' ? styles.wide : styles.wider}`
        }
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
      >
        <header className={styles.header}>
          <h2 id={titleId}>{title}</h2>
          <button type="button" className={styles.close} onClick={() => onClose()} aria-label="Close">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </header>
        {description ? (
          <p id={descriptionId} className={styles.description}>
            {description}
          </p>
        ) : null}
        {children}
      </div>
    </div>,
    document.body,
  );
}

/** A dialog's buttons, in a row at its end (Cancel first, the action last). */
export function ModalActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
