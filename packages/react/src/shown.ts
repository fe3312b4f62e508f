import { useRef, useSyncExternalStore } from 'react';
import type { AnyMachineSnapshot } from 'xstate';
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
 * @xstate/react's useSelector does on an actor, on this store (and without that package in the
 * first load). The last value is kept for the same snapshot and selector, and kept on when an
 * equal one is selected, so that React sees the same value until it changes.
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
