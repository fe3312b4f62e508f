import { initialTransition, transition, type AnyMachineSnapshot, type AnyStateMachine, type StateValue } from 'xstate';
import { startsAtUrl, buildRouteTable, type RouteTable, href, resolveUrl, routeEvent } from '@statechart/core';
import { BOOT_EVENT, isBooting } from '@statechart/core/internal';
import type { AnyEvent } from './spec';

/**
 * An exploration recorded in the statechart overlay ("Copy as test") and pasted into a spec's
 * `cases`: where the machine starts, then each event with its payload and the state value and URL
 * expected after it. Plain JSON, so the overlay's output is pasted as is.
 */

export interface RecordedCase {
  name: string;
  /** The machine's `input`, and a URL entered first as the app enters a deep link. */
  start: { input?: unknown; url?: string };
  steps: { event: AnyEvent; value: StateValue; url?: string }[];
}

/**
 * Replays a case on the machine with XState's pure `transition` (no action runs, no actor
 * starts: an invoked actor's outcome and an `after` timer are recorded events like any other), on
 * `startsAtUrl(machine)` as the app runs it. Throws at the first step whose state value or URL
 * differs, naming the step, the expected and the found.
 */
export function replayCase(machine: AnyStateMachine, recorded: RecordedCase): AnyMachineSnapshot {
  const running = bootable(machine);
  const table = routeTableOf(running);
  let [snapshot] = initialTransition(running, recorded.start.input);
  if (recorded.start.url !== undefined) {
    if (!table) throw new Error(`Case "${recorded.name}" starts at a URL, but ${machine.id} has no route table`);
    for (const location of resolveUrl(table, recorded.start.url)) {
      [snapshot] = transition(running, snapshot, routeEvent(location));
    }
  }
  if (recorded.start.url !== undefined && isBooting(snapshot.value)) {
    [snapshot] = transition(running, snapshot, { type: BOOT_EVENT });
  }
  recorded.steps.forEach((step, index) => {
    const where = `Case "${recorded.name}", step ${index + 1} of ${recorded.steps.length} (${describe(step.event)})`;
    [snapshot] = transition(running, snapshot, step.event);
    if (snapshot.status === 'error') {
      throw new Error(`${where}: the machine stopped on an error: ${String(snapshot.error)}`);
    }
    const url = table && !isBooting(snapshot.value) ? href(table, snapshot) : undefined;
    const sameValue = JSON.stringify(sortKeys(snapshot.value)) === JSON.stringify(sortKeys(step.value));
    if (!sameValue || (step.url !== undefined && url !== step.url)) {
      throw new Error(
        `${where}:\n  expected state ${JSON.stringify(step.value)} at ${step.url ?? '(no URL)'}\n` +
          `  found    state ${JSON.stringify(snapshot.value)} at ${url ?? '(no URL)'}\n` +
          `  The machine no longer does what was recorded. If the change is intended, record the case ` +
          `again (overlay → Copy as test) or edit this step's expectations.`,
      );
    }
  });
  return snapshot;
}

/** The machine as the app's actor runs it: a routed machine waits for its first URL in a boot state. */
function bootable(machine: AnyStateMachine): AnyStateMachine {
  try {
    return startsAtUrl(machine);
  } catch {
    // A root with a non-string initial cannot boot at a URL: replay the machine as written.
    return machine;
  }
}

function routeTableOf(machine: AnyStateMachine): RouteTable | null {
  try {
    return buildRouteTable(machine);
  } catch {
    // Not a routed machine: its cases check state values only.
    return null;
  }
}

const describe = (event: AnyEvent) => {
  const { type, ...rest } = event;
  return Object.keys(rest).length > 0 ? `${type} ${JSON.stringify(rest)}` : type;
};

function sortKeys(value: StateValue): unknown {
  if (typeof value === 'string') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys(value[key] as StateValue)]),
  );
}
