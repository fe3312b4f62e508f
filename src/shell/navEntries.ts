import { transition, type AnyMachineSnapshot } from 'xstate';
import type { Route, RouteTable } from '../routing/table';
import { activeNodes } from '../routing/url';

/**
 * The header's entries the machine would accept now: routing there (a pure `transition()`, no
 * actor) reaches the entry's state, or is refused in place (a form with unsaved input: the entry
 * stays, and the click is refused as usual). An entry whose route lands somewhere else (a role
 * that may not see it is sent to a "not allowed" state) is left out. Joined ids, so the shell
 * re-renders only when the set changes.
 */
export function acceptedNavIds(table: RouteTable, snapshot: AnyMachineSnapshot): string {
  return table.nav
    .filter((route) => accepts(table, snapshot, route))
    .map((route) => route.id)
    .join(' ');
}

function accepts(table: RouteTable, snapshot: AnyMachineSnapshot, route: Route): boolean {
  const [next] = transition(table.machine, snapshot, { type: 'xstate.route', to: `#${route.id}`, params: {} });
  if (activeNodes(table.machine.root, next.value).some((node) => node.id === route.id)) return true;
  return JSON.stringify(next.value) === JSON.stringify(snapshot.value);
}
