import type { AnyMachineSnapshot } from 'xstate';
import { href } from '@statechart/core';
import type { MachineSpec } from './spec';
import { describeSnapshot } from './cover';
import { describeEvent, emptySeen, observe, type TestPath } from './graph';
import { checkRestore } from './history';
import { createControlledActor, createControls, undeclaredOutcomes } from './internal';

/** Replays a path on an actor; a step that lands elsewhere says where, expected and found. */
export async function replayOnActor(spec: MachineSpec, path: TestPath, seen = emptySeen()) {
  // Without an invoked actor's outcomes the generator and the replay settle it differently, and a
  // step would land elsewhere for a reason the replay cannot see: named here, before any step.
  const undeclared = undeclaredOutcomes(spec.machine, spec.outcomes ?? {});
  if (undeclared.length) {
    throw new Error(`Paths of ${spec.name} cannot be replayed:\n  ${undeclared.join('\n  ')}`);
  }
  // Time is a simulated clock; invoked actors settle when a step says so.
  const controls = createControls(spec.machine, spec.outcomes ?? {});
  const actor = createControlledActor(spec.machine, controls, spec);
  actor.start();
  const stop = observe(actor, spec.machine, seen);
  try {
    for (const [i, step] of path.steps.entries()) {
      await controls.perform(actor, step.event);
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      const found = describeSnapshot(spec, snapshot);
      const expected = describeSnapshot(spec, step.state);
      if (
        JSON.stringify(snapshot.value) !== JSON.stringify(step.state.value) ||
        href(spec.table, snapshot) !== href(spec.table, step.state)
      ) {
        const before = path.steps.slice(0, i).map((s) => describeEvent(s.event));
        throw new Error(
          `${spec.name}, step ${i + 1} (${describeEvent(step.event)}) after ${before.join(' → ') || 'the start'}:\n  expected ${expected}, value ${JSON.stringify(step.state.value)}\n  found    ${found}, value ${JSON.stringify(snapshot.value)}\n  the machine no longer does what the generator computed: check the event's sample in the spec's events or the machine's implementations`,
        );
      }
      for (const restore of step.restores ?? []) {
        checkRestore(spec.machine, restore, snapshot.value);
        seen.histories.add(restore.history);
      }
    }
  } finally {
    stop();
    actor.stop();
  }
  return seen;
}
