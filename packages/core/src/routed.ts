import { and, assign, createMachine, enqueueActions, type AnyStateMachine, type AnyStateNode } from 'xstate';
import type { RouteEvent, RouteMeta, RoutedContext } from './routeMeta';

/**
 * XState's routable states (`route: {}` on a state with an `id`) are reached by one
 * `{ type: 'xstate.route', to: '#id' }` event, but XState takes those transitions from the root:
 * every active state exits and re-enters, parents restart their entry actions and invoked actors,
 * and a move in one parallel region resets the others.
 *
 * `routed(machine)` keeps the authoring (and the event) as XState's and scopes the transitions:
 * each routable state gets a transition on every non-parallel ancestor, and XState picks the
 * deepest active one, so a move exits only below the deepest common ancestor and never crosses
 * into another parallel region. A path param re-enters only the state that owns it: a scope
 * accepts the move only while the params owned by it and its ancestors are unchanged. A routable
 * state answers a route to itself with the same path params in place (search params are
 * assigned, nothing re-enters, its active children stay), so navigating to where you are does
 * nothing.
 */
export function routed<M extends AnyStateMachine>(machine: M): M {
  // Authoring mistakes are checked in development builds and tests, where they say what to change;
  // a production build runs a machine its tests passed, and leaves the checks out of every first load.
  const root = machine.config as unknown as NodeConfig;
  if (process.env.NODE_ENV !== 'production' && root.on && 'xstate.route' in root.on) {
    throw new Error(
      'routed(): the root must not handle xstate.route itself; XState replaces that with its route transitions',
    );
  }
  const scoped = scope(root, []);
  const implementations = {
    ...machine.implementations,
    guards: { ...machine.implementations.guards, [ROUTE_GUARD]: routeTo },
    actions: { ...machine.implementations.actions, [ASSIGN_PARAMS]: assignParams, [RAISE_THEN]: raiseThen },
  };
  // Why the cast: the scoped machine has the same context, events, states and implementations as
  // `machine`; only transition sources moved.
  return builtOnFirstUse(scoped, implementations, machine) as unknown as M;
}

/**
 * A machine that XState builds (its state nodes, formatted transitions, id map) only when first
 * used, with `config` and `implementations` answered without building it. Building a machine costs
 * about 30–50 µs per routable state, mostly allocation and the garbage collector after it, and the
 * app never uses the routed machine, nor the author's: it runs `startsAtUrl()`'s, which is made from
 * this one's `config` and `implementations`. So the product's start-up builds one machine, not
 * three (keepRouteTypes() makes the author's machine this way too); tests, path generation and
 * diagrams that use a machine build it once, on first use, and get a real `StateMachine` behind it
 * (its methods bound to it). `build` makes it: XState's `createMachine` unless given.
 */
export function builtOnFirstUse(
  config: object,
  implementations: object,
  like: AnyStateMachine,
  build = () => createMachine(config as never, implementations as never) as AnyStateMachine,
): AnyStateMachine {
  let built: AnyStateMachine | undefined;
  const machine = () => (built ??= build());
  return new Proxy(Object.create(Object.getPrototypeOf(like) as object) as AnyStateMachine, {
    get(_, key) {
      if (key === 'config') return config;
      if (key === 'implementations') return implementations;
      const value: unknown = Reflect.get(machine(), key);
      return typeof value === 'function' ? (value as () => unknown).bind(built) : value;
    },
    has: (_, key) => key in machine(),
  });
}

export const ROUTE_GUARD = 'route.to';
export const ASSIGN_PARAMS = 'route.assignParams';
export const RAISE_THEN = 'route.raiseThen';

/**
 * The routable state (`#id`) a transition taken on `xstate.route` leads to, or null if it is not a
 * route transition (a refuse-to-leave answer, the author's own handler): for the visualiser's graph
 * and path generation. routed()'s transitions carry `route.to` in their guard, alone or in an
 * `and()`; XState's root-level ones (built from `route: {}`) carry it only when a path param needs
 * checking (scope() says why), and then their one target says it.
 */
export function routeTargetOf(
  source: { parent?: unknown },
  transition: { guard?: unknown; target?: ReadonlyArray<{ id: string }> | undefined },
): string | null {
  const fromGuard = (guard: unknown): string | null => {
    // XState's and() is a function holding its guards.
    if (typeof guard === 'function') {
      const inner = (guard as { guards?: unknown }).guards;
      return Array.isArray(inner) ? (inner.map(fromGuard).find((to) => to !== null) ?? null) : null;
    }
    if (typeof guard !== 'object' || guard === null) return null;
    const { type, params } = guard as { type?: unknown; params?: { to?: unknown } };
    return type === ROUTE_GUARD && typeof params?.to === 'string' ? params.to : null;
  };
  const target = transition.target;
  const atRoot = source.parent === undefined && target?.length === 1 && target[0] ? `#${target[0].id}` : null;
  return fromGuard(transition.guard) ?? atRoot;
}

interface RouteConfig {
  guard?: unknown;
  actions?: unknown;
  meta?: unknown;
  description?: string;
}

interface NodeConfig {
  id?: string;
  type?: string;
  initial?: unknown;
  states?: Record<string, NodeConfig>;
  on?: Record<string, unknown>;
  route?: RouteConfig;
  meta?: RouteMeta;
  [key: string]: unknown;
}

interface RouteGuardParams {
  to: string;
  /** Params owned by the transition's source and its ancestors: they must not change. */
  keep: readonly string[];
  /** Path params the target needs: from the event or, failing that, the context. */
  need: readonly string[];
}

function routeTo(
  { context, event }: { context: RoutedContext; event: { type: string } },
  { to, keep, need }: RouteGuardParams,
): boolean {
  // Only ever on `xstate.route` transitions (the root's, and those scope() adds under that key).
  const route = event as RouteEvent;
  if (route.to !== to) return false;
  const given = route.params ?? {};
  for (const name of keep) {
    if (name in given && !Object.is(given[name], context.params[name])) return false;
  }
  return need.every((name) => (name in given ? given[name] : context.params[name]) !== undefined);
}

const assignParams = assign(({ context, event }: { context: RoutedContext; event: { type: string } }) => ({
  params: { ...context.params, ...(event as RouteEvent).params },
}));

/** The rest of a URL-driven move, in the same macrostep (see RouteEvent.then). */
const raiseThen = enqueueActions(
  ({ event, enqueue }: { event: { type: string }; enqueue: { raise(e: RouteEvent): void } }) => {
    const [next, ...rest] = (event as RouteEvent).then ?? [];
    if (next) enqueue.raise(rest.length > 0 ? { ...next, then: rest } : next);
  },
);

/** The names of the `:params` (and `*`) in a state's own path. */
export function ownParams(meta: RouteMeta | undefined): string[] {
  const path = meta?.path ?? '';
  if (path === '*') return ['*'];
  // Most paths have no param: no arrays made for them (start-up runs this for every state).
  if (!path.includes(':')) return [];
  return path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));
}

interface Ancestor {
  config: NodeConfig;
  /** Params owned by this ancestor and those above it. */
  params: string[];
}

function scope(node: NodeConfig, ancestors: Ancestor[]): NodeConfig {
  const parent = ancestors[ancestors.length - 1];
  // concat, not spread: an array made by spread keeps room for 17 elements (~80 B in Chromium),
  // and these lists, like every one below, are kept by the machine for as long as it lives. A
  // state without params of its own shares its parent's list (none of them is ever changed).
  const ownPath = ownParams(node.meta);
  const chainParams = ownPath.length === 0 ? (parent?.params ?? NONE) : (parent?.params ?? NONE).concat(ownPath);
  const self: Ancestor = { config: node, params: chainParams };
  const chain = node.states ? ancestors.concat(self) : ancestors;
  const states = node.states && eachState(node.states, (child) => scope(child, chain));

  // The root's route transitions are XState's own (from `route`), and a parallel node never takes
  // one (its transition would exit every region): neither gets scoped transitions. A routable
  // parallel state still answers its own URL in place (a targetless transition exits nothing).
  const scoped = ancestors.length > 0 && node.type !== 'parallel';
  const extra: unknown[] = [];
  for (const target of scoped ? routableDescendants(node, chainParams) : []) {
    const { route, id } = target.config;
    if (route && id) extra.push({ ...routeTransition(route, `#${id}`, chainParams, target.need), target: `#${id}` });
  }

  const next: NodeConfig = { ...node, ...(states && { states }) };
  let plain = false;
  if (node.route) {
    if (process.env.NODE_ENV !== 'production' && !node.id) {
      throw new Error(`routed(): a state with route: {} needs an id (at ${node.meta?.path ?? '?'})`);
    }
    if (process.env.NODE_ENV !== 'production' && parent?.config.type === 'parallel') {
      throw new Error(`routed(): #${node.id} is a parallel region; route its children instead`);
    }
    // XState builds the root-level transition from `route`: give it the same guard and actions.
    // XState's own guard there already matches `to`: with no path param to check, ours would only
    // repeat it (behind the author's guard, if any) on each of the root's candidates for every
    // route event, which XState tries in order: at 1,000 routes a link and Back cost a quarter
    // less without it (docs/BENCHMARKS.md), and each routable state keeps one guard less.
    const to = `#${node.id}`;
    next.route = routeTransition(node.route, to, NONE, chainParams, chainParams.length === 0);
    // The URL you are on does nothing: answered in place while this state is the screen shown.
    // While a routable descendant is shown, the same URL means this state's own screen: target
    // itself (not re-entering), which exits only below it and enters its initial child again.
    const below = routableDescendants(node, [])
      .filter((routable) => !routable.acrossRegion)
      .map((routable) => routable.config.id!);
    const own: unknown[] = [];
    if (showsItself(node)) {
      plain = ancestors.length === 1 && parent?.config.type !== 'parallel' && isPlainLeaf(node);
      own.push(selfTransition(to, chainParams, below.length > 0 ? noneActive(below) : undefined));
    }
    // A parallel state's targeted transition would exit every region; its in-place answer exits none.
    if (below.length > 0 && scoped) own.push({ ...routeTransition(node.route, to, chainParams, []), target: to });
    extra.unshift(...own);
  }
  if (extra.length && (scoped || (node.route && ancestors.length))) {
    const own = node.on?.['xstate.route'];
    const existing = own === undefined ? [] : Array.isArray(own) ? own : [own];
    const on = { ...node.on, 'xstate.route': existing.concat(extra) };
    if (plain) {
      // The same state without its in-place answer, for startsAtUrl() (WITHOUT_ANSWER).
      const answered = { ...next, on };
      WITHOUT_ANSWER.set(answered, next);
      return answered;
    }
    next.on = on;
  }
  return next;
}

/**
 * The plain leaves' configs without their in-place answers, made beside them by scope(), which
 * startsAtUrl() takes for the app's machine. XState's own route transition, which re-enters the
 * state, answers alike there: a plain leaf right under a compound root (no entry, exit, actors,
 * timers, eventless or own transitions; a route with neither guard nor actions of the author's)
 * exits and enters with nothing to run, and only itself (a root-level transition's domain is the
 * root), so the state value, context (the route's actions assign the params either way) and
 * children are those the in-place answer leaves. XState builds a transition per answer: at 1,000
 * screens these were half of the build start-up makes before the first paint. The machine as
 * written keeps them: tests, path generation and diagrams read it. Made here, not copied by
 * startsAtUrl() (a key-by-key loop over every leaf was most of its own time in a cold page).
 */
const WITHOUT_ANSWER = new WeakMap<NodeConfig, NodeConfig>();
function isPlainLeaf(node: NodeConfig): boolean {
  for (const key in node) if (!PLAIN_KEYS.includes(key)) return false;
  return (node.type ?? 'atomic') === 'atomic' && !node.route?.guard && !node.route?.actions;
}
const PLAIN_KEYS = ['id', 'route', 'meta', 'description', 'tags', 'type'];

/**
 * Lists every routable state's transitions share (XState keeps a transition's `actions` list as
 * given, and only reads it): one each, not one per state, for as long as the machine lives.
 */
const NONE: string[] = [];
const ROUTE_ACTIONS = [ASSIGN_PARAMS, RAISE_THEN];

/** The route's own guard and actions behind ours; XState or the caller adds the target. */
function routeTransition(
  route: RouteConfig,
  to: string,
  keep: string[],
  need: string[],
  matchedByXState = false,
): RouteConfig {
  const routeGuard = { type: ROUTE_GUARD, params: { to, keep, need } };
  const userActions = route.actions === undefined ? [] : Array.isArray(route.actions) ? route.actions : [route.actions];
  return {
    ...route,
    guard: matchedByXState ? route.guard : route.guard ? and([routeGuard, route.guard as never]) : routeGuard,
    actions: userActions.length > 0 ? ([ASSIGN_PARAMS] as unknown[]).concat(userActions, RAISE_THEN) : ROUTE_ACTIONS,
  };
}

function selfTransition(to: string, keep: string[], shown: unknown) {
  const routeGuard = { type: ROUTE_GUARD, params: { to, keep, need: NONE } };
  return {
    guard: shown ? and([routeGuard, shown as never]) : routeGuard,
    actions: ROUTE_ACTIONS,
  };
}

/**
 * A guard true while none of the states `ids` is active: `not(or(ids.map(stateIn)))` in XState's
 * words, which would add their code (~0.15 KB gzip) to every first load for this one use. It speaks
 * XState's protocol for those built-in guards (a function with `check`, which XState calls with the
 * snapshot; `_nodes` are its active state nodes, as `stateIn` reads them): routed.test.ts pins it.
 */
export function noneActive(ids: readonly string[]) {
  const guard = Object.assign(() => false, {
    check: (snapshot: { _nodes: AnyStateNode[] }) => !snapshot._nodes.some((node) => ids.includes(node.id)),
  });
  // The visualiser labels a guard by its function's name (`and(route.to(#a), noneActive)`); a
  // production build has no visualiser, and keeps no name.
  if (process.env.NODE_ENV !== 'production') Object.defineProperty(guard, 'name', { value: 'noneActive' });
  return guard;
}

/**
 * Whether a state can be the screen shown in its part of the URL: it is atomic, or some child
 * without a route can be shown (its children can't all have URLs of their own); a parallel state,
 * when every region in its part of the URL can. A history state is never active, so never shown:
 * a state whose other children all have URLs gets no in-place answer (docs/routing.md).
 */
function showsItself(node: NodeConfig): boolean {
  if (!node.states) return true;
  const children = Object.values(node.states).filter(
    (child) => child.meta?.searchKey === undefined && child.type !== 'history',
  );
  if (children.length === 0) return true;
  const candidates = children.filter((child) => !child.route && showsItself(child));
  return node.type === 'parallel'
    ? children.every((child) => !child.route && showsItself(child))
    : candidates.length > 0;
}

interface Routable {
  config: NodeConfig;
  need: string[];
  /** Below a search-keyed parallel region: another part of the URL than the node searched from. */
  acrossRegion: boolean;
}

/** Routable strict descendants, each with every path param on its way down from the root. */
function routableDescendants(node: NodeConfig, above: string[], acrossRegion = false): Routable[] {
  if (!node.states) return [];
  const found: Routable[] = [];
  for (const child of Object.values(node.states)) {
    const need = above.concat(ownParams(child.meta));
    const across = acrossRegion || (node.type === 'parallel' && child.meta?.searchKey !== undefined);
    if (child.route) found.push({ config: child, need, acrossRegion: across });
    found.push(...routableDescendants(child, need, across));
  }
  return found;
}

/**
 * `states` with each state config mapped, into `into`: one key at a time, never by spreading or
 * Object.fromEntries(), which make an object with a shape of its own and so a new hidden class per
 * key (at 1,000 states about 5 ms each in a cold page, most of routed()'s and startsAtUrl()'s own
 * time); added one by one, a large object becomes a plain dictionary at once.
 */
function eachState(
  states: Record<string, NodeConfig>,
  map: (state: NodeConfig) => NodeConfig,
  into: Record<string, NodeConfig> = {},
): Record<string, NodeConfig> {
  for (const key of Object.keys(states)) into[key] = map(states[key]!);
  return into;
}

/** The state a machine made by `startsAtUrl` starts in, and the event that leaves it for the machine's own initial state. */
export const BOOT_STATE = 'routerBoot';
export const BOOT_EVENT = 'router.start';

/** Whether a snapshot's value is still in a boot state of `startsAtUrl()` (the root's, or a parallel root's region's). */
export const isBooting = (value: unknown): boolean =>
  // A string value's Object.values are its characters: never the boot state's name.
  value === BOOT_STATE || Object.values(value as object).includes(BOOT_STATE);

/**
 * `node` (compound) with a boot state in front of its own initial child `first`: the router's first
 * route events leave it (XState's route transitions, guards and actions included); `BOOT_EVENT`
 * leaves it for `first` when the URL is refused. Any other way into it (a transition that targets
 * the root, `RESET: '#app'`, or any event but the machine's start) goes straight on to `first`:
 * to the machine's own transitions the boot state is invisible, and they behave as written.
 */
function withBoot(node: NodeConfig, atRoot: boolean): NodeConfig {
  if (!node.states || node.type === 'parallel') return node;
  if (process.env.NODE_ENV !== 'production' && typeof node.initial !== 'string' && node.initial !== undefined) {
    throw new Error('startsAtUrl(): a booted node needs a plain `initial: "<child key>"`');
  }
  const first = (node.initial as string | undefined) ?? Object.keys(node.states)[0]!;
  const boot = {
    on: { [BOOT_EVENT]: first },
    always: { guard: ({ event }: { event: { type: string } }) => event.type !== 'xstate.init', target: first },
  };
  const states = eachState(node.states, (child) => (atRoot && WITHOUT_ANSWER.get(child)) || child, {
    [BOOT_STATE]: boot,
  });
  return { ...node, initial: BOOT_STATE, states };
}

/**
 * A deep link must enter the URL's state first: started as written, the machine would enter its
 * initial state (entry actions run, invoked actors start: a home screen's fetch on every deep link)
 * and only then move to the URL's. `startsAtUrl(machine)` gives the root an empty initial state that
 * the first route events leave through XState's root-level route transitions (guards and actions
 * included); if the URL is refused, `BOOT_EVENT` enters the machine's own initial state. A parallel
 * root gets one in each compound region, so a deep link enters each region's URL state first, and
 * a region the URL does not name enters its own initial state with the first move. The boot states
 * are invisible to the machine's own transitions (see withBoot). The app's actor runs this
 * machine; tests, path generation and diagrams use the machine as written. `provide` swaps
 * implementations as `machine.provide()` does, in the same build.
 */
export function startsAtUrl<M extends AnyStateMachine>(machine: M, provide?: Parameters<M['provide']>[0]): M {
  const root = machine.config as unknown as NodeConfig;
  if (!root.states) return provide ? (machine.provide(provide) as M) : machine;
  const config =
    root.type === 'parallel'
      ? { ...root, states: eachState(root.states, (region) => withBoot(region, false)) }
      : withBoot(root, true);
  // `provide` merged here as XState's own `machine.provide()` merges it, without building the
  // machine once more for it.
  const implementations = provide
    ? Object.fromEntries(
        Object.entries(machine.implementations).map(([kind, named]: [string, object]) => [
          kind,
          { ...named, ...(provide as Record<string, object | undefined>)[kind] },
        ]),
      )
    : machine.implementations;
  // Why the cast: as in routed(), the same machine with one more (empty) state.
  return createMachine(config as never, implementations as never) as unknown as M;
}
