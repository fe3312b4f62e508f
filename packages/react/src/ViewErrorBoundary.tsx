import { Component, type ReactNode } from 'react';

interface Props {
  /** The screens shown: when it changes (a navigation), a failure is forgotten and the views render again. */
  resetKey: string;
  /** Told once per failure; the machine moves to its error state. */
  onError: (message: string) => void;
  /** Shown only if the machine cannot show an error screen (its error view failed too). */
  fallback: ReactNode;
  children: ReactNode;
}

interface State {
  failed: boolean;
  resetKey: string;
}

/**
 * Turns a view that throws into a machine event. It starts over on the next navigation (a new
 * `resetKey`), so the app keeps working; it is not keyed by the screens itself, which would
 * remount every view on every navigation: a parent's view stays mounted while only its child
 * changes (contract item 6).
 */
export class ViewErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError(error instanceof Error ? error.message : String(error));
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
