import type { AnyMachineSnapshot, AnyStateNode } from 'xstate';
import { activeNodesOf, memo, paramsOf } from './screens';
import { URL_PARAM, type RouteEvent } from './routeMeta';
import { MAX_URL_LENGTH, onOrigin, safeUrl, spelled } from './appUrl';
import { matchSegments, splitPath, type Route, type RouteTable } from './table';

// Route locations, the one currency of URL ⇄ state: read from a URL (resolveUrl), read from a
// snapshot (locate), written as a URL (format, href, hrefFor), and compared with where the machine
// is (isNeeded, sameLocation, isActive, refuses: what the start's probe and the moves' plans ask of
// each part of a move). How a URL is spelled is appUrl.ts's; a snapshot's active nodes, params,
// screens and titles are screens.ts's. These stay in one module on purpose: the router's start and
// its moves' chunk both import them, and Rolldown merges what the views, the warmer and the moves
// share into the first chunk only when no module of another chunk group lies between the start
// and them: the comparisons in a module of their own, or the snapshot's reading in one, made a
// common chunk beside the entry (+0.9 to +1 KB gzip of first load, `npm run budget`).

/**
 * A routable state with the params that address it: what one part of a URL (the pathname, or a
 * search-keyed region's key) says, and what the machine is told to go to.
 */
export interface RouteLocation {
  route: Route;
  params: Record<string, unknown>;
  /**
   * A search-keyed region the URL does not name: its default. It applies only while the region's
   * parallel state is active; it never enters that state by itself.
   */
  implicit?: boolean;
}

/**
 * URL → where the machine should be: one location per URL part (pathname, then each search-keyed
 * region), or the not-found location keeping the URL as typed. Never throws.
 * `url` is app-relative (base path removed), e.g. `/section/3?overlay=open`. The hash is not part
 * of the state. A URL whose canonical spelling (as the app would write it back) is longer than
 * MAX_URL_LENGTH is not-found too, so that every URL the app writes loads back to its state.
 */
export function resolveUrl(table: RouteTable, url: string): RouteLocation[] {
  const hashAt = url.indexOf('#');
  const withoutHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  // Not-found keeps the URL as the app writes it (and the browser then shows it), so that a
  // reload reads back the same text: `//x` becomes `/%2F%2Fx`, `/a b` becomes `/a%20b`.
  const parsed = onOrigin(withoutHash);
  // Dot segments can resolve to a path starting `//` (`/a/..//x`), which written as it is would
  // mean another host: it is written as such a URL is (`/%2F%2Fx`), so it reads back as itself.
  const written =
    parsed && !parsed.pathname.startsWith('//') ? spelled(parsed) : safeUrl(parsed ? spelled(parsed) : withoutHash);
  const notFound = [{ route: table.notFound, params: { [URL_PARAM]: written } }];
  if (withoutHash.length > MAX_URL_LENGTH || !parsed) return notFound;
  const queryAt = written.indexOf('?');
  const pathname = queryAt >= 0 ? written.slice(0, queryAt) : written;
  const query = queryAt >= 0 ? written.slice(queryAt + 1) : '';

  const search = parseQuery(query);
  const pathSegments = decodeSegments(splitPath(pathname));
  const locations = search && pathSegments && locationsOf(table, pathSegments, search);
  if (!locations || format(locations).length > MAX_URL_LENGTH) return notFound;
  return locations;
}

/** A URL's query as read: URLSearchParams from a URL, or the texts a link would write. */
interface Query {
  has(name: string): boolean;
  get(name: string): string | null | undefined;
}

/** The pathname's decoded segments and the query → one location per URL part; undefined: not found. */
export function locationsOf(table: RouteTable, pathSegments: string[], search: Query): RouteLocation[] | undefined {
  const locations: RouteLocation[] = [];
  for (const [region, trie] of table.tries) {
    const implicit = region !== null && !search.has(region);
    const segments = region === null ? pathSegments : splitPath(search.get(region) ?? '');
    const match = matchSegments(trie, segments);
    if (!match && implicit) continue;
    if (!match) return undefined;
    const params = parseParams(match.route, match.raw, search);
    if (!params) return undefined;
    locations.push(implicit ? { route: match.route, params, implicit } : { route: match.route, params });
  }
  return locations;
}

function parseQuery(query: string): URLSearchParams | undefined {
  // URLSearchParams decodes bad percent-encoding leniently; we refuse it as the path does.
  for (const pair of query.split('&')) {
    if (decode(pair.replace(/\+/g, ' ')) === undefined) return undefined;
  }
  return new URLSearchParams(query);
}

function decodeSegments(segments: string[]): string[] | undefined {
  const decoded: string[] = [];
  for (const segment of segments) {
    const value = decode(segment);
    if (value === undefined) return undefined;
    decoded.push(value);
  }
  return decoded;
}

function decode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

function parseParams(route: Route, raw: Record<string, string>, search: Query): Record<string, unknown> | undefined {
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    const parsed = route.params[name]?.parse(value);
    if (parsed === undefined) return undefined;
    params[name] = parsed;
  }
  for (const [name, parser] of Object.entries(route.search)) {
    const value = search.get(name);
    // An absent search param is sent as undefined, so that the machine forgets the old value.
    if (value == null) params[name] = undefined;
    else {
      const parsed = parser.parse(value);
      if (parsed === undefined) return undefined;
      params[name] = parsed;
    }
  }
  return params;
}

/** The route event that asks the machine to go to a location. */
export function routeEvent({ route, params }: RouteLocation): RouteEvent {
  return { type: 'xstate.route', to: `#${route.id}`, params };
}

/**
 * Where a snapshot is, as URL locations: the deepest active routable state of each URL part,
 * with the params it owns from the context. A state without a route shows at its nearest
 * routable ancestor's URL.
 */
export function locate(table: RouteTable, snapshot: AnyMachineSnapshot): RouteLocation[] {
  return memo(table, snapshot, 'locate', () => locateNow(table, snapshot));
}

function locateNow(table: RouteTable, snapshot: AnyMachineSnapshot): RouteLocation[] {
  const deepest = new Map<string | null, Route>();
  for (const node of activeNodesOf(table, snapshot)) {
    const route = table.routes.get(node.id);
    if (route) deepest.set(route.region, route);
  }
  const params = paramsOf(snapshot);
  return [...deepest.values()].map((route) => ({ route, params: pick(route, params) }));
}

/** The params `route` owns. Loops without arrays: links work this out for every snapshot. */
function pick(route: Route, params: Record<string, unknown>): Record<string, unknown> {
  const owned: Record<string, unknown> = {};
  for (const name in route.params) owned[name] = params[name];
  for (const name in route.search) owned[name] = params[name];
  if (route.keepsUrl) owned[URL_PARAM] = params[URL_PARAM];
  return owned;
}

/** State → URL: the app-relative URL of a snapshot. Pure. */
export function href(table: RouteTable, snapshot: AnyMachineSnapshot): string {
  const keeper = activeNodesOf(table, snapshot).find((node) => node.meta?.path === '*');
  if (keeper) return safeUrl(String(paramsOf(snapshot)[URL_PARAM] ?? '/'));
  return format(locate(table, snapshot));
}

/** Locations → URL. A location that keeps its URL wins; search-keyed parts at their default are left out. */
export function format(locations: RouteLocation[]): string {
  const keeper = locations.find((location) => location.route.keepsUrl);
  if (keeper) return safeUrl(String(keeper.params[URL_PARAM] ?? '/'));
  const { path, search } = written(locations);
  // Most URLs have no query: no URLSearchParams to build and serialise (links write theirs on every navigation).
  const query = search.size > 0 ? new URLSearchParams([...search]).toString() : '';
  const pathname = `/${path.map(encodeURIComponent).join('/')}`;
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * What a URL holds of `locations` before the browser's encoding: the pathname's segments, and
 * the query's values by key (a search-keyed part's, percent-encoded segments, and search params).
 */
export function written(locations: RouteLocation[]): { path: string[]; search: Map<string, string> } {
  let path: string[] = [];
  const search = new Map<string, string>();
  for (const { route, params } of locations) {
    const texts = route.segments.map((segment) =>
      segment[0] === ':' ? String(route.params[segment.slice(1)]?.format(params[segment.slice(1)]) ?? '') : segment,
    );
    const part = texts.map(encodeURIComponent).join('/');
    if (route.region === null) path = texts;
    else if (part !== '') search.set(route.region, part);
    for (const name in route.search) {
      if (params[name] !== undefined) search.set(name, String(route.search[name]!.format(params[name])));
    }
  }
  return { path, search };
}

/** The URL a move to `to` would show: the snapshot's URL with `to`'s part replaced. */
export function hrefFor(
  table: RouteTable,
  snapshot: AnyMachineSnapshot,
  to: string,
  params: Record<string, unknown> = {},
): string {
  return format(linkParts(table, snapshot, to, params));
}

/** The URL parts a link to `to` writes, in the URL's order: its own, and the others as shown. */
export function linkParts(
  table: RouteTable,
  snapshot: AnyMachineSnapshot,
  to: string,
  params: Record<string, unknown>,
): RouteLocation[] {
  const id = to.replace(/^#/, '');
  const route = table.routes.get(id);
  if (!route)
    throw new Error(process.env.NODE_ENV === 'production' ? 'Unknown route' : `hrefFor: no routable state #${id}`);
  const current = locate(table, snapshot);
  const target: RouteLocation = { route, params: pick(route, { ...paramsOf(snapshot), ...params }) };
  // Search params belong to the screen: a link to another screen starts without them.
  const shown = current.find((location) => location.route.region === route.region && !location.route.keepsUrl);
  if (shown?.route !== route) {
    for (const name in route.search) target.params[name] = params[name];
  }
  // The other parts of the URL as they are, in the table's order of parts (the pathname first).
  const others = current.filter((location) => location.route.region !== route.region && !location.route.keepsUrl);
  others.push(target);
  return others.sort((a, b) => order(table, a) - order(table, b));
}

function order(table: RouteTable, location: RouteLocation): number {
  return location.route.region === null ? -1 : [...table.tries.keys()].indexOf(location.route.region);
}

/** Whether a move must send `location`'s event from `at`: its region is shown, and it is not where `at` is. */
export function isNeeded(table: RouteTable, location: RouteLocation, at: AnyMachineSnapshot): boolean {
  const region = location.route.region;
  if (region !== null && !isActive(table, at, table.regionNodes.get(region))) return false;
  return !locate(table, at).some((here) => sameLocation(here, location));
}

export function sameLocation(a: RouteLocation, b: RouteLocation): boolean {
  if (a.route !== b.route) return false;
  // Every name of either, without a set of them: a click compares a few locations.
  for (const name in a.params) if (!Object.is(a.params[name], b.params[name])) return false;
  for (const name in b.params) if (!Object.is(a.params[name], b.params[name])) return false;
  return true;
}

export function isActive(table: RouteTable, snapshot: AnyMachineSnapshot, node: AnyStateNode | undefined): boolean {
  return node !== undefined && activeNodesOf(table, snapshot).includes(node);
}

/**
 * A part of a URL-driven move is refused when the machine never enters its state and stays where
 * it was in that part of the URL. Entering it counts even if the machine then moves on (a redirect,
 * also to the screen shown), and so does moving elsewhere (the machine sends you to another screen).
 */
export function refuses(
  table: RouteTable,
  location: RouteLocation,
  before: AnyMachineSnapshot,
  steps: ReadonlyArray<readonly [AnyMachineSnapshot, unknown]>,
  after: AnyMachineSnapshot,
): boolean {
  if (steps.some(([snapshot]) => isActive(table, snapshot, location.route.node))) return false;
  const inRegion = (snapshot: AnyMachineSnapshot) =>
    locate(table, snapshot).find((here) => here.route.region === location.route.region);
  const was = inRegion(before);
  const is = inRegion(after);
  return was === is || (was !== undefined && is !== undefined && sameLocation(was, is));
}
