/**
 * What a state node says about its URL, in `meta`. The route table, href() and the URL parser are
 * all derived from these fields; nothing else lists routes.
 */

/**
 * Turns one URL value into a typed param and back. `parse` returns undefined to refuse. Both are
 * pure, and what `parse` returns is never changed: the router keeps a URL's reading for its next
 * visit (Back, Forward).
 */
export interface Param<T> {
  parse(raw: string): T | undefined;
  format(value: T): string;
}

export const int: Param<number> = {
  // `+ 0` turns -0 into 0: its URL is written `0`, and a value must read back as itself.
  parse: (raw) => (/^-?\d{1,15}$/.test(raw) ? Number(raw) + 0 : undefined),
  format: (value) => String(value),
};

export const text: Param<string> = {
  parse: (raw) => (raw === '' ? undefined : raw),
  format: (value) => value,
};

/**
 * A title read from the snapshot, for a screen named by its data ("Apollo", not "Project 5"): it
 * runs on every navigation and on every change of what it reads, so it falls back by itself
 * while the data is loading: `({ context }) => context.project?.name ?? \`Project ${context.params.id}\``.
 * Written as a method type so that a machine's `RouteMeta<AppContext>` stays a `RouteMeta`.
 */
export type TitleFrom<TContext> = { title(state: { context: TContext }): string }['title'];

export interface RouteMeta<TContext = unknown> {
  /**
   * The URL piece this state adds below its nearest ancestor with a path: `'/'` at the top,
   * `'section'`, `':id'` (a param, parsed by `params.id`, text by default), `''` for an index
   * child, or `'*'` for a state that shows the URL it was entered with (not-found, error).
   */
  path?: string;
  /** Parsers of the `:params` in `path`. */
  params?: Record<string, Param<unknown>>;
  /** Search params this state owns, each optional. A change updates the state in place. */
  search?: Record<string, Param<unknown>>;
  /** On a parallel region other than the first: its state is kept in `?searchKey=<path>`. */
  searchKey?: string;
  /**
   * The screen's title, for document.title and the announcement; `{name}` shows a param. Or a
   * function of the snapshot (`TitleFrom`): a title from data, with its own fallback while loading.
   */
  title?: string | TitleFrom<TContext>;
  /** Listed in the header navigation, with this label. */
  nav?: string;
  /**
   * On any state, routed or not: entering it in place (a tab, a search-keyed state: no screen
   * changes) runs a view transition of the screen around it, typed `in-screen`. A screen change
   * runs one without asking (@statechart/react's shell, where the browser has view transitions).
   */
  viewTransition?: boolean;
}

/**
 * The context every routed machine carries: params parsed from the URL, by name. `P` names the
 * machine's params and their parsed types (`{ id: number }`); any may be absent.
 */
export interface RoutedContext<P extends object = Record<string, unknown>> {
  params: Partial<P> & Record<string, unknown>;
}

/** The URL-driven event: XState's own routable-state event, with the parsed params. */
export interface RouteEvent {
  type: 'xstate.route';
  to: `#${string}`;
  params?: Record<string, unknown>;
  /**
   * The other parts of the same URL (search-keyed regions), raised by the route transition so that
   * the whole move is one macrostep: a region's default entered on the way and left at once never
   * starts its invoked actors (XState does not start an actor stopped in the macrostep that made it).
   */
  then?: RouteEvent[];
}

/** The param a `path: '*'` state keeps its URL in. */
export const URL_PARAM = '*';
