import { transition, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';
import { UNSAFE_createBrowserHistory } from 'react-router-dom';
import { BOOT_EVENT, BOOT_STATE } from '../../machines/routed';
import { URL_PARAM } from '../../machines/routeMeta';
import type { RouteTable } from './table';
import {
  href,
  hrefFor,
  locate,
  resolveUrl,
  routeEvent,
  screenIdOf,
  screenKey,
  screenKeyParts,
  type Location,
} from './url';

/** What we use of a react-router history; browser and memory histories both have it. */
export type History = Pick<
  ReturnType<typeof UNSAFE_createBrowserHistory>,
  'location' | 'push' | 'replace' | 'go' | 'listen'
>;

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
}

export interface RouterSync {
  /** A link click or typed URL inside the app: the URL becomes route events; the machine decides. */
  navigate(url: string): void;
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
  stop(): void;
}

export interface RouterSyncOptions {
  actor: AnyActorRef;
  table: RouteTable;
  /** A memory history in tests; the browser's is created only when none is given. */
  history?: History;
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
export function createRouterSync({
  actor,
  table,
  history = UNSAFE_createBrowserHistory(),
  base = '/',
  window: win,
}: RouterSyncOptions): RouterSync {
  const prefix = base.replace(/\/$/, '');
  let current = href(table, actor.getSnapshot());
  let currentScreens = screenKey(table, actor.getSnapshot());
  let navigation: Navigation = { id: 0, kind: 'initial', key: history.location.key, entered: [] };
  let dispatching = false;
  let restoring = false;
  const listeners = new Set<() => void>();

  const appUrl = (): string => stripPrefix(prefix, history.location.pathname + history.location.search);
  const write = (kind: 'push' | 'replace', url: string) => {
    history[kind](prefix + url);
    current = url;
  };

  const dispatch = (url: string) => {
    const snapshot = actor.getSnapshot();
    const here = locate(table, snapshot);
    dispatching = true;
    try {
      for (const location of resolveUrl(table, url)) {
        // Only the parts that differ become events: the URL you are on sends nothing.
        if (here.some((h) => sameLocation(h, location))) continue;
        actor.send(routeEvent(location));
      }
    } finally {
      dispatching = false;
    }
  };

  const settle = (kind: Navigation['kind']) => {
    const snapshot = actor.getSnapshot();
    const screens = screenKey(table, snapshot);
    if (screens === currentScreens) return;
    const before = new Set(screenKeyParts(currentScreens));
    currentScreens = screens;
    const entered = screenKeyParts(screens)
      .filter((part) => !before.has(part))
      .map(screenIdOf);
    navigation = { id: navigation.id + 1, kind, key: history.location.key, entered };
    for (const listener of listeners) listener();
  };

  const refusesLeaving = (snapshot: AnyMachineSnapshot): boolean => {
    const probe = routeEvent({ route: table.notFound, params: { [URL_PARAM]: '/' } });
    const [next] = transition(table.machine, snapshot, probe);
    return !next.matches(nodePath(table.notFound.node.path));
  };

  const subscription = actor.subscribe((snapshot) => {
    if (dispatching) return;
    const next = href(table, snapshot);
    if (next !== current) write('push', next);
    settle('push');
  });

  const unlisten = history.listen(({ delta }) => {
    if (restoring) {
      restoring = false;
      return;
    }
    const before = current;
    dispatch(appUrl());
    const after = href(table, actor.getSnapshot());
    if (after === before && after !== appUrl() && delta) {
      // Refused: step back over the same distance instead of rewriting, so no entry is lost.
      restoring = true;
      history.go(-delta);
      settle('pop');
      return;
    }
    current = after;
    if (after !== appUrl()) write('replace', after);
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
  // The shell restores scroll positions itself, per entry, once the new screen is committed.
  if (win) win.history.scrollRestoration = 'manual';

  // The first URL: deep link, reload or typed. A machine from startsAtUrl() waits in its boot
  // state, so the URL's state is the first entered; if the URL is refused, it enters its own
  // initial state. Anything the machine changes is replaced.
  dispatch(appUrl());
  if (actor.getSnapshot().value === BOOT_STATE) {
    dispatching = true;
    actor.send({ type: BOOT_EVENT });
    dispatching = false;
  }
  current = href(table, actor.getSnapshot());
  if (current !== appUrl()) write('replace', current);
  currentScreens = screenKey(table, actor.getSnapshot());

  return {
    navigate(url) {
      dispatch(url);
      const next = href(table, actor.getSnapshot());
      if (next !== current) write('push', next);
      settle('push');
    },
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
    stop() {
      subscription.unsubscribe();
      unlisten();
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

/** A state node's path (`['app', 'main']`) as the nested value `matches()` takes. */
function nodePath(path: string[]): string | Record<string, unknown> {
  const [head, ...rest] = path;
  if (head === undefined) return {};
  return rest.length === 0 ? head : { [head]: nodePath(rest) };
}
