import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { BOOT_EVENT, BOOT_STATE } from './routed';
import { text, type Param, type RouteMeta } from './routeMeta';

/** A routable state, with what its URL looks like. Derived from the machine, never written. */
export interface Route {
  id: string;
  node: AnyStateNode;
  /** The URL part it lives in: null for the pathname, else a search key (`?overlay=…`). */
  region: string | null;
  /** Its pattern within that part, its ancestors' pieces included: `['section', ':id']`. */
  segments: string[];
  /** Parsers for its path params and the search params of it and its ancestors. */
  params: Record<string, Param<unknown>>;
  search: Record<string, Param<unknown>>;
  /** `path: '*'`: shows the URL it was entered with. */
  keepsUrl: boolean;
  meta: RouteMeta;
}

/** @internal How the table matches URL segments: read by the core's own matching, never by a product. */
interface TrieNode {
  /** Made on the first static child: most nodes are leaves, and an empty Map costs ~200 B each. */
  static?: Map<string, TrieNode>;
  param?: { name: string; node: TrieNode };
  route?: Route;
}

export interface RouteTable {
  machine: AnyStateMachine;
  routes: Map<string, Route>;
  /** One trie per URL part, keyed like Route.region. */
  tries: Map<string | null, TrieNode>;
  /** The routable `path: '*'` state that takes every URL nothing else matches. */
  notFound: Route;
  /** The region key each state node belongs to. */
  regionOf: Map<AnyStateNode, string | null>;
  /** Each search-keyed region's own node (a child of a parallel state), by key. */
  regionNodes: Map<string, AnyStateNode>;
  /** The screen the machine starts on: the stock not-found and error views link to it. */
  entry: Route;
  /** Routes listed in the header navigation, in document order. */
  nav: Route[];
}

const newTrie = (): TrieNode => ({});

export function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/**
 * Walks the machine once and builds the route table and a segment trie per URL part, so matching
 * a URL costs its number of segments whatever the number of routes.
 */
export function buildRouteTable(machine: AnyStateMachine): RouteTable {
  // Authoring mistakes are checked in development builds and tests, where they say what to change;
  // a production build runs a machine its tests passed, and leaves the checks out of every first load.
  const routes = new Map<string, Route>();
  const tries = new Map<string | null, TrieNode>([[null, newTrie()]]);
  const regionOf = new Map<AnyStateNode, string | null>();
  const regionNodes = new Map<string, AnyStateNode>();
  const nav: Route[] = [];
  let notFound: Route | undefined;

  const visit = (
    node: AnyStateNode,
    region: string | null,
    segments: string[],
    params: Record<string, Param<unknown>>,
    search: Record<string, Param<unknown>>,
  ) => {
    regionOf.set(node, region);
    const meta = (node.meta ?? {}) as RouteMeta;
    const routable = Boolean(node.config.route);
    if (process.env.NODE_ENV !== 'production' && meta.path !== undefined && meta.path !== '*' && !routable) {
      throw new Error(`Route table: #${node.id} has a path but no route: {}`);
    }
    let ownSegments = segments;
    let ownParams = params;
    if (meta.path !== undefined && meta.path !== '*') {
      const pieces = splitPath(meta.path);
      // concat, not spread: a spread array keeps room for 17 elements, ~80 B per route in Chromium.
      ownSegments = segments.concat(pieces);
      // Shared with the parent unless this path adds params: one object per route adds up at scale.
      for (const piece of pieces) {
        if (!piece.startsWith(':')) continue;
        if (ownParams === params) ownParams = { ...params };
        ownParams[piece.slice(1)] = meta.params?.[piece.slice(1)] ?? text;
      }
    }
    const ownSearch = meta.search ? { ...search, ...meta.search } : search;
    if (process.env.NODE_ENV !== 'production') {
      for (const key of Object.keys(meta.search ?? {})) {
        if (tries.has(key)) throw new Error(`Route table: search param "${key}" of #${node.id} is a region's key`);
      }
    }
    if (routable) {
      const route: Route = {
        id: node.id,
        node,
        region,
        segments: ownSegments,
        params: ownParams,
        search: ownSearch,
        keepsUrl: meta.path === '*',
        meta,
      };
      if (process.env.NODE_ENV !== 'production' && routes.has(node.id)) {
        throw new Error(`Route table: duplicate id #${node.id}`);
      }
      routes.set(node.id, route);
      if (meta.nav) nav.push(route);
      if (route.keepsUrl) {
        if (process.env.NODE_ENV !== 'production' && (notFound || region !== null)) {
          throw new Error(
            `Route table: #${node.id} and #${notFound?.id ?? '?'} both take every unknown URL (path '*' with route: {}): ` +
              `keep route: {} on one not-found state only; a state that keeps the URL it was entered with ` +
              `(an error screen) has path '*' without route: {}`,
          );
        }
        notFound = route;
      } else {
        insert(tries.get(region) as TrieNode, route);
      }
    }
    const children = Object.values(node.states) as AnyStateNode[];
    let pathRegions = 0;
    for (const child of children) {
      const key = (child.meta as RouteMeta | undefined)?.searchKey;
      if (process.env.NODE_ENV !== 'production' && key !== undefined && node.type !== 'parallel') {
        throw new Error(
          `Route table: #${child.id} has meta.searchKey "${key}" but #${node.id} is not a parallel state: ` +
            `a search key names a parallel region's part of the URL; put it on a region of a parallel state`,
        );
      }
      if (key !== undefined) {
        if (process.env.NODE_ENV !== 'production' && tries.has(key)) {
          throw new Error(`Route table: region key "${key}" is used twice`);
        }
        tries.set(key, newTrie());
        regionNodes.set(key, child);
        visit(child, key, [], {}, {});
      } else {
        if (
          process.env.NODE_ENV !== 'production' &&
          node.type === 'parallel' &&
          hasRoutes(child) &&
          ++pathRegions > 1
        ) {
          throw new Error(`Route table: parallel #${node.id} has two regions in the pathname; give one a searchKey`);
        }
        visit(child, region, ownSegments, ownParams, ownSearch);
      }
    }
  };
  visit(machine.root, null, [], {}, {});
  // Shapes the router cannot serve: checked in development and tests, where machines change (a
  // machine without a not-found state is told so first, below).
  if (process.env.NODE_ENV !== 'production' && notFound) {
    refuseTopLevelFinals(machine.root);
    for (const [key, region] of regionNodes) refuseUnaddressableRegion(key, region);
  }
  const entry = entryRoute(machine.root, routes) ?? [...routes.values()].find((route) => route.segments.length === 0);
  if (!notFound || !entry) {
    throw new Error(
      // Development builds say what to change; production keeps the check, not the words.
      process.env.NODE_ENV === 'production'
        ? 'Invalid route table'
        : !notFound
          ? `Route table: machine #${machine.id} needs a not-found state: a top-level state with an id, ` +
            `route: {} and meta: { path: '*' } (it takes every URL nothing else matches)`
          : `Route table: machine #${machine.id} has no entry screen: its initial state needs a routable ` +
            `state (route: {} and a meta.path) or a routable state at path '/'`,
    );
  }
  return { machine, routes, tries, notFound, regionOf, regionNodes, entry, nav };
}

/**
 * A final state directly under the root (or in every region of a parallel root) stops the whole
 * actor: no event is taken afterwards, so every link and Back would be dead. Refused at start-up.
 */
function refuseTopLevelFinals(root: AnyStateNode) {
  const scopes = root.type === 'parallel' ? (Object.values(root.states) as AnyStateNode[]) : [root];
  for (const scope of scopes) {
    for (const child of Object.values(scope.states) as AnyStateNode[]) {
      if (process.env.NODE_ENV !== 'production' && child.type === 'final') {
        throw new Error(
          `Route table: #${child.id} is a final state at the top of the machine: reaching it stops the ` +
            `app (no link or Back would work). Put it inside a compound state and use that state's ` +
            `onDone to say where the app goes next`,
        );
      }
    }
  }
}

/**
 * A search-keyed region is written after the pathname and applies only while its parallel state
 * is active; so the pathname must be able to show that parallel state, or the URL the app writes
 * would not load back to it.
 */
function refuseUnaddressableRegion(key: string, region: AnyStateNode) {
  const parallel = region.parent;
  if (!parallel || parallel === parallel.machine.root) return;
  const shownByPath = (node: AnyStateNode): boolean =>
    (Boolean(node.config.route) && (node.meta as RouteMeta | undefined)?.searchKey === undefined) ||
    (Object.values(node.states) as AnyStateNode[]).some(
      (child) => (child.meta as RouteMeta | undefined)?.searchKey === undefined && shownByPath(child),
    );
  for (let at: AnyStateNode | undefined = parallel; at; at = at.parent) {
    if (at.config.route) return;
  }
  if (shownByPath(parallel)) return;
  throw new Error(
    // Development builds say what to change; production keeps the check, not the words.
    process.env.NODE_ENV === 'production'
      ? 'Invalid route table'
      : `Route table: region "${key}" (#${region.id}) is in parallel state #${parallel.id}, which no pathname ` +
          `URL shows: give #${parallel.id} (or an ancestor) route: {} and a meta.path, or route a state of ` +
          `one of its regions in the pathname`,
  );
}

/** The routable state shown in the pathname at start: the machine's initial configuration. */
function entryRoute(root: AnyStateNode, routes: Map<string, Route>): Route | undefined {
  let found: Route | undefined;
  const walk = (node: AnyStateNode) => {
    const route = routes.get(node.id);
    if (route && route.region === null) found = route;
    if (node.type === 'parallel') {
      for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
    } else if (node.type === 'compound') {
      let first = node.initial.target[0];
      // A machine from startsAtUrl() waits in its boot state: its own initial state is the boot event's target.
      if (first?.key === BOOT_STATE) first = first.on[BOOT_EVENT]?.[0]?.target?.[0];
      if (first) walk(first);
    }
  };
  walk(root);
  return found;
}

function hasRoutes(node: AnyStateNode): boolean {
  return Boolean(node.config.route) || (Object.values(node.states) as AnyStateNode[]).some(hasRoutes);
}

function insert(trie: TrieNode, route: Route) {
  let node = trie;
  for (const segment of route.segments) {
    if (segment.startsWith(':')) {
      const name = segment.slice(1);
      if (process.env.NODE_ENV !== 'production' && node.param && node.param.name !== name) {
        throw new Error(`Route table: #${route.id} names a param :${name} where another route has :${node.param.name}`);
      }
      node.param ??= { name, node: newTrie() };
      node = node.param.node;
    } else {
      node.static ??= new Map();
      let next = node.static.get(segment);
      if (!next) node.static.set(segment, (next = newTrie()));
      node = next;
    }
  }
  const existing = node.route;
  if (existing) {
    // An index child shares its parent's URL: the URL means the deeper state.
    const deeper = isDescendant(route.node, existing.node)
      ? route
      : isDescendant(existing.node, route.node)
        ? existing
        : null;
    if (process.env.NODE_ENV !== 'production' && !deeper) {
      throw new Error(`Route table: #${route.id} and #${existing.id} have the same URL`);
    }
    node.route = deeper ?? existing;
  } else {
    node.route = route;
  }
}

function isDescendant(node: AnyStateNode, ancestor: AnyStateNode): boolean {
  for (let at = node.parent; at; at = at.parent) if (at === ancestor) return true;
  return false;
}

/** Static segments win over params; a dead end backtracks to the param branch. */
export function matchSegments(
  trie: TrieNode,
  segments: string[],
  at = 0,
  raw: Record<string, string> = {},
): { route: Route; raw: Record<string, string> } | undefined {
  if (at === segments.length) return trie.route ? { route: trie.route, raw } : undefined;
  const segment = segments[at] as string;
  const staticNext = trie.static?.get(segment);
  const found = staticNext && matchSegments(staticNext, segments, at + 1, raw);
  if (found) return found;
  if (!trie.param) return undefined;
  return matchSegments(trie.param.node, segments, at + 1, { ...raw, [trie.param.name]: segment });
}
