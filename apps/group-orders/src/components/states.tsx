import type { ReactNode } from 'react';
import { errorMessage, isApiError } from '../lib/api';

export function Loading({ label }: { label: string }) {
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label}
    </div>
  );
}

/** A failed load: a 404 reads as 'not found' (another user's group order answers 404 too). */
export function LoadError({ error, notFound, onRetry }: { error: unknown; notFound: ReactNode; onRetry?: () => void }) {
  if (isApiError(error) && (error.status === 404 || error.status === 401 || error.status === 403)) {
    return (
      <section className="panel state-panel" role="alert">
        {notFound}
      </section>
    );
  }
  return (
    <section className="panel state-panel" role="alert">
      <h1>Could not load this page</h1>
      <p>{errorMessage(error)}</p>
      {onRetry ? (
        <button type="button" className="btn" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </section>
  );
}

export function ErrorList({ messages, id }: { messages: string[]; id?: string }) {
  if (messages.length === 0) return null;
  return (
    <div className="alert alert-error" role="alert" id={id}>
      {messages.length === 1 ? (
        <p>{messages[0]}</p>
      ) : (
        <ul>
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
