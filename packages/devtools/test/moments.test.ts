import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, spawnChild, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { actorTree, createEventLog } from '../src/eventLog';
import { changedPaths, explainStep } from '../src/moments';

/** Runs the events on a live actor, then explains the last one from the snapshot before it. */
function explainLast(machine: AnyStateMachine, events: { type: string }[]) {
  const actor = createActor(machine).start();
  let before = actor.getSnapshot() as AnyMachineSnapshot;
  for (const event of events) {
    before = actor.getSnapshot() as AnyMachineSnapshot;
    actor.send(event);
  }
  const step = explainStep(before, events.at(-1) as { type: string });
  actor.stop();
  return step;
}

describe('a transition explained from its microsteps', () => {
  it('compound: exits the source and its ancestors up to the common one, enters the target’s', () => {
    const machine = setup({}).createMachine({
      id: 'm',
      initial: 'a',
      states: {
        a: { initial: 'x', states: { x: { on: { go: '#m.b.y' } } } },
        b: { initial: 'z', states: { z: {}, y: {} } },
      },
    });
    expect(explainLast(machine, [{ type: 'go' }])).toEqual({
      exited: ['m.a', 'm.a.x'],
      entered: ['m.b', 'm.b.y'],
      kept: ['m'],
      microsteps: 1,
    });
  });

  it('a self-transition with reenter: the state is exited and entered again', () => {
    const machine = setup({}).createMachine({
      id: 'm',
      initial: 'a',
      states: { a: { on: { again: { target: 'a', reenter: true } } } },
    });
    const step = explainLast(machine, [{ type: 'again' }]);
    expect(step.exited).toEqual(['m.a']);
    expect(step.entered).toEqual(['m.a']);
    expect(step.kept).toEqual(['m']);
  });

  it('parallel: the other region is kept', () => {
    const machine = setup({}).createMachine({
      id: 'm',
      type: 'parallel',
      states: {
        left: { initial: 'l1', states: { l1: { on: { flip: 'l2' } }, l2: {} } },
        right: { initial: 'r1', states: { r1: {} } },
      },
    });
    const step = explainLast(machine, [{ type: 'flip' }]);
    expect(step).toMatchObject({ exited: ['m.left.l1'], entered: ['m.left.l2'] });
    expect(step.kept).toEqual(['m', 'm.left', 'm.right', 'm.right.r1']);
  });

  it('history: enters the remembered child, never the history node', () => {
    const machine = setup({}).createMachine({
      id: 'm',
      initial: 'a',
      states: {
        a: {
          on: { leave: 'out' },
          initial: 'one',
          states: { one: { on: { next: 'two' } }, two: {}, h: { type: 'history' } },
        },
        out: { on: { back: 'a.h' } },
      },
    });
    const step = explainLast(machine, [{ type: 'next' }, { type: 'leave' }, { type: 'back' }]);
    expect(step.entered).toEqual(['m.a', 'm.a.two']);
  });

  it('always and final with onDone: every microstep counts; a transient state is entered and exited', () => {
    const machine = setup({}).createMachine({
      id: 'm',
      initial: 'a',
      states: {
        a: { on: { go: 'pass' } },
        pass: { always: 'job' },
        job: { initial: 'work', onDone: 'after', states: { work: { on: { finish: 'end' } }, end: { type: 'final' } } },
        after: {},
      },
    });
    const step = explainLast(machine, [{ type: 'go' }]);
    expect(step.entered).toEqual(['m.pass', 'm.job', 'm.job.work']);
    expect(step.exited).toEqual(['m.a', 'm.pass']);
    expect(step.microsteps).toBe(2);
    const done = explainLast(machine, [{ type: 'go' }, { type: 'finish' }]);
    expect(done.exited).toEqual(['m.job', 'm.job.work', 'm.job.end']);
    expect(done.entered).toEqual(['m.job.end', 'm.after']);
  });
});

describe('the actors at a moment', () => {
  it('lists invoked and spawned actors, nested, with their state and status', async () => {
    const child = setup({}).createMachine({ id: 'child', initial: 'idle', states: { idle: {} } });
    const machine = setup({
      actors: { child, never: fromPromise(() => new Promise<never>(() => {})) },
    }).createMachine({
      id: 'm',
      initial: 'a',
      entry: spawnChild('never', { id: 'spawned' }),
      states: { a: { invoke: { src: 'child', id: 'kid' } } },
    });
    const log = createEventLog();
    const actor = createActor(machine, { inspect: log.inspect }).start();
    const tree = actorTree(actor.getSnapshot());
    expect(tree).toEqual(
      expect.arrayContaining([
        { id: 'kid', src: 'child', kind: 'invoked', status: 'active', value: '"idle"', children: [] },
        { id: 'spawned', src: 'never', kind: 'spawned', status: 'active', children: [] },
      ]),
    );
    // The log kept the same tree with the root's first moment.
    expect(log.getEvents().find((entry) => entry.root && entry.type === 'xstate.init')?.actors).toEqual(tree);
    actor.stop();
  });
});

describe('the context keys an event changed', () => {
  it('names each changed path and its ancestors, nothing unchanged', () => {
    const before = { params: { id: 1, q: 'red' }, roles: ['a'], count: 1 };
    const after = { params: { id: 2, q: 'red' }, roles: ['a'], count: 1, added: true };
    expect(changedPaths(before, after).sort()).toEqual(['added', 'params', 'params.id']);
    expect(changedPaths(before, { ...before })).toEqual([]);
  });
});
