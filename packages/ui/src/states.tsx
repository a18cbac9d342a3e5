import type { ReactNode } from 'react';
import styles from './states.module.css';

/** A page still loading: a spinner and what is loading, announced politely. */
export function Loading({ label }: { label: string }) {
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> {label}
    </div>
  );
}

/** How a failed load reads: a not-found (answered for other people's things too), or a message. */
export interface LoadFailure {
  notFound: boolean;
  message: string;
}

/** A failed load: `notFound` when `describe` says so, else the message and an optional retry. */
export function LoadError({
  error,
  describe,
  notFound,
  onRetry,
}: {
  error: unknown;
  describe: (error: unknown) => LoadFailure;
  notFound: ReactNode;
  onRetry?: () => void;
}) {
  const failure = describe(error);
  if (failure.notFound) {
    return (
      <section className={styles.panel} role="alert">
        {notFound}
      </section>
    );
  }
  return (
    <section className={styles.panel} role="alert">
      <h1>Could not load this page</h1>
      <p>{failure.message}</p>
      {onRetry ? (
        <button type="button" className="btn" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </section>
  );
}

/** A form's errors from the server: one paragraph, or a list when there are several. */
export function ErrorList({ messages, id }: { messages: string[]; id?: string }) {
  if (messages.length === 0) return null;
  return (
    <div className={styles.errors} role="alert" id={id}>
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
