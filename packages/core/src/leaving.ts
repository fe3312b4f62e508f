import { emit, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';

/** What a machine emits when it refuses a URL-driven move because of unsaved input (`actor.on(LEAVING_REFUSED, …)`). */
export const LEAVING_REFUSED = 'leaving.refused';

export interface RefuseLeavingOptions {
  /**
   * The event (its type; sent with no payload) that discards the screen's unsaved work, so the
   * guard no longer holds: the shell's notice offers it, then makes the refused move.
   */
  discard?: string;
}

/**
 * The refuse-to-leave guard: spread into a state's `on` so that, while `guard` holds (unsaved
 * input), every URL-driven move is answered in place and the router puts the URL back.
 *
 * ```ts
 * on: { ...refuseLeavingWhile('isDirty'), 'form.change': { actions: 'setField' } }
 * ```
 *
 * Give the form a way out that is not a route: an event that puts back what was saved (and
 * clears a stored draft), so the guard no longer holds and every exit works again; while dirty,
 * every other exit is still refused. The reference form's `record.discard` (docs/forms.md):
 *
 * ```ts
 * 'form.discard': { guard: 'isDirty', actions: ['discardForm', 'clearDraft'] }, // discardForm: emptyForm(form.saved)
 * ```
 *
 * Name that event as `discard` and the shell's notice of a refused move offers it, as a browser's
 * "Leave page?" does: the person stays, or discards (the machine hears the event) and the move they
 * asked for is made. `refuseLeavingWhile('isDirty', { discard: 'editor.discard' })`. The machine
 * decides what discarding means; a screen without one is told only why it stays.
 *
 * It works because a state's own `xstate.route` handler is chosen before the route transitions
 * of its ancestors; a targetless transition changes nothing. The router sends the machine the move
 * it refused (syncStart.ts's probe, moves.ts's sendOne), so each refusal emits `LEAVING_REFUSED`: a view says why nothing happened
 * (FormScreen's notice). Reload and closing the tab ask the browser's confirmation while it holds
 * (moves.ts's guardLeaving probes the same way).
 */
export function refuseLeavingWhile<const G extends string>(guard: G, options: RefuseLeavingOptions = {}) {
  // Why the cast: emit()'s action is typed by its own context and events, which are not the
  // machine's this is spread into; it reads neither.
  const refused = emit({ ...options, type: LEAVING_REFUSED }) as never;
  return { 'xstate.route': { guard, actions: refused } } as const;
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
