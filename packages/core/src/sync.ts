import { getMicrosteps, transition, type AnyActorRef, type AnyMachineSnapshot, type AnyStateNode } from 'xstate';
import { LEAVING_REFUSED } from './leaving';
import { BOOT_EVENT, isBooting } from './routed';
import { URL_PARAM, type RouteEvent } from './routeMeta';
import type { RouteTable } from './table';
import {
  activeNodesOf,
  href,
  hrefFor,
  linkLocations,
  locate,
  resolveLink,
  resolveUrl,
  routeEvent,
  sameScreens,
  screensOf,
  type Location,
  type Screen,
} from './url';

import type { History } from './history';

/** What happened to the screens, for title, focus, announcement and scroll. */
export interface Navigation {
  /** 0 for the first screen, then one more per navigation. */
  id: number;
  /** push: a new entry; pop: Back/Forward; replace: the entry was rewritten (typed URL, redirect). */
  kind: 'initial' | 'push' | 'pop' | 'replace';
  /** History entry key, for scroll positions. */
  key: string;
  /** Ids of the states with a path that this navigation entered, parents first. */
  entered: string[];
  /**
   * The entry's position in the session history, and the entries that can still be reached:
   * positions `index - reach + 1` to `index` (and, after a pop, forward ones). For scroll positions.
   */
  index: number;
  reach: number;
}

/** A URL-driven move (a link, a typed URL, Back, Forward) the machine refused: nothing moved. */
export interface Refusal {
  /** One more per refusal since the app started: a new notice per refusal. */
  id: number;
  /** The app URL that was asked for. */
  url: string;
  /** The machine's own words: the `message` of the `leaving.refused` event it emitted, if any. */
  message: string | undefined;
  /** The navigation it happened on: a notice goes once the screen changes. */
  navigation: number;
  /**
   * For a refused Back or Forward, how far it went (the router stepped back as far) or would have
   * gone (cancelled before it committed); 0 for a link.
   */
  delta: number;
}

export interface RouterSync {
  /** A link click or typed URL inside the app: the URL becomes route events; the machine decides. */
  navigate(url: string): void;
  /**
   * A `<Link to params>`'s click: what `navigate(hrefFor(to, params, snapshot))` does (the same
   * events, refusal, redirect and entry), with the route events worked out from the state instead
   * of a URL written and parsed back (where only the URL can tell, it takes the URL).
   */
  follow(to: string, params?: Record<string, unknown>, snapshot?: AnyMachineSnapshot): void;
  /** The URL `to` would show, with the base path, for an `<a href>`. */
  hrefFor(to: string, params?: Record<string, unknown>, snapshot?: AnyMachineSnapshot): string;
  /** A URL from hrefFor(), without the base path. */
  toAppUrl(browserHref: string): string;
  /** The current app-relative URL; always href(snapshot). */
  currentUrl(): string;
  getNavigation(): Navigation;
  subscribe(listener: () => void): () => void;
  /** True while the machine would refuse leaving (beforeunload asks then). */
  isBlocking(): boolean;
  /** The latest refused move (subscribers hear each), undefined before the first. */
  getRefusal(): Refusal | undefined;
  /**
   * Makes the latest refused move again, once its reason is gone (changes discarded): a refused
   * Back goes back through the history as far as it went, a link navigates.
   */
  retry(): void;
  stop(): void;
}

export interface RouterSyncOptions {
  actor: AnyActorRef;
  table: RouteTable;
  /** The browser's (an adapter: @statechart/react's createBrowserHistory), or a memory history in tests. */
  history: History;
  /** Vite's base path, with a trailing slash. */
  base?: string;
  /** Where beforeunload is listened for; absent in tests without a window. */
  window?: Window;
}

/**
 * The only code that reads or writes history. State → URL: after each transition the URL is
 * href(snapshot); a change pushes one entry. URL → state: the URL becomes route events and the
 * machine decides; whatever it refuses or redirects is written back without adding entries
 * (a refused Back goes forward again, so the forward entry survives).
 */
export function createRouterSync({ actor, table, history, base = '/', window: win }: RouterSyncOptions): RouterSync {
  const prefix = base.replace(/\/$/, '');
  let current = href(table, actor.getSnapshot());
  let currentScreens = screensOf(table, actor.getSnapshot());
  let dispatching = false;
  let restoring = false;
  const listeners = new Set<() => void>();
  let refusal: Refusal | undefined;
  let refusals = 0;
  // The machine's words for the refusal being planned (refuseLeavingWhile emits them).
  let refusedWords: string | undefined;
  const words = actor.on?.(LEAVING_REFUSED, (event: { message?: unknown }) => {
    refusedWords = typeof event.message === 'string' ? event.message : undefined;
  });
  const refused = (url: string, delta: number) => {
    refusal = { id: ++refusals, url, message: refusedWords, navigation: navigation.id, delta };
    refusedWords = undefined;
    for (const listener of listeners) listener();
  };

  // A memory history's own index; none for the browser's.
  const memoryIndex = (): number | undefined => history.index;
  const navigationOf = (id: number, kind: Navigation['kind'], entered: string[]): Navigation => {
    // Read once per navigation: the browser adapter reads history.state and history.length for it.
    const entry = history.entry?.();
    return {
      id,
      kind,
      key: history.location.key,
      entered,
      index: entry?.index ?? memoryIndex() ?? 0,
      // The browser keeps a bounded number of entries; a memory history in tests keeps them all.
      reach: entry?.reach ?? Number.POSITIVE_INFINITY,
    };
  };
  let navigation = navigationOf(0, 'initial', []);
  // The entry we are on, for a memory history: it reports the distance asked of go(), even where it
  // stopped at the first or last entry (a browser does nothing there, and react-router's browser
  // history reports the distance moved); the distance to step back is the one moved.
  let at = memoryIndex();

  // The hash is not part of the state: it counts as a difference, so it is dropped when rewritten.
  // react-router's `location` is a getter that reads window.location and history.state anew: once per call.
  const appUrl = (): string => {
    const { pathname, search, hash } = history.location;
    return stripPrefix(prefix, pathname + search + hash);
  };
  const write = (kind: 'push' | 'replace', url: string) => {
    history[kind](prefix + url);
    current = url;
    at = memoryIndex();
  };

  /**
   * URL → the route events that take the machine there, worked out on a pure probe of the
   * machine first: a URL-driven move is all or nothing, so if the machine would refuse any part,
   * nothing is sent. Only the parts that differ become events (the URL you are on sends nothing);
   * a search-keyed region's part applies only while its parallel state is active.
   */
  const plan = (url: string): RouteEvent[] | 'refused' => planMove(resolveUrl(table, url));
  const planMove = (locations: Location[]): RouteEvent[] | 'refused' => {
    const now = actor.getSnapshot();
    const needed = (location: Location, at: AnyMachineSnapshot) => {
      const region = location.route.region;
      if (region !== null && !isActive(table, at, table.regionNodes.get(region))) return false;
      return !locate(table, at).some((here) => sameLocation(here, location));
    };
    // The common case (a link or Back to another screen: one part, accepted) pays no probe: when
    // only one part differs and the machine would take a route transition into its state (which
    // enters it: accepted, whatever follows), the move is all or nothing by itself. Picking the
    // transition costs its guards; the probe below costs a whole pure macrostep. Other parts must
    // be shown already or be a region's default (a named region whose parallel state the move
    // would enter is probed).
    const moving = locations.filter((location) => needed(location, now));
    const only = moving.length === 1 ? moving[0] : undefined;
    const here = locate(table, now);
    const othersStay = locations.every(
      (location) => location === only || location.implicit || here.some((shown) => sameLocation(shown, location)),
    );
    if (only && othersStay) {
      const event = routeEvent(only);
      const taken = table.machine.getTransitionData(now, event);
      if (taken.length === 1 && taken[0]?.target?.length === 1 && taken[0].target[0] === only.route.node) {
        return [event];
      }
    }
    let probe = now;
    const events: RouteEvent[] = [];
    for (const location of locations) {
      if (!needed(location, probe)) continue;
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
    const before = new Set(currentScreens.map((screen: Screen) => screen.key));
    currentScreens = screens;
    const entered = screens.filter((screen) => !before.has(screen.key)).map((screen) => screen.id);
    navigation = navigationOf(navigation.id + 1, kind, entered);
    for (const listener of listeners) listener();
  };

  const refusesLeaving = (snapshot: AnyMachineSnapshot): boolean => {
    const probe = routeEvent({ route: table.notFound, params: { [URL_PARAM]: '/' } });
    const [next] = transition(table.machine, snapshot, probe);
    return !isActive(table, next, table.notFound.node);
  };

  const subscription = actor.subscribe((snapshot) => {
    if (dispatching) return;
    const next = href(table, snapshot);
    if (next !== current) write('push', next);
    settle('push');
  });

  const unlisten = history.listen(({ delta }) => {
    const from = at;
    at = memoryIndex();
    if (restoring) {
      restoring = false;
      return;
    }
    const asked = appUrl();
    // Planned already when the adapter asked before the traversal committed (intercept).
    const ready = planned?.url === asked ? planned.events : undefined;
    planned = undefined;
    if (!ready) refusedWords = undefined;
    const events = ready ?? plan(asked);
    if (events === 'refused') {
      // Step back over the same distance instead of rewriting, so no entry is lost or changed.
      const moved = at !== undefined && from !== undefined ? at - from : delta;
      refused(asked, moved ?? 0);
      if (moved) {
        restoring = true;
        history.go(-moved);
      } else {
        write('replace', current);
      }
      return;
    }
    send(events);
    current = href(table, actor.getSnapshot());
    // A redirect or a non-canonical spelling: this entry (only this one) becomes the state's URL.
    if (current !== appUrl()) write('replace', current);
    settle('pop');
  });

  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    // Asked only when the page is about to unload, not on every transition.
    if (!refusesLeaving(actor.getSnapshot())) return;
    event.preventDefault();
    // Chromium still wants returnValue set to show its own confirmation.
    event.returnValue = '';
  };
  win?.addEventListener('beforeunload', onBeforeUnload);

  // The first URL: deep link, reload or typed. A machine from startsAtUrl() waits in its boot
  // state, so the URL's state is the first entered; if the URL is refused, it enters its own
  // initial state. Anything the machine changes is replaced.
  const first = plan(appUrl());
  if (first !== 'refused') send(first);
  if (isBooting(actor.getSnapshot().value)) dispatch({ type: BOOT_EVENT });
  current = href(table, actor.getSnapshot());
  if (current !== appUrl()) write('replace', current);
  currentScreens = screensOf(table, actor.getSnapshot());

  /** A move asked by the app (a link, navigate()): a new entry when the URL changes. */
  const move = (events: RouteEvent[] | 'refused', asked: () => string) => {
    if (events === 'refused') return refused(asked(), 0);
    send(events);
    const next = href(table, actor.getSnapshot());
    if (next !== current) write('push', next);
    settle('push');
  };
  const navigate = (url: string) => {
    const asked = resolveLink(url, current);
    refusedWords = undefined;
    move(plan(asked), () => asked);
  };
  const follow = (to: string, params?: Record<string, unknown>, snapshot = actor.getSnapshot()) => {
    const locations = linkLocations(table, snapshot, to, params);
    if (!locations) return navigate(hrefFor(table, snapshot, to, params));
    refusedWords = undefined;
    move(planMove(locations), () => hrefFor(table, snapshot, to, params));
  };

  // An adapter that hears moves before they commit (the Navigation API): a refused traversal is
  // cancelled instead of stepped back, and link clicks come from the browser's own navigation.
  let planned: { url: string; events: RouteEvent[] } | undefined;
  const unintercept = history.intercept?.({
    link: (url) => navigate(stripPrefix(prefix, url)),
    traversal(url, delta) {
      // The step back after a refusal the browser would not let us cancel.
      if (restoring) return true;
      const asked = stripPrefix(prefix, url);
      refusedWords = undefined;
      const events = plan(asked);
      if (events === 'refused') {
        refused(asked, delta);
        return false;
      }
      planned = { url: asked, events };
      return true;
    },
  });

  return {
    navigate,
    follow,
    hrefFor(to, params, snapshot = actor.getSnapshot()) {
      return prefix + hrefFor(table, snapshot, to, params);
    },
    toAppUrl: (browserHref) => stripPrefix(prefix, browserHref),
    currentUrl: () => current,
    getNavigation: () => navigation,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isBlocking: () => refusesLeaving(actor.getSnapshot()),
    getRefusal: () => refusal,
    retry() {
      if (!refusal) return;
      if (refusal.delta) history.go(refusal.delta);
      else navigate(refusal.url);
    },
    stop() {
      words?.unsubscribe();
      subscription.unsubscribe();
      unlisten();
      unintercept?.();
      win?.removeEventListener('beforeunload', onBeforeUnload);
    },
  };
}

/** The app-relative URL. One outside the base path (only reachable by script) is kept whole. */
function stripPrefix(prefix: string, url: string): string {
  if (!prefix) return url;
  if (url !== prefix && !url.startsWith(`${prefix}/`) && !url.startsWith(`${prefix}?`)) return url;
  const rest = url.slice(prefix.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

function sameLocation(a: Location, b: Location): boolean {
  if (a.route !== b.route) return false;
  const names = new Set([...Object.keys(a.params), ...Object.keys(b.params)]);
  for (const name of names) if (!Object.is(a.params[name], b.params[name])) return false;
  return true;
}

function isActive(table: RouteTable, snapshot: AnyMachineSnapshot, node: AnyStateNode | undefined): boolean {
  return node !== undefined && activeNodesOf(table, snapshot).includes(node);
}

/**
 * A part of a URL-driven move is refused when the machine never enters its state and stays where
 * it was in that part of the URL. Entering it counts even if the machine then moves on (a redirect,
 * also to the screen shown), and so does moving elsewhere (the machine sends you to another screen).
 */
function refuses(
  table: RouteTable,
  location: Location,
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
