import { Component, type ReactNode } from 'react';
import { ErrorPage } from './routes/error';

interface Props {
  /** the current path: navigating elsewhere clears a shown error */
  resetKey: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
  key: string;
}

/**
 * A page that throws while rendering (or whose chunk fails to load) shows the error page
 * inside the normal layout, never a stack trace; navigating to another path tries again.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorPage /> : this.props.children;
  }
}
