import type { History } from './history';

/** URLs longer than this are not parsed: they land in the not-found state as typed. */
export const MAX_URL_LENGTH = 2048;

export const ORIGIN = 'http://app.invalid';

/**
 * True for a URL that stays on our origin once the browser resolves it: one leading `/`, not
 * `//host`, `/\host` or anything the URL parser turns into one (tabs and newlines are dropped).
 */
export function isAppRelative(url: string): boolean {
  return onOrigin(url) !== undefined;
}

/** `url` parsed on our origin when it is app-relative; undefined otherwise. */
export function onOrigin(url: string): URL | undefined {
  if (!url.startsWith('/')) return undefined;
  try {
    const parsed = new URL(url, ORIGIN);
    return parsed.origin === ORIGIN ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A URL the app may write, spelled as the browser keeps it once written (what `location` reads
 * back): app-relative ones percent-encoded by the URL parser (dot segments resolved, an empty
 * query dropped), anything else as one encoded path segment. Never throws (an unpaired surrogate
 * becomes U+FFFD, as the URL parser does), and safeUrl(safeUrl(x)) === safeUrl(x), so a
 * not-found URL the app writes reads back as itself.
 */
export function safeUrl(url: string): string {
  return spelled(onOrigin(url) ?? new URL(`/${encodeSegment(url)}`, ORIGIN));
}

/** A parsed URL as the app writes it: pathname and query (the hash is not the state's). */
export const spelled = (parsed: URL): string => parsed.pathname + parsed.search;

function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // An unpaired surrogate (URIError): every surrogate becomes U+FFFD, as a URL parser writes a lone one.
    return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
}

/** The app-relative URL. One outside the base path (only reachable by script) is kept whole. */
export function stripPrefix(prefix: string, url: string): string {
  if (!prefix) return url;
  if (url !== prefix && !url.startsWith(`${prefix}/`) && !url.startsWith(`${prefix}?`)) return url;
  const rest = url.slice(prefix.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * The app URL the history is on, fragment included. react-router's `location` is a getter that
 * reads window.location and history.state anew: read once per call.
 */
export function appUrlOf(history: History, prefix: string): string {
  const { pathname, search, hash } = history.location;
  return stripPrefix(prefix, pathname + search + hash);
}
