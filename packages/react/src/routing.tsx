import {
  createContext,
  createElement,
  Suspense,
  use,
  useContext,
  useMemo,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import type {
  AnyActorRef,
  AnyMachineSnapshot,
  AnyStateNode,
  EventObject,
  MachineSnapshot,
  MetaObject,
  StateSchema,
  StateValue,
} from 'xstate';
import {
  type RoutedContext,
  type URL_PARAM,
  type RouterSync,
  type RouteTable,
  locate,
  screensOf,
  type Screen,
} from '@statechart/core';
import { activeNodesOf, paramsOf, sameScreens } from '@statechart/core/internal';
import type { ViewRegistry } from './views';
import { shownActorOf, shownOf, useShown, type ShownActorRef } from './shown';

export interface Router {
  actor: AnyActorRef;
  table: RouteTable;
  sync: RouterSync;
  views: ViewRegistry;
  /** Shown while a view's chunk loads, after a delay (CSS) so fast loads show nothing. */
  pending: ReactNode;
  /** Called with a link's href on hover or focus: warms its screen's calls (packages/react/src/warm.ts). */
  warm?: (href: string) => void;
}

const RouterContext = createContext<Router | null>(null);
/** The state id whose view we are inside; null at the root. */
const ViewContext = createContext<string | null>(null);

export function RouterProvider({ router, children }: { router: Router; children: ReactNode }) {
  return <RouterContext value={router}>{children}</RouterContext>;
}

export function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router)
    throw new Error(process.env.NODE_ENV === 'production' ? 'Router misuse' : 'useRouter() outside <RouterProvider>');
  return router;
}

/**
 * One value from the machine's snapshot; re-renders only when that value changes. Untyped by
 * machine, for code shared by every app (the shell, the stock not-found and error views): the
 * default snapshot has the params every routed machine has. A view of one app uses its typed
 * binding instead (packages/react/src/typed.ts), whose snapshot is its machine's.
 */
export function useMachineSelector<T, TSnapshot extends AnyMachineSnapshot = RoutedSnapshot>(
  selector: (snapshot: TSnapshot) => T,
): T {
  return useShown(useRouter(), selector as (snapshot: AnyMachineSnapshot) => T);
}

/**
 * The router's actor as React shows it, for XState's own binding: `useSelector(useActorRef(), …)`
 * from @xstate/react reads what `useMachineSelector` reads, the old screen's snapshot included
 * while a screen change waits for its view transition (shown.ts). The same object on every render.
 */
export function useActorRef<TSnapshot extends AnyMachineSnapshot = RoutedSnapshot>(): ShownActorRef<TSnapshot> {
  return shownActorOf(useRouter()) as ShownActorRef<TSnapshot>;
}

/** The snapshot of any routed machine, as far as shared code may rely on it. */
export type RoutedSnapshot = MachineSnapshot<
  RoutedContext<{ [URL_PARAM]: string }>,
  EventObject,
  Record<string, AnyActorRef | undefined>,
  StateValue,
  string,
  unknown,
  MetaObject,
  StateSchema
>;

/** Sends a domain event to the machine: views call it through named callbacks. */
export function useSend(): (event: EventObject) => void {
  const { actor } = useRouter();
  return (event) => actor.send(event);
}

/** The href a `<Link to params>` would have now (the current URL with `to`'s part replaced). */
export function useHref(to: `#${string}`, params?: Record<string, unknown>): string {
  const router = useRouter();
  return useShown(router, (snapshot) => router.sync.hrefFor(to, params, snapshot));
}

/** The latest navigation shown (not re-rendered by in-screen changes). */
export function useNavigation() {
  const shown = shownOf(useRouter());
  return useSyncExternalStore(shown.listen, shown.getNavigation, shown.getNavigation);
}

/**
 * The active states below the current view that have views of their own, nearest first: a child
 * state's view, or, under a parallel state, one per region, side by side. Keyed by screen (state
 * id and path params), so a new param value mounts the view afresh, as the state was re-entered.
 */
export function Outlet() {
  const router = useRouter();
  const parent = useContext(ViewContext);
  // One selector for the outlet's life: the render a navigation causes reads the value its store
  // listener worked out for that snapshot, instead of working the screens out again.
  const select = useMemo(
    () => (snapshot: AnyMachineSnapshot) => viewScreensUnder(router, snapshot, parent),
    [router, parent],
  );
  const screens = useShown(router, select, sameScreens);
  return screens.map(({ id, key }) => (
    <ViewContext key={key} value={id}>
      <Suspense fallback={router.pending}>
        <LazyScreen id={id} />
      </Suspense>
    </ViewContext>
  ));
}

function LazyScreen({ id }: { id: string }) {
  const view = useRouter().views[id];
  if (!view) return null;
  // The component comes from the registry (a module's export), not made here: createElement
  // says so to the static-components lint, which cannot see through the lookup. use() on every
  // render: a render that suspended must call it again when retried (React's rule), and a
  // loaded view's promise is already marked fulfilled, so use() returns it without suspending.
  return createElement(use(view.load()));
}

/** The screens with views of their own directly under the view of `parent` (null: the root). */
export function viewScreensUnder(router: Router, snapshot: AnyMachineSnapshot, parent: string | null): Screen[] {
  const nodes = activeNodesOf(router.table, snapshot);
  const screens = new Map(screensOf(router.table, snapshot).map((screen) => [screen.id, screen]));
  const hasView = (node: AnyStateNode) => node.id in router.views;
  return nodes
    .filter((node) => hasView(node) && node.id !== parent)
    .filter((node) => nearestViewAncestor(node, hasView) === parent)
    .map((node) => screens.get(node.id) ?? { id: node.id, key: JSON.stringify([node.id]) });
}

/** The views of the screens active now, loaded before the first render: no pending flash. */
export async function preloadActiveViews(router: Router): Promise<void> {
  const ids = new Set<string>();
  const collect = (parent: string | null) => {
    for (const { id } of viewScreensUnder(router, router.actor.getSnapshot(), parent)) {
      ids.add(id);
      collect(id);
    }
  };
  collect(null);
  await Promise.all([...ids].map((id) => router.views[id]?.load().catch(() => undefined)));
}

function nearestViewAncestor(node: AnyStateNode, hasView: (node: AnyStateNode) => boolean): string | null {
  for (let at = node.parent; at; at = at.parent) if (hasView(at)) return at.id;
  return null;
}

/** The id of the view this component is rendered in. */
export function useViewId(): string | null {
  return useContext(ViewContext);
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A routable state id: `#home`. */
  to: `#${string}`;
  params?: Record<string, unknown>;
};

/**
 * A real `<a href>` (open in a new tab works) whose plain click becomes a route event, sent without
 * writing and parsing its URL (`sync.follow`): the machine decides, and the URL follows the state.
 * aria-current marks the link to the screen shown ("page") or to a screen that contains it
 * ("true"); else the caller's aria-current stands (the header marks an entry whose URL is above the
 * screen shown).
 */
export function Link({ to, params, onClick, children, ...rest }: LinkProps) {
  const router = useRouter();
  const { sync, table, views, warm } = router;
  // One subscription per link, not one for each: what a navigation allocates per link is most of
  // what makes its slow tail (garbage collection), and a subscription costs more than the pair.
  // The same selector while the link's props are (a header's links through every navigation): the
  // render a navigation causes then reads the pair its store listener worked out for that snapshot.
  const select = useMemo(
    () =>
      (snapshot: AnyMachineSnapshot): LinkState => [
        sync.hrefFor(to, params, snapshot),
        currentness(table, snapshot, to, params),
      ],
    [sync, table, to, params],
  );
  const [href, current] = useShown(router, select, sameLinkState);
  const preload = () => {
    for (let node: AnyStateNode | undefined = table.routes.get(to.slice(1))?.node; node; node = node.parent) {
      void views[node.id]?.load().catch(() => {});
    }
    warm?.(href);
  };
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || rest.target || rest.download !== undefined) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    // Taken here in both adapters (the browser never starts a navigation, so the Navigation API's
    // navigate event does not come): the route event goes as is, from the snapshot the href shows.
    event.preventDefault();
    const link = event.currentTarget;
    const before = sync.getNavigation();
    sync.follow(to, params, shownOf(router).getSnapshot());
    // The screens changed: the focus leaves the link now, while the page's style is clean. Left on
    // it, React's removal of the old view (the link's, as a rule) recalculates the whole page's
    // style at once to move the focus, which was most of a click's time. The new screen's heading
    // takes the focus (the shell's navigation effects).
    if (sync.getNavigation() !== before) link.blur();
  };
  return (
    <a
      {...rest}
      href={href}
      aria-current={current ?? rest['aria-current']}
      onClick={handleClick}
      onPointerEnter={preload}
      onFocus={preload}
    >
      {children}
    </a>
  );
}

/**
 * A link to the screen the machine starts on, whatever its id: for views shared by machines (the
 * stock not-found and error screens).
 */
export function EntryLink(props: Omit<LinkProps, 'to' | 'params'>) {
  const { table } = useRouter();
  return <Link {...props} to={`#${table.entry.id}`} />;
}

type LinkState = readonly [href: string, current: 'page' | 'true' | undefined];
const sameLinkState = (a: LinkState, b: LinkState) => a[0] === b[0] && a[1] === b[1];

function currentness(
  table: RouteTable,
  snapshot: AnyMachineSnapshot,
  to: string,
  params: Record<string, unknown> = {},
): 'page' | 'true' | undefined {
  const route = table.routes.get(to.slice(1));
  if (!route) return undefined;
  const context = paramsOf(snapshot);
  // Any param the link gives (path or search: a pager's ?page) must be the one shown.
  for (const name in params) if (!Object.is(params[name], context[name])) return undefined;
  if (locate(table, snapshot).some((location) => location.route === route)) return 'page';
  return activeNodesOf(table, snapshot).includes(route.node) ? 'true' : undefined;
}
