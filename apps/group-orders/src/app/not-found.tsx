import { Component, type ReactNode } from 'react';
import { useDocumentTitle } from '@caterway/ui';
import { SITE_NAME } from '../lib/site';

export function NotFoundPage() {
  useDocumentTitle('Page not found', SITE_NAME);
  return (
    <section className="panel state-panel">
      <h1>Page not found</h1>
      <p>
        This address does not lead to a group order. Check the link you were sent, or ask the person who shared it for a
        new one.
      </p>
    </section>
  );
}

function ErrorPanel() {
  return (
    <section className="panel state-panel" role="alert">
      <h1>Something went wrong</h1>
      <p>The page could not be shown. Reload to try again.</p>
      <button type="button" className="btn" onClick={() => window.location.reload()}>
        Reload
      </button>
    </section>
  );
}

interface BoundaryProps {
  /** the current path: navigating elsewhere clears a shown error */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  key: string;
}

/** A page that throws while rendering (or whose chunk fails to load) shows a panel, never a stack trace. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorPanel /> : this.props.children;
  }
}
