import { useId, useRef, type ReactNode } from 'react';
import type { CallError } from './machine';
import { errorStrings } from './errorStrings';
import { describeError } from './errors';
import { useWaitLeft } from './waitLeft';
import { useNavigation, focusRegion, useFocusOnArrival } from '@statechart/react';

/**
 * The parts of a screen that loads. `<CallRegion busy>` wraps what the call shows (pending,
 * failed, loaded) and stays mounted through all three, so the focus has somewhere to stay: Retry
 * moves it there before the request starts, and the answer appears inside it. The pending text
 * fades in after 400 ms (the `.pending` rule, as for lazy views), so a fast answer shows no flash.
 * A failure shows the catalogue's message (and how long to wait, when the server said: Retry is
 * disabled until then, with the time left) and offers its handling: retry or `leave`.
 */
export function CallRegion({ busy, children, label }: { busy: boolean; children: ReactNode; label?: string }) {
  return (
    <section className="call-region" data-call-region="" aria-busy={busy} aria-label={label} tabIndex={-1}>
      {children}
    </section>
  );
}

/** What shows while the call is out: `errorStrings.pending` unless the screen says otherwise. */
export function CallPending({ children = errorStrings.pending }: { children?: ReactNode }) {
  return (
    <p className="pending" role="status">
      {children}
    </p>
  );
}

const regionOf = (element: Element | null | undefined) => element?.closest<HTMLElement>('[data-call-region]');

export function CallFailed({
  error,
  retry,
  leave,
  heading: title = errorStrings.heading,
}: {
  error: CallError | undefined;
  retry: () => void;
  /** A link away, for failures that retrying will not fix (not found, refused). */
  leave: ReactNode;
  /** What was not loaded, where a screen has two calls (a list and its detail): each says which. */
  heading?: ReactNode;
}) {
  const { message, handling } = describeError(error);
  const left = useWaitLeft(error?.retryAfterMs);
  const heading = useId();
  const navigation = useNavigation();
  // Read at mount: a failure after a navigation (the shell focused its heading) or after a Retry
  // (the focus is in this region) takes the focus; one on the first load is only announced
  // (role=alert): the first navigation moves no focus.
  const firstLoad = useRef(navigation.kind === 'initial');
  const box = useFocusOnArrival<HTMLDivElement>(
    (focused, element) => !firstLoad.current || (focused !== null && regionOf(element)?.contains(focused) === true),
  );
  return (
    <div ref={box} className="call-failed" role="alert" aria-labelledby={heading} tabIndex={-1}>
      <h3 id={heading}>{title}</h3>
      <p>{message}</p>
      {left ? <p role="timer">{left}</p> : null}
      {handling === 'retry' ? (
        <button
          type="button"
          className="button"
          disabled={left !== undefined}
          onClick={() => {
            // The button goes away with the failure: keep the focus in the region meanwhile.
            focusRegion(regionOf(box.current) ?? undefined);
            retry();
          }}
        >
          {errorStrings.retry}
        </button>
      ) : handling === 'leave' ? (
        leave
      ) : null}
    </div>
  );
}
