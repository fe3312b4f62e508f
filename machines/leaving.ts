import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';

/**
 * The refuse-to-leave guard: spread into a state's `on` so that, while `guard` holds (unsaved
 * input), every URL-driven move is answered in place and the router puts the URL back.
 *
 * ```ts
 * on: { ...refuseLeavingWhile('isDirty'), 'form.change': { actions: 'setField' } }
 * ```
 *
 * It works because a state's own `xstate.route` handler is chosen before the route transitions
 * of its ancestors; a targetless transition changes nothing. Reload and closing the tab ask the
 * browser's confirmation while it holds (src/routing/sync.ts probes the same way).
 */
export function refuseLeavingWhile<const G extends string>(guard: G) {
  return { 'xstate.route': { guard } } as const;
}

/**
 * True while `snapshot` would refuse a URL-driven move: some active state answers a route to a
 * target nobody has. Pure (no actor): path tests use it as the state's identity, so that "the
 * same screen, leaving refused" is a state of its own, whatever guard a form uses.
 */
export function refusesLeaving(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): boolean {
  const probe = { type: 'xstate.route', to: '#\u0000' } as const;
  return machine.getTransitionData(snapshot, probe).length > 0;
}
