/** The proxy's key: `/api`, `/api/…` and `/api?…`, not `/apiary` (a regular expression, Vite's proxy syntax). */
export const API_PATTERN = /^\/api(?:\/|\?|$)/;

/**
 * Whether a request target names /api in any spelling a server might decode it to: its first path
 * segment, percent-decoded where it can be, is `api` or starts with `api/` (`/%61pi/x`, `/api%2fx`).
 */
export function spelledUnderApi(target: string | undefined): boolean {
  const path = (target ?? '/').split(/[?#]/, 1)[0] ?? '/';
  const first = path.split('/')[1] ?? '';
  let decoded = first;
  try {
    decoded = decodeURIComponent(first);
  } catch {
    // Malformed: judged as spelled.
  }
  return decoded === 'api' || decoded.startsWith('api/');
}

/** Whether a request target is under `/api` once its dot segments (also percent-encoded ones) are resolved. */
export function underApi(target: string | undefined): boolean {
  const path = (target ?? '/').split(/[?#]/, 1)[0] ?? '/';
  const segments: string[] = [];
  for (const segment of path.split('/').slice(1)) {
    const plain = segment.replace(/%2e/gi, '.');
    if (plain === '..') segments.pop();
    else if (plain !== '.') segments.push(segment);
  }
  return !path.includes('\\') && segments[0] === 'api';
}
