import { Component, type ReactNode } from 'react';

interface Props {
  /** Told once per failure; the machine moves to its error state. */
  onError: (message: string) => void;
  /** Shown only if the machine cannot show an error screen (its error view failed too). */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Turns a view that throws into a machine event. Its parent keys it by screen, so it starts over
 * on the next navigation and the app keeps working.
 */
export class ViewErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError(error instanceof Error ? error.message : String(error));
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
