import type { AnyMachineSnapshot } from 'xstate';
import { MAX_URL_LENGTH, ORIGIN } from './appUrl';
import { format, linkParts, locationsOf, written, type RouteLocation } from './locations';
import type { RouteTable } from './table';

// What a move asks of URLs beyond the first screen's needs: in the router's moves' chunk (moves.ts).

/**
 * A link's target resolved the way a browser resolves an `<a href>` on the page shown (`current`,
 * app-relative): `''`, `'?'`, `'x'`, `'../x'` are relative to it; `/x` is app-relative already.
 * Anything with a scheme or another host (`https://…`, `//host`) is returned as given: it is not
 * app-relative, so it lands in not-found.
 */
export function resolveLink(url: string, current: string): string {
  try {
    const parsed = new URL(url, ORIGIN + current);
    if (parsed.origin === ORIGIN && !/^[a-z][\w+.-]*:/i.test(url.trim())) {
      return parsed.pathname + parsed.search + parsed.hash;
    }
  } catch {
    // Not a URL at all: not-found shows it.
  }
  return url;
}

const LONE_SURROGATE = /[\ud800-\udfff]/;

/**
 * Where a link's URL leads, without writing and parsing it: `resolveUrl(table, hrefFor(table,
 * snapshot, to, params))`, worked out from the locations that URL is written from. Undefined where
 * only the URL can tell (then the caller takes it): a value whose text does not read back as
 * itself (`-0`), a text the URL parser or the route trie would read as something else (`..`, a
 * static segment's name, an index child sharing the route's URL), the not-found route, a URL that
 * might pass the length limit.
 */
export function linkLocations(
  table: RouteTable,
  snapshot: AnyMachineSnapshot,
  to: string,
  params: Record<string, unknown> = {},
): RouteLocation[] | undefined {
  const parts = linkParts(table, snapshot, to, params);
  // No pathname part (the not-found URL shown: `/` then means the entry screen), or the not-found
  // route (its URL is the one it keeps).
  if (parts[0]?.route.region !== null || parts.some(({ route }) => route.keepsUrl)) return undefined;
  // What the URL would hold, read as resolveUrl() reads it once the URL parser and percent-encoding
  // have been through: path segments they keep as they are (no dot segment, none empty), texts
  // without a lone surrogate, and a URL that cannot pass the length limit (each UTF-16 unit is
  // written as at most 9 characters: percent-encoded UTF-8), nor can what it reads written again.
  const { path, search } = written(parts);
  let size = 0;
  for (const text of path) {
    if (/^\.?\.?$/.test(text) || LONE_SURROGATE.test(text)) return undefined;
    size += 9 * (text.length + 2);
  }
  for (const [key, value] of search) {
    if (LONE_SURROGATE.test(key) || LONE_SURROGATE.test(value)) return undefined;
    size += 9 * (key.length + value.length + 4);
  }
  const locations = locationsOf(table, path, search);
  return locations && size <= MAX_URL_LENGTH && format(locations).length <= MAX_URL_LENGTH ? locations : undefined;
}
