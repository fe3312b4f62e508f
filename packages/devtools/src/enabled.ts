import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate';
import { type RouteMeta } from '@statechart/core';
import { ownParams } from '@statechart/core/internal';
import { findDefinition, type GraphTransition, type MachineGraph } from './graph';

/** Payload for a domain event's button: a sample (from a spec, or typed in the overlay), or none. */
export type PayloadFor = (type: string) => Record<string, unknown> | undefined;

/**
 * A transition the overlay could not weigh: its guard threw while asked whether it is enabled
 * (`guard`), or its route target is no state of the machine (`target`). Shown in the panel.
 */
export interface GuardError {
  transition: string;
  message: string;
  kind?: 'guard' | 'target';
}

/**
 * The drawn transitions the machine would take now, each with the event that takes it: a
 * transition is enabled when XState selects that very definition for the event (so a guard that
 * refuses, or a deeper state that handles the event first, leaves it disabled). A route
 * transition's event carries the current params. Internal events (`xstate.*` other than routes)
 * and `always` are never sent by hand.
 */
export function enabledTransitions(
  machine: AnyStateMachine,
  graph: MachineGraph,
  snapshot: AnyMachineSnapshot,
  active: ReadonlySet<string>,
  payloadFor: PayloadFor = () => undefined,
  errors: GuardError[] = [],
): Map<string, EventObject> {
  const enabled = new Map<string, EventObject>();
  for (const transition of graph.transitions) check(machine, transition, snapshot, active, payloadFor, enabled, errors);
  return enabled;
}

/**
 * The same, a slice of at most `sliceMs` at a time between which the main thread is free: on a
 * machine with hundreds of routes every route transition at the root is a candidate and XState
 * weighs each against all the others (~0.5 s for 1,000 routes), which in one task would block
 * input at every step of the app. Resolves `null` once `cancelled()` says the answer is no longer wanted.
 */
export async function enabledTransitionsInSlices(
  machine: AnyStateMachine,
  graph: MachineGraph,
  snapshot: AnyMachineSnapshot,
  active: ReadonlySet<string>,
  payloadFor: PayloadFor,
  errors: GuardError[],
  cancelled: () => boolean,
  sliceMs = 8,
): Promise<Map<string, EventObject> | null> {
  const enabled = new Map<string, EventObject>();
  let sliceStart = performance.now();
  for (const transition of graph.transitions) {
    if (performance.now() - sliceStart > sliceMs) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (cancelled()) return null;
      sliceStart = performance.now();
    }
    check(machine, transition, snapshot, active, payloadFor, enabled, errors);
  }
  return cancelled() ? null : enabled;
}

function check(
  machine: AnyStateMachine,
  transition: GraphTransition,
  snapshot: AnyMachineSnapshot,
  active: ReadonlySet<string>,
  payloadFor: PayloadFor,
  enabled: Map<string, EventObject>,
  errors: GuardError[],
) {
  if (!active.has(transition.source)) return;
  if (transition.kind === 'route' && transition.routeTo && !resolves(machine, transition.routeTo)) {
    errors.push({
      transition: transition.id,
      message: `its route target ${transition.routeTo} is no state of the machine`,
      kind: 'target',
    });
    return;
  }
  const event = eventFor(machine, transition, snapshot, payloadFor);
  if (!event) return;
  try {
    const selected: unknown[] = machine.getTransitionData(snapshot, event);
    if (selected.includes(findDefinition(machine, transition))) enabled.set(transition.id, event);
  } catch (error) {
    // A guard that reads a payload field the event lacks throws: say so instead of crashing.
    errors.push({ transition: transition.id, message: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * The params a route target's URL is made of: its and its ancestors' path params, its search. `to`
 * is the route event's `#id` as XState writes it, passed whole: XState strips its one `#` itself, so
 * an id that starts with `#` (`'##document-validation'`) resolves. A target no state has gives no
 * params, never an exception (this runs while the panel renders).
 */
export function targetParamNames(machine: AnyStateMachine, to: string): string[] {
  const names: string[] = [];
  let node: AnyStateNode | undefined;
  try {
    node = machine.getStateNodeById(to);
  } catch {
    return names;
  }
  const meta = node.meta as RouteMeta | undefined;
  names.push(...Object.keys(meta?.search ?? {}));
  for (; node; node = node.parent) names.push(...ownParams(node.meta as RouteMeta | undefined));
  return names;
}

function resolves(machine: AnyStateMachine, to: string): boolean {
  try {
    machine.getStateNodeById(to);
    return true;
  } catch {
    return false;
  }
}

function eventFor(
  machine: AnyStateMachine,
  transition: GraphTransition,
  snapshot: AnyMachineSnapshot,
  payloadFor: PayloadFor,
): EventObject | null {
  if (transition.kind === 'route' && transition.routeTo) {
    const params = (snapshot.context as { params?: Record<string, unknown> } | undefined)?.params ?? {};
    const own = targetParamNames(machine, transition.routeTo).filter((name) => params[name] !== undefined);
    return {
      type: 'xstate.route',
      to: transition.routeTo,
      params: Object.fromEntries(own.map((name) => [name, params[name]])),
    } as EventObject;
  }
  if (transition.kind === 'always' || transition.event.startsWith('xstate.') || transition.event === '*') return null;
  return { ...payloadFor(transition.event), type: transition.event };
}

/** Compact text of an event for buttons and the log: `xstate.route #sectionItem {"id":2}`. */
export function describeEvent(event: EventObject): string {
  const { type, ...rest } = event as EventObject & Record<string, unknown>;
  if (type === 'xstate.route') {
    const { to, params } = rest as { to?: unknown; params?: unknown };
    return `${type} ${String(to)}${params && Object.keys(params).length > 0 ? ` ${JSON.stringify(params)}` : ''}`;
  }
  return Object.keys(rest).length > 0 ? `${type} ${JSON.stringify(rest)}` : type;
}
