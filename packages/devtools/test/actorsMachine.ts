import { assign, createActor, sendTo, setup, spawnChild, type AnyActorRef } from 'xstate';
import { createEventLog } from '../src/eventLog';

/** A child machine with two states, moved by `child.go`. */
export const childMachine = setup({}).createMachine({
  id: 'child',
  initial: 'idle',
  states: { idle: { on: { 'child.go': 'busy' } }, busy: { on: { 'child.go': 'idle' } } },
});

/**
 * Every way an actor starts: spawned by a `spawnChild` action on entry (`onEntry`), spawned inside
 * `assign` by an event (`assigned0`, `assigned1`, …), spawned by `spawnChild` on a transition
 * (`onEvent`), and invoked by a state (`invokedChild`, stopped when `running` is left).
 */
export const actorsMachine = setup({
  types: {
    context: {} as { refs: AnyActorRef[] },
    events: {} as
      | { type: 'spawn.assign' }
      | { type: 'spawn.action' }
      | { type: 'poke.entry' }
      | { type: 'poke.invoked' }
      | { type: 'poke.assigned' }
      | { type: 'stop' },
  },
  actors: { child: childMachine },
}).createMachine({
  id: 'actors',
  context: { refs: [] },
  initial: 'running',
  entry: spawnChild('child', { id: 'onEntry' }),
  states: {
    running: {
      invoke: { src: 'child', id: 'invokedChild' },
      on: {
        'spawn.assign': {
          actions: assign({
            refs: ({ context, spawn }) => [...context.refs, spawn('child', { id: `assigned${context.refs.length}` })],
          }),
        },
        'spawn.action': { actions: spawnChild('child', { id: 'onEvent' }) },
        'poke.entry': { actions: sendTo('onEntry', { type: 'child.go' }) },
        'poke.invoked': { actions: sendTo('invokedChild', { type: 'child.go' }) },
        'poke.assigned': { actions: sendTo('assigned0', { type: 'child.go' }) },
        stop: 'stopped',
      },
    },
    stopped: {},
  },
});

/** The machine's actor, started with an event log as devTools records one. */
export function startActors() {
  const log = createEventLog();
  const actor = createActor(actorsMachine, { inspect: log.inspect }).start();
  return { actor, log };
}
