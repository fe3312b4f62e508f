import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { findDefinition, type GraphTransition, type MachineGraph } from './graph';

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
): Map<string, EventObject> {
  const enabled = new Map<string, EventObject>();
  for (const transition of graph.transitions) {
    if (!active.has(transition.source)) continue;
    const event = eventFor(transition, snapshot);
    if (!event) continue;
    const selected: unknown[] = machine.getTransitionData(snapshot, event);
    if (selected.includes(findDefinition(machine, transition))) enabled.set(transition.id, event);
  }
  return enabled;
}

function eventFor(transition: GraphTransition, snapshot: AnyMachineSnapshot): EventObject | null {
  if (transition.kind === 'route') {
    const params = (snapshot.context as { params?: Record<string, unknown> } | undefined)?.params ?? {};
    return { type: 'xstate.route', to: transition.routeTo, params: { ...params } } as EventObject;
  }
  if (transition.kind === 'always' || transition.event.startsWith('xstate.') || transition.event === '*') return null;
  return { type: transition.event };
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
