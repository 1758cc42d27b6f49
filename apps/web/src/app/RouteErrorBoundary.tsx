import { Component, type ReactNode } from 'react';
import { RouteErrorPage } from './RouteErrorPage';

interface Props {
  children: ReactNode;
  /** Inside the app shell (a page failed) rather than in place of the whole app. */
  inShell?: boolean;
}

/**
 * Shows the router's error screen (spec 01 §2) in place of whatever below it failed to render,
 * including a page whose code could not be downloaded. Keyed by the history entry where pages
 * use it, so moving to another page starts clean.
 */
export class RouteErrorBoundary extends Component<Props, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override render() {
    return this.state.failed ? <RouteErrorPage error={this.state.error} inShell={this.props.inShell} /> : this.props.children;
  }
}
