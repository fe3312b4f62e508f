import { useEffect, useState } from 'react';
import { waitWords } from './errors';

/**
 * The time left of a wait the server asked for (a 429 or 503's Retry-After: `retryAfterMs` of a
 * CallError), in words, counting down from when the failure was shown; undefined once it is over,
 * or when there was none. A failure's Try again is disabled while it runs (trying sooner is refused
 * again); show it in a `role="timer"` element, which is not announced at each tick.
 */
export function useWaitLeft(retryAfterMs: number | undefined): string | undefined {
  const [until] = useState(() => (retryAfterMs === undefined ? undefined : Date.now() + retryAfterMs));
  const [now, setNow] = useState(() => Date.now());
  const running = until !== undefined && now < until;
  useEffect(() => {
    if (!running) return undefined;
    // The next whole second of the wait (the words change at most once a second).
    const timer = setTimeout(() => setNow(Date.now()), Math.min(1_000, until - now));
    return () => clearTimeout(timer);
  }, [running, until, now]);
  return running ? waitWords(until - now) : undefined;
}
