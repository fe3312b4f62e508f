import { useEffect, useSyncExternalStore } from 'react';
import type { AnyActorRef, AnyMachineSnapshot, AnyStateNode, EventObject, InspectionEvent } from 'xstate';
import { activeNodesOf, href, LEAVING_REFUSED, type RouteEvent } from '@statechart/core';
import { useRouter, type Router } from './routing';

/**
 * A URL-driven move (a link, Back, Forward, a route sent by a tool) that the machine refused:
 * nothing moved, so something must say why, or the person thinks the app is broken.
 */
export interface Refusal {
  /** One more per refusal since the app started: a new notice per refusal. */
  id: number;
  /** The machine's own words, when the refusal said why: a `leaving.refused` event with a `message`. */
  message: string | undefined;
  /** True when a view that shows its own notice (FormScreen) was on screen: the shell says nothing. */
  claimed: boolean;
  /** The navigation the refusal happened on: a notice goes once the screen changes. */
  navigation: number;
  /** Makes the move that was asked, once its reason is gone (the changes discarded). */
  goOn(): void;
}

interface RefusalLog {
  latest(): Refusal | undefined;
  subscribe(listener: () => void): () => void;
  /** A view that shows its own notice for refusals, while mounted; returns the release. */
  claim(): () => void;
}

const logs = new WeakMap<AnyActorRef, RefusalLog>();

/**
 * The refusals of `router`'s machine, found by watching its events (`actor.system.inspect`): a
 * route event after which the URL is the one before, though it asked for another, and whose
 * state was never entered on the way (a redirect back to the screen shown is a move, not a
 * refusal). That covers every kind: `refuseLeavingWhile`, a route guard, a loading child. One log
 * per actor, made on first use (the shell's first render, before anyone can click).
 */
export function refusalsOf(router: Router): RefusalLog {
  let log = logs.get(router.actor);
  if (!log) logs.set(router.actor, (log = createLog(router)));
  return log;
}

function createLog({ actor, table, sync }: Router): RefusalLog {
  const listeners = new Set<() => void>();
  let latest: Refusal | undefined;
  let claims = 0;
  let count = 0;
  let before: AnyMachineSnapshot = actor.getSnapshot() as AnyMachineSnapshot;
  let steps: AnyMachineSnapshot[] = [];
  let message: string | undefined;

  // Emitted while the event is processed, before its snapshot is inspected.
  actor.on(LEAVING_REFUSED, (event: EventObject & { message?: unknown }) => {
    message = typeof event.message === 'string' ? event.message : undefined;
  });
  actor.system.inspect((inspection: InspectionEvent) => {
    if (inspection.actorRef !== actor) return;
    if (inspection.type === '@xstate.microstep') steps.push(inspection.snapshot as AnyMachineSnapshot);
    if (inspection.type !== '@xstate.snapshot') return;
    const after = inspection.snapshot as AnyMachineSnapshot;
    const [from, passed, words] = [before, steps, message];
    [before, steps, message] = [after, [], undefined];
    const event = inspection.event;
    if (!isRouteEvent(event)) return;
    const asked = sync.hrefFor(event.to, event.params, from);
    const here = href(table, from);
    if (sync.toAppUrl(asked) === here || href(table, after) !== here) return;
    const target = table.routes.get(event.to.slice(1))?.node;
    if (target && passed.some((step) => entersTarget(table, from, step, target))) return;
    latest = {
      id: ++count,
      message: words,
      claimed: claims > 0,
      navigation: sync.getNavigation().id,
      goOn: goOnFor(sync, asked),
    };
    for (const listener of listeners) listener();
  });

  return {
    latest: () => latest,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    claim() {
      claims += 1;
      let released = false;
      return () => {
        if (!released) [released, claims] = [true, claims - 1];
      };
    },
  };
}

function isRouteEvent(event: EventObject): event is RouteEvent {
  return event.type === 'xstate.route' && typeof (event as Partial<RouteEvent>).to === 'string';
}

function entersTarget(
  table: Router['table'],
  from: AnyMachineSnapshot,
  step: AnyMachineSnapshot,
  target: AnyStateNode,
): boolean {
  return activeNodesOf(table, step).includes(target) && !activeNodesOf(table, from).includes(target);
}

/**
 * The move asked, made again as a link would: a refused Back or Forward too goes to the entry's
 * URL as a new entry, since only the router (core's sync.ts) may step through the history.
 */
function goOnFor(sync: Router['sync'], asked: string): () => void {
  return () => sync.navigate(sync.toAppUrl(asked));
}

/** The latest refusal of the app's machine (undefined before the first), re-rendering on each. */
export function useRefusal(): Refusal | undefined {
  const log = refusalsOf(useRouter());
  return useSyncExternalStore(log.subscribe, log.latest, log.latest);
}

/**
 * For a view that shows its own notice when a move is refused (FormScreen's): while it is mounted,
 * the shell's notice stays away.
 */
export function useOwnRefusalNotice(): void {
  const log = refusalsOf(useRouter());
  useEffect(() => log.claim(), [log]);
}
