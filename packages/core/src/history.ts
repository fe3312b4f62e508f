/**
 * The session history the router syncs with: what core needs of it, nothing more. Core never
 * touches `window.history`; an adapter does (the browser's is `createBrowserHistory` in
 * @statechart/react, on react-router's history), and `createMemoryHistory` (./memoryHistory) in
 * tests and wherever there is no browser.
 */
export interface HistoryLocation {
  pathname: string;
  search: string;
  hash: string;
  /** A key for the entry, stable while the entry lives (scroll positions are kept by it). */
  key: string;
}

export interface HistoryUpdate {
  /** How far the entry moved (Back: -1), when a traversal is what happened; null when not known. */
  delta: number | null;
  /**
   * Set when what happened is not a traversal but the document's own navigation to an app URL that
   * the adapter let commit (`HistoryInterceptor.link` took it): a new entry (`push`) or the current
   * one rewritten (`replace`, as `location.replace()` asks). The router moves the machine there and
   * rewrites this entry if the machine's URL is another.
   */
  kind?: 'push' | 'replace';
}

/**
 * What an adapter that hears navigations before they commit (the Navigation API's `navigate`
 * event) asks the router. A History API adapter hears Back and Forward only once they happened,
 * and has none of this.
 */
export interface HistoryInterceptor {
  /**
   * The document's own navigation to an app URL (a click on an `<a href>` that is not a `<Link>`, a
   * page script's `navigation.navigate()` or `location.replace()`, or a reload: path, search and
   * hash, with the base path), about to commit as a new entry (`push`), over the current one
   * (`replace`) or as a reload: undefined when it is not the router's (a reload, a URL outside the
   * base path: the adapter leaves it to the browser), false when the machine refuses the move (the
   * refusal is recorded and the adapter cancels it). A move let through commits as the browser
   * asked, and is then heard by `listen` with its `kind`.
   */
  link(url: string, kind: 'push' | 'replace' | 'reload'): boolean | undefined;
  /**
   * A Back, Forward or go() to `url` about to commit, `delta` entries away, where the browser lets
   * it be cancelled: false when the machine refuses the move (the refusal is recorded and the
   * adapter cancels it: neither the URL nor the current entry changes). A traversal let through is
   * then heard by `listen` as any other.
   */
  traversal(url: string, delta: number): boolean;
}

export interface History {
  /** The entry shown now. */
  readonly location: HistoryLocation;
  /** A new entry after the current one (forward entries are dropped). */
  push(url: string): void;
  /** The current entry, rewritten. */
  replace(url: string): void;
  /** A traversal by `delta` entries, as Back (-1) and Forward (1) do; listeners hear it. */
  go(delta: number): void;
  /** Hears traversals (Back, Forward, go), not the pushes and replaces made through this object. */
  listen(listener: (update: HistoryUpdate) => void): () => void;
  /**
   * A memory history's own count of its position: it reports the distance asked of `go()` even
   * where it stopped at the first or last entry, so the router steps back by the distance moved.
   */
  readonly index?: number;
  /**
   * Where the current entry is in the session and how many entries can still be reached (a browser
   * keeps a bounded number): scroll positions are kept only for those. Absent: every entry counts.
   */
  entry?(): { index: number; reach: number };
  /**
   * The keys of the entries the browser can still reach, where it lists them (the Navigation API's
   * `entries()`): past its bound (50 in Chromium) it drops the oldest and numbers the others anew,
   * so an index kept from before names another entry. Scroll positions are then kept by these keys,
   * not by `entry()`. A property, read without `this`.
   */
  readonly keys?: () => string[];
  /**
   * Present when the adapter hears navigations before they commit (the Navigation API): the router
   * takes the document's link clicks through it and may refuse a traversal before it commits.
   */
  intercept?(interceptor: HistoryInterceptor): () => void;
}
