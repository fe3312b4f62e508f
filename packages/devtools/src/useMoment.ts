import { useMemo } from 'react';
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type { RouteTable } from '@statechart/core';
import { activeNodes } from '@statechart/core/internal';
import { actorTree, type LoggedEvent } from './eventLog';
import { changedPaths, explainEntry, routeShown, stepMarks } from './moments';

/**
 * The moment the inspector shows (time travel): a selected log entry's snapshot instead of the
 * live one, the app untouched; and what the event explained did (the selected one, else the last
 * one the machine took if it made the live snapshot).
 */
export function useMoment(
  machine: AnyStateMachine,
  table: RouteTable | null,
  events: readonly LoggedEvent[],
  liveSnapshot: AnyMachineSnapshot,
  selected: number | null,
) {
  const entry = selected === null ? undefined : events.find((event) => event.seq === selected);
  const latestRoot = events.findLast((event) => event.root && event.after);
  const past = entry !== undefined && entry !== latestRoot;
  const shown = entry?.after ?? liveSnapshot;
  const explained = entry ?? (latestRoot?.after === liveSnapshot ? latestRoot : undefined);

  const active = useMemo(() => activeIds(machine, shown), [machine, shown]);
  const step = useMemo(() => explainEntry(explained?.before, explained), [explained]);
  const marks = useMemo(() => (entry && step ? stepMarks(step) : undefined), [entry, step]);
  const changed = useMemo(
    () => new Set(explained?.before ? changedPaths(explained.before.context, explained.after?.context) : []),
    [explained],
  );
  const route = useMemo(() => routeShown(table, shown), [table, shown]);
  // Live: read now (an invoked actor's own state changes without the root's snapshot changing;
  // every such event is logged, and the log re-renders this). Past: as kept at that moment.
  const actors = entry?.actors ?? actorTree(liveSnapshot);
  return { entry, latestRoot, past, shown, explained, active, step, marks, changed, route, actors };
}

function activeIds(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): Set<string> {
  try {
    return new Set(activeNodes(machine.root, snapshot.value).map((node) => node.id));
  } catch {
    // The app's machine waits for its first URL in a boot state the machine as written lacks.
    return new Set();
  }
}
