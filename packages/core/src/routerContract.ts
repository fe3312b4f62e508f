import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import type { History } from './history';
import type { RouteTable } from './table';

// What the router promises the app (createRouterSync, createDeferredRouterSync): its options, what
// it tells of each navigation and refusal, and what can be asked of it.

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
  /**
   * The keys of the entries that can still be reached, where the history lists them (History.keys):
   * then they, not index and reach, say which.
   */
  reachable?: () => string[];
}

/** A URL-driven move (a link, a typed URL, Back, Forward) the machine refused: nothing moved. */
export interface Refusal {
  /** One more per refusal since the app started: a new notice per refusal. */
  id: number;
  /** The app URL that was asked for. */
  url: string;
  /** The machine's own words: the `message` of the `leaving.refused` event it emitted, if any. */
  message: string | undefined;
  /**
   * The event that discards what keeps the screen from being left, as the machine named it
   * (`refuseLeavingWhile(guard, { discard })`): send it, then `retry()`, to go on. Undefined: none named.
   */
  discard?: string | undefined;
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
