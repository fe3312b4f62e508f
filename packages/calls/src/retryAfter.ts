/** The longest wait taken from a Retry-After: a day (a larger or absurd value is read as this). */
const LONGEST_MS = 24 * 60 * 60 * 1000;

/**
 * A `Retry-After` header in milliseconds from now: delay-seconds (`120`) or an HTTP date
 * (`Wed, 21 Oct 2026 07:28:00 GMT`; a date past is 0). Undefined when there is none or it cannot
 * be read, so a malformed header never makes a call wait.
 */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Math.min(Number(value) * 1000, LONGEST_MS);
  // Every HTTP-date form (IMF-fixdate, RFC 850, asctime) has its time as hh:mm:ss.
  if (!/\d\d:\d\d:\d\d/.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.min(Math.max(0, at - now), LONGEST_MS);
}
