import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { CallError } from '../../machines/calls';
import { errorStrings } from '../../machines/errorStrings';
import { strings } from '../../machines/strings';
import { describeError } from '../api/errors';

/**
 * The pending and failed parts of a screen that loads. The pending text fades in after 400 ms
 * (the `.pending` rule, as for lazy views), so a fast answer shows no flash; the loading region
 * carries aria-busy. A failure shows the catalogue's message, takes the focus, and offers the
 * catalogue's handling: retry (the `retry` callback sends the machine's retry event) or `leave`.
 */
export function CallPending() {
  return (
    <p className="pending" role="status">
      {strings.loading}
    </p>
  );
}

export function CallFailed({
  error,
  retry,
  leave,
}: {
  error: CallError | undefined;
  retry: () => void;
  /** A link away, for failures that retrying will not fix (not found, refused). */
  leave: ReactNode;
}) {
  const { message, handling } = describeError(error);
  const box = useRef<HTMLDivElement>(null);
  const heading = useId();
  // A screen reader hears the failure (role=alert) and the keyboard starts from it.
  useEffect(() => box.current?.focus(), []);
  return (
    <div ref={box} className="call-failed" role="alert" aria-labelledby={heading} tabIndex={-1}>
      <h3 id={heading}>{errorStrings.heading}</h3>
      <p>{message}</p>
      {handling === 'retry' ? (
        <button type="button" className="button" onClick={retry}>
          {errorStrings.retry}
        </button>
      ) : handling === 'leave' ? (
        leave
      ) : null}
    </div>
  );
}
