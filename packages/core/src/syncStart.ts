import { getMicrosteps, type AnyMachineSnapshot, type AnyStateNode } from 'xstate';
import { BOOT_EVENT, isBooting } from './routed';
import type { RouteEvent } from './routeMeta';
import type { RouteTable } from './table';
import { activeNodesOf, href, hrefFor, locate, resolveUrl, routeEvent, type RouteLocation } from './locations';
import { sameScreens, screensOf } from './screens';
import type { Navigation, RouterSync, RouterSyncOptions } from './sync';
import type { HistoryInterceptor } from './history';
import type * as Moves from './fastPlan';

/**
 * What the router does once someone moves (a link, a typed URL, Back, Forward, a retry, leaving
 * the page), on what the start shares with it: moves.ts. It comes in a chunk of its own in an app
 * (createDeferredRouterSync), so the first load holds only what the first screen needs.
 */
export interface RouterMoves {
  /**
   * A traversal heard by the history, once it happened (or, with `kind`, a document navigation the
   * adapter let commit); `from` is the entry's position before it.
   */
  pop(from: number | undefined, delta: number | null, kind?: 'push' | 'replace'): void;
  /** The adapter's interception (Navigation API): a document link, a traversal before it commits. */
  link: HistoryInterceptor['link'];
  traversal(url: string, delta: number): boolean;
  navigate: RouterSync['navigate'];
  follow: RouterSync['follow'];
  isBlocking: RouterSync['isBlocking'];
  getRefusal: RouterSync['getRefusal'];
  retry: RouterSync['retry'];
  stop(): void;
}

/** The start's state and steps, for the moves. */
export interface RouterStart extends RouterSyncOptions {
  prefix: string;
  /**
   * The app URL shown; the position of the entry the history is on (`at`), and of the entry that
   * shows `current` (`shown`): they differ while a refused traversal is being stepped back.
   */
  state: { current: string; at: number | undefined; shown: number | undefined };
  /** With `one`, a move of one part (the others shown) is left to it: moves.ts sends a link's at once. */
  plan(url: string, one?: MoveOne): RouteEvent[] | 'refused';
  planMove(locations: RouteLocation[], one?: MoveOne): RouteEvent[] | 'refused';
  send(events: readonly RouteEvent[]): void;
  write(kind: 'push' | 'replace', url: string): void;
  settle(kind: Navigation['kind']): void;
  appUrl(): string;
  position(): number | undefined;
  navigation(): Navigation;
  notify(): void;
}

export type AttachMoves = (start: RouterStart) => RouterMoves;
/** Moves the one part that differs; the events left to send. */
export type MoveOne = (only: RouteLocation) => RouteEvent[] | 'refused';

/**
 * The router's start (the first URL applied before the first render, state → URL after each
 * transition) and the moves attached by `attach` once it returns them: at once when they are
 * loaded, else when `load` settles. A move made before then (a link, Back, a typed URL) waits for
 * them, in order; a load that fails is asked again on the next move, as a view's chunk is.
 */
export function startRouterSync(
  options: RouterSyncOptions,
  attach: () => AttachMoves | undefined,
  load: () => Promise<unknown> = () => Promise.resolve(),
): RouterSync {
  const { actor, table, history, base = '/' } = options;
  const prefix = base.replace(/\/$/, '');
  // Where the current entry is: the memory history's index, or the browser adapter's numbering.
  const position = (): number | undefined => history.index ?? history.entry?.().index;
  const at = position();
  const state: RouterStart['state'] = { current: href(table, actor.getSnapshot()), at, shown: at };
  let currentScreens = screensOf(table, actor.getSnapshot());
  let dispatching = false;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  const navigationOf = (id: number, kind: Navigation['kind'], entered: string[]): Navigation => {
    // Read once per navigation: the browser adapter reads history.state and history.length for it.
    const entry = history.entry?.();
    return {
      id,
      kind,
      key: history.location.key,
      entered,
      index: entry?.index ?? history.index ?? 0,
      // The browser keeps a bounded number of entries; a memory history in tests keeps them all.
      reach: entry?.reach ?? Number.POSITIVE_INFINITY,
      reachable: history.keys,
    };
  };
  let navigation = navigationOf(0, 'initial', []);

  // The hash is not part of the state: it counts as a difference, so it is dropped when rewritten.
  // react-router's `location` is a getter that reads window.location and history.state anew: once per call.
  const appUrl = (): string => {
    const { pathname, search, hash } = history.location;
    return stripPrefix(prefix, pathname + search + hash);
  };
  const write = (kind: 'push' | 'replace', url: string) => {
    history[kind](prefix + url);
    state.current = url;
    // The entry we are on: a memory history reports the distance asked of go(), even where it
    // stopped at the first or last entry (a browser does nothing there, and react-router's browser
    // history reports the distance moved); the distance to step back is the one moved.
    state.shown = state.at = position();
  };

  /**
   * URL → the route events that take the machine there, worked out on a pure probe of the
   * machine first: a URL-driven move is all or nothing, so if the machine would refuse any part,
   * nothing is sent. Only the parts that differ become events (the URL you are on sends nothing);
   * a search-keyed region's part applies only while its parallel state is active. The moves add a
   * shortcut for the common move, which needs no probe (fastPlan.ts); the start plans here only a
   * first URL of several parts (below).
   */
  // `one` (RouterStart) is the moves' own: their plan (fastPlan.ts) hands it the common move.
  const plan = (url: string) => planMove(resolveUrl(table, url));
  const planMove = (locations: RouteLocation[]): RouteEvent[] | 'refused' => {
    const now = actor.getSnapshot();
    let probe = now;
    const events: RouteEvent[] = [];
    for (const location of locations) {
      if (!isNeeded(table, location, probe)) continue;
      const event = routeEvent(location);
      const steps = getMicrosteps(table.machine, probe, event);
      const next = steps.length > 0 ? (steps[steps.length - 1]?.[0] ?? probe) : probe;
      if (refuses(table, location, probe, steps, next)) {
        // The machine still hears what it refused (a refusal may warn, count, log), when the
        // probe ran on its real state: the first part. It stays where it is, by the probe.
        if (probe === now) send([event]);
        return 'refused';
      }
      probe = next;
      events.push(event);
    }
    return events;
  };

  /** One macrostep for the whole move: the first part's route transition raises the others. */
  const send = (events: readonly RouteEvent[]) => {
    const [first, ...then] = events;
    if (first) dispatch(then.length > 0 ? { ...first, then } : first);
  };
  const dispatch = (event: { type: string }) => {
    dispatching = true;
    try {
      actor.send(event);
    } finally {
      dispatching = false;
    }
  };

  const settle = (kind: Navigation['kind']) => {
    const screens = screensOf(table, actor.getSnapshot());
    if (sameScreens(screens, currentScreens)) return;
    const before = new Set(currentScreens.map((screen) => screen.key));
    currentScreens = screens;
    const entered = screens.filter((screen) => !before.has(screen.key)).map((screen) => screen.id);
    navigation = navigationOf(navigation.id + 1, kind, entered);
    notify();
  };

  const subscription = actor.subscribe((snapshot) => {
    if (dispatching) return;
    const next = href(table, snapshot);
    if (next !== state.current) write('push', next);
    settle('push');
  });

  // The moves, once attached; until then what asks for them waits here, in order.
  let moves: RouterMoves | undefined;
  let stopped = false;
  const waiting: ((moves: RouterMoves) => void)[] = [];
  const arrive = () => {
    const attachMoves = attach();
    if (moves || stopped || !attachMoves) return;
    moves = attachMoves(start);
    for (const run of waiting.splice(0)) run(moves);
  };
  const later = (run: (moves: RouterMoves) => void) => {
    if (moves) return run(moves);
    waiting.push(run);
    void load().then(arrive);
  };

  const unlisten = history.listen(({ delta, kind }) => {
    const from = state.at;
    state.at = position();
    later((moves) => moves.pop(from, delta, kind));
  });
  // Where the adapter hears traversals before they commit: before the moves arrive, one goes
  // through and is then heard by `listen` as any other.
  const unintercept = history.intercept?.({
    // The moves decide (moves.ts: a reload or a URL outside the base path is the browser's); before
    // they arrive, every document navigation is left to the browser (a new document load).
    link: (url, kind) => moves?.link(url, kind),
    traversal: (url, delta) => !moves || moves.traversal(url, delta),
  });

  // The first URL: deep link, reload or typed. A machine from startsAtUrl() waits in its boot
  // state, so the URL's state is the first entered; if the URL is refused, it enters its own
  // initial state. Anything the machine changes is replaced. A URL of one part (an app without
  // search-keyed regions) pays no probe: the probe would send its event whether the machine takes
  // it or refuses it (it hears what it refused), so it is sent as it is.
  const locations = resolveUrl(table, appUrl());
  const first =
    locations.length > 1
      ? planMove(locations)
      : locations.filter((location) => isNeeded(table, location, actor.getSnapshot())).map(routeEvent);
  if (first !== 'refused') send(first);
  if (isBooting(actor.getSnapshot().value)) dispatch({ type: BOOT_EVENT });
  state.current = href(table, actor.getSnapshot());
  // A fragment is the browser's (a reload of `/section#notes` keeps it); the rest is the state's.
  if (state.current !== appUrl().split('#')[0]) write('replace', state.current);
  currentScreens = screensOf(table, actor.getSnapshot());

  const start: RouterStart = {
    ...options,
    prefix,
    state,
    plan,
    planMove,
    send,
    write,
    settle,
    appUrl,
    position,
    navigation: () => navigation,
    notify,
  };
  arrive();
  if (!moves) void load().then(arrive);

  return {
    navigate: (url) => later((moves) => moves.navigate(url)),
    follow: (to, params, snapshot = actor.getSnapshot()) => later((moves) => moves.follow(to, params, snapshot)),
    hrefFor(to, params, snapshot = actor.getSnapshot()) {
      return prefix + hrefFor(table, snapshot, to, params);
    },
    toAppUrl: (browserHref) => stripPrefix(prefix, browserHref),
    currentUrl: () => state.current,
    getNavigation: () => navigation,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isBlocking: () => moves?.isBlocking() ?? false,
    getRefusal: () => moves?.getRefusal(),
    retry: () => moves?.retry(),
    stop() {
      stopped = true;
      subscription.unsubscribe();
      unlisten();
      unintercept?.();
      moves?.stop();
    },
  };
}
let moves: typeof Moves | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads what the router does from the first move on (moves.ts, fastPlan.ts), in a chunk of its own in an app's
 * build. Resolves once it is in, also when the chunk failed to load (offline, a deploy replaced
 * it): the next call asks for it again.
 */
export function loadRouterMoves(): Promise<void> {
  return (loading ??= import('./fastPlan').then(
    (module) => {
      moves = module;
    },
    () => {
      loading = undefined;
    },
  ));
}

/**
 * `createRouterSync()` for an app's first load: the first URL is applied at once, and what acts
 * only from the first move on (links, Back and Forward, refusals and their retry, beforeunload)
 * comes with loadRouterMoves(), asked for here. A move made before it arrives waits and is made
 * when it does, in order; a traversal the browser would let be cancelled goes through then (it is
 * stepped back if refused). Once loaded, it is createRouterSync().
 */
export function createDeferredRouterSync(options: RouterSyncOptions): RouterSync {
  return startRouterSync(options, () => moves?.attachPlannedMoves, loadRouterMoves);
}

/** The app-relative URL. One outside the base path (only reachable by script) is kept whole. */
export function stripPrefix(prefix: string, url: string): string {
  if (!prefix) return url;
  if (url !== prefix && !url.startsWith(`${prefix}/`) && !url.startsWith(`${prefix}?`)) return url;
  const rest = url.slice(prefix.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
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
