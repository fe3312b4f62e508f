import { initialTransition, transition, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { type Route, type RouteTable, locate } from '@statechart/core';
import { activeNodes } from '@statechart/core/internal';

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

/**
 * The header's entries that contain the screen shown by URL, not by state: `/projects/new` is
 * below "Projects" (`/projects`) even when the form is a sibling of the list in the machine. A
 * screen is below an entry when the entry's path segments (params included, as patterns) begin
 * its own. The entry to `/` contains every URL, so it is never marked this way; the screen shown
 * is marked by the link itself (aria-current="page"). Joined ids, like acceptedNavIds.
 *
 * Why by URL and not by nesting the form under its list: nesting makes the list's view (and its
 * call) part of the form's screen, and moves the form's URL under the list's only if the machine
 * says so; the URL is what a person reads as "where am I", so the header follows it.
 */
export function navIdsAboveScreen(table: RouteTable, snapshot: AnyMachineSnapshot): string {
  const shown = locate(table, snapshot).find((location) => location.route.region === null)?.route;
  if (!shown || shown.keepsUrl) return '';
  return table.nav
    .filter(
      (route) =>
        route.region === null &&
        route.segments.length > 0 &&
        route.segments.length < shown.segments.length &&
        route.segments.every((segment, index) => shown.segments[index] === segment),
    )
    .map((route) => route.id)
    .join(' ');
}
