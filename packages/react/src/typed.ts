import type { AnchorHTMLAttributes, ReactNode } from 'react';
import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import type { DomainEventOf, RouteIdOf, RoutesOf, RouteTypes } from '@statechart/core';
import { Link, useActorRef, useHref, useMachineSelector, useSend } from './routing';
import type { ShownActorRef } from './shown';

/**
 * The React binding typed by one machine. Each app declares it once
 * (`export const { Link, useHref, useSend, useMachineSelector, useActorRef } = typedRouting<typeof appMachine>()`)
 * and its views import from there: a link to a state that is not routable, a missing or mistyped
 * path param, an unknown param, an event the machine does not have or a wrong payload do not
 * compile, and selectors see the machine's snapshot. The functions are the untyped ones below
 * (react.tsx); only their types are narrowed, so nothing changes at run time.
 */
export interface MachineRouting<M extends AnyStateMachine> {
  /** `<Link to="#sectionItem" params={{ id: 3 }}>`: see react.tsx's `Link`. */
  Link: (props: LinkProps<RoutesOf<M>>) => ReactNode;
  /** The href a link to `to` would have now. */
  useHref: <To extends RouteIdOf<M>>(to: To, ...params: ParamsArgs<RouteOf<M, To>>) => string;
  /** Sends one of the machine's domain events, payload included. */
  useSend: () => (event: DomainEventOf<M>) => void;
  /** One value of the machine's snapshot (context, `matches`, tags), typed without a type argument. */
  useMachineSelector: <T>(selector: (snapshot: SnapshotFrom<M>) => T) => T;
  /**
   * The app's actor as React shows it, for @xstate/react: `useSelector(useActorRef(), selector)`
   * sees the machine's snapshot as `useMachineSelector` does, held during a view transition.
   */
  useActorRef: () => ShownActorRef<SnapshotFrom<M>, DomainEventOf<M>>;
}

export function typedRouting<M extends AnyStateMachine>(): MachineRouting<M> {
  return { Link, useHref, useSend, useMachineSelector, useActorRef };
}

/** @internal A step of `TypedLinkProps`: an anchor's props but its href. */
type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

/** @internal A step of `MachineRouting`'s types: the route a `#id` names. */
type RouteOf<M, To> = To extends `#${infer Id extends keyof RoutesOf<M> & string}` ? RoutesOf<M>[Id] : never;

/** Path params and search params in one object, as the link and the route event carry them; none: no object. */
type AllParams<R> = R extends RouteTypes
  ? [keyof R['params'] | keyof R['search']] extends [never]
    ? undefined
    : { [K in keyof (R['params'] & R['search'])]: (R['params'] & R['search'])[K] }
  : never;

/** Required when the route has path params; optional otherwise. */
/** @internal A step of `TypedLinkProps`: the params prop, optional when a route has none. */
type ParamsProp<R> = R extends RouteTypes
  ? [keyof R['params']] extends [never]
    ? { params?: AllParams<R> }
    : { params: AllParams<R> }
  : never;

/** @internal A step of `MachineRouting`'s types: the params argument, optional when a route has none. */
type ParamsArgs<R> = R extends RouteTypes
  ? [keyof R['params']] extends [never]
    ? [params?: AllParams<R>]
    : [params: AllParams<R>]
  : never;

/** One member per routable state, told apart by `to`. */
export type LinkProps<Routes> = {
  [Id in keyof Routes & string]: AnchorProps & { to: `#${Id}` } & ParamsProp<Routes[Id]>;
}[keyof Routes & string];
