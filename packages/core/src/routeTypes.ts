import type { AnyStateMachine, ContextFrom, EventFromLogic } from 'xstate';
import type { Param } from './routeMeta';
import { builtOnFirstUse } from './routed';

/**
 * The compiler's view of a machine's routes. XState keeps a machine's routable ids in its event
 * type (`{ type: 'xstate.route'; to: '#home' | … }`) but drops every state's `meta` from the
 * machine's type, so the path params a link needs would be lost. `keepRouteTypes` keeps the
 * config's type on the machine (at run time it only defers the machine's build: see below), and
 * the types below derive each route's params from its `meta.path` and `meta.params`/`meta.search`
 * parsers.
 */

/** @internal A phantom key that carries a machine's route config in its type: it has no value to export. */
declare const ROUTE_CONFIG: unique symbol;

/** A machine that also carries the type of the config it was made from. */
export type WithRouteConfig<M extends AnyStateMachine, C> = M & { readonly [ROUTE_CONFIG]?: C };

/**
 * Wraps a setup's `createMachine` so that the machine it makes carries its config's type:
 * `keepRouteTypes(setup({ … }).createMachine)({ …config })`. The config is still checked and
 * contextually typed by XState (the generic `createMachine` passes through unchanged), and its
 * `meta` literals (`path: ':id'`, `params: { id: int }`) stay literal, so route params are typed
 * from the meta itself, never written twice.
 *
 * At run time the machine is `create(config)` built on first use (routed.ts's `builtOnFirstUse`):
 * `routed()` reads only its config and implementations, which an empty machine of the same
 * `create` gives without building the whole one, so a routed app's start-up skips a build of
 * every state (~30 µs per routable state). This holds for a setup's `createMachine` and XState's
 * own, which add nothing to a config but setup's schemas (packages/core/test/typed.test.ts checks both).
 */
export function keepRouteTypes<C, M extends AnyStateMachine>(
  create: (config: C) => M,
): (config: C) => WithRouteConfig<M, C> {
  return (config) => {
    const empty = create({} as C);
    return builtOnFirstUse({ ...empty.config, ...config }, empty.implementations, empty, () => create(config)) as M;
  };
}

/** One routable state: the path params a link must give (its own and its ancestors'), and its search params. */
export interface RouteTypes {
  params: object;
  search: object;
}

/** Every routable state of a machine made through `keepRouteTypes`, by id (without `#`). */
export type RoutesOf<M> = M extends { readonly [ROUTE_CONFIG]?: infer C } ? RoutesOfConfig<C> : never;

/** `#id` of every routable state. */
export type RouteIdOf<M> = `#${keyof RoutesOf<M> & string}`;

/** The machine's events a view may send: every event but the URL-driven `xstate.route` (links send those). */
export type DomainEventOf<M extends AnyStateMachine> = Exclude<EventFromLogic<M>, { type: 'xstate.route' }>;

/** @internal A step of `RoutesOf`: products name `RoutesOf`, never this. */
type RoutesOfConfig<C> = {
  [E in RouteEntries<C, None, None> as E['id']]: { params: Flat<E['params']>; search: Flat<E['search']> };
};

/** Path params add up down the tree, and so do search params (a list's `?page` holds on its details). */
type RouteEntries<Node, Above extends object, AboveSearch extends object> =
  | (Node extends { readonly id: infer Id extends string; readonly route: object }
      ? { id: Id; params: Above & OwnParams<Node>; search: AboveSearch & OwnSearch<Node> }
      : never)
  | (Node extends { readonly states: infer States }
      ? {
          [K in keyof States]: RouteEntries<States[K], Above & OwnParams<Node>, AboveSearch & SearchOf<Node>>;
        }[keyof States]
      : never);

/** No params: an object type with no keys. */
type None = Record<never, never>;

type MetaOf<Node> = Node extends { readonly meta: infer Meta } ? Meta : None;

/** The `:name` params of a state's own `meta.path`, typed by its `meta.params` parsers (text by default). */
type OwnParams<Node> =
  MetaOf<Node> extends { readonly path: infer Path extends string }
    ? { [Name in ParamNames<Path>]: ParserValue<MetaOf<Node>, 'params', Name, string> }
    : None;

/** Search params are optional; a `path: '*'` state may be given the URL it keeps. */
type OwnSearch<Node> = SearchOf<Node> & (MetaOf<Node> extends { readonly path: '*' } ? { '*'?: string } : None);

type SearchOf<Node> = {
  [Name in SearchNames<MetaOf<Node>>]?: ParserValue<MetaOf<Node>, 'search', Name, never>;
};

type SearchNames<Meta> = Meta extends { readonly search: infer Search } ? keyof Search & string : never;

type ParserValue<Meta, Field extends 'params' | 'search', Name extends string, Default> = Meta extends {
  readonly [F in Field]: { readonly [N in Name]: Param<infer T> };
}
  ? T
  : Default;

type ParamNames<Path extends string> = Path extends `${infer Segment}/${infer Rest}`
  ? SegmentParam<Segment> | ParamNames<Rest>
  : SegmentParam<Path>;

type SegmentParam<Segment extends string> = Segment extends `:${infer Name}` ? Name : never;

type Flat<T> = { [K in keyof T]: T[K] };

/**
 * `true` when the machine's context types every URL param as its route's parser makes it
 * (`RoutedContext<{ id: number }>` with `params: { id: int }`), else a message naming the params
 * that disagree. Params the context does not name are not checked.
 */
export type ContextParamsAgree<M extends AnyStateMachine> = [ParamMismatches<M>] extends [never]
  ? true
  : `context.params.${ParamMismatches<M> & string}: the context's type differs from what meta parses`;

/** @internal A step of `ContextParamsAgree`: products name `ContextParamsAgree`, never this. */
type ParamMismatches<M extends AnyStateMachine> = {
  [Id in keyof RoutesOf<M>]: MismatchesIn<RoutesOf<M>[Id], ContextParams<M>>;
}[keyof RoutesOf<M>];

type ContextParams<M extends AnyStateMachine> = ContextFrom<M> extends { params: infer P } ? P : never;

type MismatchesIn<R, P> = R extends RouteTypes
  ? {
      [K in keyof (R['params'] & R['search'])]-?: K extends keyof P
        ? [NonNullable<(R['params'] & R['search'])[K]>] extends [NonNullable<P[K]>]
          ? never
          : K
        : never;
    }[keyof (R['params'] & R['search'])]
  : never;

/**
 * `true` when every `on:` key of the machine's states is one of its events (or `*`, or an
 * `area.*` wildcard that some event matches), else a message naming the keys that are not.
 * XState's own `createMachine` rejects such a key only in a fresh object literal (an excess-key
 * check): a state written apart (a shared piece, `{ ...a, ...b }` from a helper, a generated block)
 * slips through. This reads the keys from the config's type, wherever they were written;
 * packages/react/test/types/events.types.ts holds each machine to it, so such a key fails `tsc`.
 */
export type EventsDeclared<M extends AnyStateMachine> = [UndeclaredEvents<M>] extends [never]
  ? true
  : `on: '${UndeclaredEvents<M> & string}' is not an event of the machine: add it to the events type in setup({ types: { events } }), or fix its name`;

/**
 * @internal A step of `EventsDeclared`: the `on:` keys of a machine made through `keepRouteTypes`
 * that name no event it declares. Products name `EventsDeclared`, never this.
 */
export type UndeclaredEvents<M extends AnyStateMachine> = M extends { readonly [ROUTE_CONFIG]?: infer C }
  ? Exclude<OnKeys<C>, DeclaredKey<OnKeys<C>, EventFromLogic<M>['type']>>
  : never;

type OnKeys<Node> =
  | (Node extends { readonly on: infer On } ? keyof On & string : never)
  | (Node extends { readonly states: infer States } ? { [K in keyof States]: OnKeys<States[K]> }[keyof States] : never);

/** The keys that name a declared event: the type itself, `*`, or `area.*` when an event starts with `area.`. */
type DeclaredKey<Key extends string, Types extends string> = Key extends '*'
  ? Key
  : Key extends `${infer Area}.*`
    ? [Extract<Types, `${Area}.${string}`>] extends [never]
      ? never
      : Key
    : Key extends Types
      ? Key
      : never;
