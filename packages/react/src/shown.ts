import { useRef, useSyncExternalStore } from 'react';
import {
  toObserver,
  type ActorRef,
  type AnyMachineSnapshot,
  type EventObject,
  type Observer,
  type Snapshot,
} from 'xstate';
import type { Navigation } from '@statechart/core';
import type { Router } from './routing';

/**
 * What React shows of the router: the machine's snapshot and the latest navigation, read by every
 * hook of this package (useMachineSelector, useHref, Link, Outlet, useNavigation). They are the
 * actor's and the sync's as they are, except while a screen change waits for its view transition.
 *
 * Why a store of its own: the browser captures the old screen a frame after
 * `document.startViewTransition()` and then calls its update callback, in which the new screen must
 * be committed. React reads the machine through synchronous store subscriptions
 * (useSyncExternalStore: an event's new context must reach a controlled input in the same event, or
 * typing jumps), so it would commit the new screen at once, before the capture; and React's own
 * `<ViewTransition>` animates only updates made in a React transition, never these. So a screen
 * change is held here, the old snapshot still shown, until `present` commits it: the navigation
 * effects' chunk installs it (navigationEffects.ts) where the browser has view transitions. Without
 * it (before that chunk, in jsdom, in older browsers) nothing is ever held.
 */
export interface Shown {
  getSnapshot(): AnyMachineSnapshot;
  getNavigation(): Navigation;
  listen(listener: () => void): () => void;
  present?: {
    /** True when the change from `before` to the actor's snapshot now should wait for `run`. */
    holds(before: AnyMachineSnapshot): boolean;
    /** Called a microtask after the change (the router has settled its navigation): calls `commit` once. */
    run(commit: () => void, before: AnyMachineSnapshot): void;
  };
}

/**
 * One value of the shown snapshot, re-rendering only when it changes by `compare`: what
 * @xstate/react's useSelector does on the shown actor ref below, without that package and its
 * shim in every app's first load (664 B: docs/decisions/0030-xstate-react-on-the-shown-actor.md).
 * The last value is kept for the same snapshot and selector, and kept on when an equal one is
 * selected, so that React sees the same value until it changes.
 */
export function useShown<T>(
  router: Router,
  selector: (snapshot: AnyMachineSnapshot) => T,
  compare: (a: T, b: T) => boolean = Object.is,
): T {
  const shown = shownOf(router);
  const last = useRef<{ snapshot: AnyMachineSnapshot; selector: typeof selector; value: T }>(undefined);
  const select = () => {
    const snapshot = shown.getSnapshot();
    // An actor that failed: its error goes to the nearest error boundary, as with @xstate/react.
    if (snapshot.status === 'error') throw snapshot.error;
    const kept = last.current;
    if (kept?.snapshot === snapshot && kept.selector === selector) return kept.value;
    const value = selector(snapshot);
    last.current = { snapshot, selector, value: kept && compare(kept.value, value) ? kept.value : value };
    return last.current.value;
  };
  return useSyncExternalStore(shown.listen, select, select);
}

/**
 * The router's actor as React shows it (`useActorRef()` of @statechart/react, or of a product's
 * `typedRouting()`): an actor ref whose snapshot is the shown one, held as every hook of this
 * package is while a screen change waits for its view transition, for XState's own binding to read:
 * `useSelector(useActorRef(), selector)` from @xstate/react sees the old screen's snapshot until
 * the new screen is committed, in the transition's update callback. `send` goes to the actor.
 * The router's `actor` itself is not held: a `useSelector` on it renders the new state at once,
 * into the old screen's picture.
 */
export type ShownActorRef<
  TSnapshot extends Snapshot<unknown> = AnyMachineSnapshot,
  TEvent extends EventObject = EventObject,
> = Pick<ActorRef<TSnapshot, TEvent>, 'id' | 'sessionId' | 'getSnapshot' | 'subscribe' | 'send'>;

const actorRefs = new WeakMap<Router, ShownActorRef>();

/** The router's shown actor ref (one per router, so that a hook's subscription is kept across renders). */
export function shownActorOf(router: Router): ShownActorRef {
  let ref = actorRefs.get(router);
  if (!ref) actorRefs.set(router, (ref = createShownActorRef(router)));
  return ref;
}

function createShownActorRef(router: Router): ShownActorRef {
  const { actor } = router;
  const shown = shownOf(router);
  return {
    id: actor.id,
    sessionId: actor.sessionId,
    getSnapshot: shown.getSnapshot,
    send: (event) => actor.send(event),
    // As an actor's: the observer hears each snapshot shown, an error snapshot by `error`.
    subscribe(
      next?: Observer<AnyMachineSnapshot> | ((snapshot: AnyMachineSnapshot) => void),
      error?: (error: unknown) => void,
      complete?: () => void,
    ) {
      const observer = toObserver(next, error, complete);
      const unsubscribe = shown.listen(() => {
        const snapshot = shown.getSnapshot();
        if (snapshot.status === 'error') observer.error?.(snapshot.error);
        else observer.next?.(snapshot);
        if (snapshot.status === 'done') observer.complete?.();
      });
      return { unsubscribe };
    },
  };
}

const stores = new WeakMap<Router, Shown>();

/** The router's store for React (one per router, made on first use). */
export function shownOf(router: Router): Shown {
  let store = stores.get(router);
  if (!store) stores.set(router, (store = createShown(router)));
  return store;
}

function createShown({ actor, sync }: Router): Shown {
  const listeners = new Set<() => void>();
  let snapshot: AnyMachineSnapshot = actor.getSnapshot();
  let navigation = sync.getNavigation();
  let held = false;
  const commit = () => {
    held = false;
    snapshot = actor.getSnapshot();
    navigation = sync.getNavigation();
    for (const listener of listeners) listener();
  };
  const changed = () => {
    if (held) return;
    const { present } = store;
    if (!present?.holds(snapshot)) return commit();
    held = true;
    const before = snapshot;
    queueMicrotask(() => present.run(commit, before));
  };
  const listen = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  // Every store change, and the navigations and refusals the sync announces after the actor's.
  actor.subscribe({ next: changed, error: changed });
  sync.subscribe(changed);
  const store: Shown = {
    getSnapshot: () => snapshot,
    getNavigation: () => navigation,
    listen,
  };
  return store;
}
