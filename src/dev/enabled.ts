import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate';
import { ownParams } from '../../machines/routed';
import type { RouteMeta } from '../../machines/routeMeta';
import { findDefinition, type GraphTransition, type MachineGraph } from './graph';

/** Payload for a domain event's button: a sample (from a spec, or typed in the overlay), or none. */
export type PayloadFor = (type: string) => Record<string, unknown> | undefined;

/** A guard that threw while the overlay asked whether its transition is enabled. */
export interface GuardError {
  transition: string;
  message: string;
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
  for (const transition of graph.transitions) {
    if (!active.has(transition.source)) continue;
    const event = eventFor(machine, transition, snapshot, payloadFor);
    if (!event) continue;
    try {
      const selected: unknown[] = machine.getTransitionData(snapshot, event);
      if (selected.includes(findDefinition(machine, transition))) enabled.set(transition.id, event);
    } catch (error) {
      // A guard that reads a payload field the event lacks throws: say so instead of crashing.
      errors.push({ transition: transition.id, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return enabled;
}

/** The params a route target's URL is made of: its and its ancestors' path params, its search. */
export function targetParamNames(machine: AnyStateMachine, to: string): string[] {
  const names: string[] = [];
  let node: AnyStateNode | undefined = machine.getStateNodeById(to.replace(/^#/, ''));
  const meta = node.meta as RouteMeta | undefined;
  names.push(...Object.keys(meta?.search ?? {}));
  for (; node; node = node.parent) names.push(...ownParams(node.meta as RouteMeta | undefined));
  return names;
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
