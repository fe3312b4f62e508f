import { initialTransition, transition, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import type { Route, RouteTable } from '../routing/table';
import { activeNodes } from '../routing/url';

/**
 * The header's entries the machine would accept now: routing there (a pure `transition()`, no
 * actor, no action run) reaches the entry's state. An entry whose route lands somewhere else (a
 * role that may not see it is sent to a "not allowed" state) is left out. When the current state
 * refuses every move (a form with unsaved input), the entry is judged as a deep link with the
 * same context would be, so typing does not change the menu. Joined ids, so the shell re-renders
 * only when the set changes.
 */
export function acceptedNavIds(table: RouteTable, snapshot: AnyMachineSnapshot): string {
  return table.nav
    .filter((route) => accepts(table, snapshot, route))
    .map((route) => route.id)
    .join(' ');
}

function accepts(table: RouteTable, snapshot: AnyMachineSnapshot, route: Route): boolean {
  const event = { type: 'xstate.route', to: `#${route.id}`, params: {} } as const;
  const lands = (from: AnyMachineSnapshot) => {
    const [next] = transition(table.machine, from, event);
    return { next, there: activeNodes(table.machine.root, next.value).some((node) => node.id === route.id) };
  };
  const here = lands(snapshot);
  if (here.there) return true;
  if (JSON.stringify(here.next.value) !== JSON.stringify(snapshot.value)) return false;
  return lands(entryWith(table.machine, snapshot)).there;
}

const entries = new WeakMap<AnyStateMachine, AnyMachineSnapshot>();

/** The machine's first state, with the context of `snapshot` (the roles of now). */
function entryWith(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): AnyMachineSnapshot {
  let entry = entries.get(machine);
  if (!entry) entries.set(machine, (entry = initialTransition(machine)[0] as AnyMachineSnapshot));
  return machine.resolveState({ value: entry.value, context: snapshot.context });
}
