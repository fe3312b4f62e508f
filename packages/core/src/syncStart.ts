import { getMicrosteps, type AnyActorRef } from 'xstate';
import { appUrlOf, stripPrefix } from './appUrl';
import type { History } from './history';
import { isNeeded, refuses } from './locations';
import { href, hrefFor, resolveUrl, routeEvent, type RouteLocation } from './locations';
import type { AttachMoves, MoveSteps, RouterMoves, RouterStart, Shown } from './movesProtocol';
import { BOOT_EVENT, isBooting } from './routed';
import type { RouteEvent } from './routeMeta';
import type { Navigation, RouterSync, RouterSyncOptions } from './routerContract';
import { sameScreens, screensOf } from './screens';
import type { RouteTable } from './table';
import type * as Moves from './fastPlan';

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
  const shown: Shown = {
    url: href(table, actor.getSnapshot()),
    at,
    entry: at,
    navigation: navigationOf(history, 0, 'initial', []),
  };
  let currentScreens = screensOf(table, actor.getSnapshot());
  let dispatching = false;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  // The hash is not part of the state: it counts as a difference, so it is dropped when rewritten.
  const write = (kind: 'push' | 'replace', url: string) => {
    history[kind](prefix + url);
    shown.url = url;
    // The entry we are on: a memory history reports the distance asked of go(), even where it
    // stopped at the first or last entry (a browser does nothing there, and react-router's browser
    // history reports the distance moved); the distance to step back is the one moved.
    shown.entry = shown.at = position();
  };

  // The moves add a shortcut for the common move, which needs no probe (fastPlan.ts): the start
  // probes only a first URL of several parts (below). `one` (RouterStart.plan) is the moves' own.
  const plan = (locations: RouteLocation[]) => probeMove(table, actor, locations, send);

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
    shown.navigation = navigationOf(history, shown.navigation.id + 1, kind, entered);
    notify();
  };

  const subscription = actor.subscribe((snapshot) => {
    if (dispatching) return;
    const next = href(table, snapshot);
    if (next !== shown.url) write('push', next);
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
    const from = shown.at;
    shown.at = position();
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
  const locations = resolveUrl(table, appUrlOf(history, prefix));
  const first =
    locations.length > 1
      ? plan(locations)
      : locations.filter((location) => isNeeded(table, location, actor.getSnapshot())).map(routeEvent);
  if (first !== 'refused') send(first);
  if (isBooting(actor.getSnapshot().value)) dispatch({ type: BOOT_EVENT });
  shown.url = href(table, actor.getSnapshot());
  // A fragment is the browser's (a reload of `/section#notes` keeps it); the rest is the state's.
  if (shown.url !== appUrlOf(history, prefix).split('#')[0]) write('replace', shown.url);
  currentScreens = screensOf(table, actor.getSnapshot());

  const steps: MoveSteps = { send, write, settle, notify };
  const start: RouterStart = { options, prefix, shown, plan, steps };
  arrive();
  if (!moves) void load().then(arrive);

  return {
    navigate: (url) => later((moves) => moves.navigate(url)),
    follow: (to, params, snapshot = actor.getSnapshot()) => later((moves) => moves.follow(to, params, snapshot)),
    hrefFor(to, params, snapshot = actor.getSnapshot()) {
      return prefix + hrefFor(table, snapshot, to, params);
    },
    toAppUrl: (browserHref) => stripPrefix(prefix, browserHref),
    currentUrl: () => shown.url,
    getNavigation: () => shown.navigation,
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

/** A navigation's record, read from the history once: the browser adapter reads history.state and history.length for it. */
function navigationOf(history: History, id: number, kind: Navigation['kind'], entered: string[]): Navigation {
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
}

/**
 * URL parts → the route events that take the machine there, worked out on a pure probe of the
 * machine first: a URL-driven move is all or nothing, so if the machine would refuse any part,
 * nothing is sent. Only the parts that differ become events (the URL you are on sends nothing);
 * a search-keyed region's part applies only while its parallel state is active.
 */
function probeMove(
  table: RouteTable,
  actor: AnyActorRef,
  locations: RouteLocation[],
  send: MoveSteps['send'],
): RouteEvent[] | 'refused' {
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
