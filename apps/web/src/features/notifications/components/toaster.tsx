import { dismissToast, useToasts } from '../../../stores/notifications';

/** Toasts top right (ordering-payments §8), announced politely through one live region. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <div className="toaster" role="region" aria-label="Notifications">
      <div aria-live="polite" aria-relevant="additions text" className="toaster-list">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`toast toast-${toast.tone}`}
            role={toast.tone === 'error' ? 'alert' : 'status'}
          >
            <div className="toast-text">
              {toast.title ? <p className="toast-title">{toast.title}</p> : null}
              <p className="toast-message">{toast.message}</p>
            </div>
            <button
              type="button"
              className="icon-button toast-close"
              onClick={() => dismissToast(toast.id)}
              aria-label="Dismiss notification"
            >
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
        ))}
      </div>
    </div>
  );
}
