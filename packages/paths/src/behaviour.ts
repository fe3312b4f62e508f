import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { refusesLeaving } from '@statechart/core/internal';
import { transitionKey } from './graph';
import type { AnyEvent } from './spec';

/**
 * A spec's `stateContext` derived from the machine instead of written by hand: two snapshots with
 * the same state value and URL are different states for the path tests when they behave
 * differently — one refuses to leave (a dirty form, whatever its guard is called), or a sample
 * event selects other transitions there (a valid form submits, an invalid one shows errors; a
 * "not allowed" screen with a target to return to). Routes are global, so only the leave probe
 * stands for them.
 */
export function behaviourOf(machine: AnyStateMachine, events: AnyEvent[]) {
  const local = events.filter((event) => event.type !== 'xstate.route');
  return (snapshot: AnyMachineSnapshot): unknown => [
    refusesLeaving(machine, snapshot),
    ...local.map((event) =>
      (machine.getTransitionData(snapshot, event) as unknown as Parameters<typeof transitionKey>[0][])
        .map(transitionKey)
        .join('+'),
    ),
  ];
}
