import type { HistoryInterceptor } from './history';
import type { RouteLocation } from './locations';
import type { RouteEvent } from './routeMeta';
import type { Navigation, RouterSync, RouterSyncOptions } from './routerContract';

// What the router's start (syncStart.ts) and its moves (moves.ts, with fastPlan.ts's plan) say to
// each other. The moves come in a chunk of their own in an app (createDeferredRouterSync), so the
// first load holds only what the first screen needs; neither imports the other.

/** What the router shows: the start and the moves both change it. */
export interface Shown {
  /** The app URL shown: href(snapshot) once the machine settled. */
  url: string;
  /** The position of the entry the history is on (a memory history's index, or the adapter's numbering). */
  at: number | undefined;
  /** The position of the entry that shows `url`: not `at` while a refused traversal is being stepped back. */
  entry: number | undefined;
  /** The latest navigation: title, focus, announcement and scroll follow it. */
  navigation: Navigation;
}

/**
 * The start, as the moves see it: the router's options, what it shows, how it plans a move, and
 * the steps a planned move is made of.
 */
export interface RouterStart {
  readonly options: RouterSyncOptions;
  /** The base path without its trailing slash (`''` at the root): app URLs are written under it. */
  readonly prefix: string;
  readonly shown: Shown;
  /**
   * URL parts → the route events that take the machine there, or 'refused' (the machine stays).
   * With `one`, a move of one part (the others shown) is left to it: moves.ts sends a link's at once.
   */
  plan(locations: RouteLocation[], one?: MoveOne): RouteEvent[] | 'refused';
  readonly steps: MoveSteps;
}

/** What a planned move is made of, in this order. */
export interface MoveSteps {
  /** The machine hears the move: one macrostep for all of its parts. */
  send(events: readonly RouteEvent[]): void;
  /** The history shows `url`: a new entry, or the current one rewritten. */
  write(kind: 'push' | 'replace', url: string): void;
  /** A navigation, if the screens shown changed: subscribers hear it. */
  settle(kind: Navigation['kind']): void;
  /** Subscribers hear what changed without a navigation (a refusal). */
  notify(): void;
}

/** Moves the one part that differs; the events left to send. */
export type MoveOne = (only: RouteLocation) => RouteEvent[] | 'refused';

/**
 * What the router does once someone moves (a link, a typed URL, Back, Forward, a retry, leaving
 * the page): moves.ts.
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

export type AttachMoves = (start: RouterStart) => RouterMoves;
