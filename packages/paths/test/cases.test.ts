import { describe, expect, it } from 'vitest';
import {
  assign,
  createActor,
  createMachine,
  fromPromise,
  setup,
  SimulatedClock,
  spawnChild,
  waitFor,
  type AnyActorRef,
  type AnyStateMachine,
} from 'xstate';
import { buildRouteTable, startsAtUrl } from '@statechart/core';
import { BOOT_EVENT, BOOT_STATE } from '@statechart/core/internal';
import { createEventLog, recordCase, type CopiedCase } from '@statechart/devtools';
import { referenceMachine } from '../../../examples/reference/referenceMachine';
import { replayCase, type RecordedCase } from '../src/cases';

// What the overlay copies is what a spec's `cases` holds: this line stops compiling if they drift.
const asRecorded = (copied: CopiedCase): RecordedCase => copied;

/** Runs `explore` on a live actor as the app does (started at the machine's boot, log attached). */
async function record(
  machine: AnyStateMachine,
  explore: (actor: AnyActorRef, clock: SimulatedClock) => Promise<void> | void,
  options: { input?: unknown; from?: (seqs: number[]) => number } = {},
) {
  const log = createEventLog(200);
  const clock = new SimulatedClock();
  const running = startsAtUrl(machine);
  const actor = createActor(running, { inspect: log.inspect, clock, input: options.input }).start();
  // What the router does with a URL no state owns (here: none at all): leave the boot state.
  if (actor.getSnapshot().value === BOOT_STATE && !routed(machine)) actor.send({ type: BOOT_EVENT });
  await explore(actor, clock);
  const table = (() => {
    try {
      return buildRouteTable(running);
    } catch {
      return null;
    }
  })();
  const entries = log.getEvents();
  const from = options.from?.(entries.filter((entry) => entry.root).map((entry) => entry.seq)) ?? 0;
  actor.stop();
  return asRecorded(recordCase(entries, from, table));
}

const routed = (machine: AnyStateMachine) => {
  try {
    buildRouteTable(machine);
    return true;
  } catch {
    return false;
  }
};

describe('a case copied from an exploration', () => {
  it('replays green on the reference machine, from the start and from a chosen entry', async () => {
    const recorded = await record(
      referenceMachine,
      (actor) => {
        actor.send({ type: 'xstate.route', to: '#sectionItem', params: { id: 2 } });
        actor.send({ type: 'item.showNotes' });
        actor.send({ type: 'xstate.route', to: '#sectionList', params: { q: 'red' } });
      },
      { input: { roles: [], draft: undefined } },
    );
    expect(recorded.steps.map((step) => step.event.type)).toEqual(['xstate.route', 'item.showNotes', 'xstate.route']);
    expect(recorded.steps.map((step) => step.url)).toEqual(['/section/2', '/section/2', '/section?q=red']);
    replayCase(referenceMachine, recorded);

    const fromSecond = await record(
      referenceMachine,
      (actor) => {
        actor.send({ type: 'xstate.route', to: '#sectionItem', params: { id: 2 } });
        actor.send({ type: 'item.showNotes' });
      },
      { input: { roles: [], draft: undefined }, from: (seqs) => seqs.at(-1) ?? 0 },
    );
    expect(fromSecond.start.url).toBe('/section/2');
    expect(fromSecond.steps).toHaveLength(1);
    replayCase(referenceMachine, fromSecond);
  });

  it('fails once the machine changes, naming the step, the expected and the found state', async () => {
    const recorded = await record(
      referenceMachine,
      (actor) => {
        actor.send({ type: 'xstate.route', to: '#sectionItem', params: { id: 2 } });
        actor.send({ type: 'item.showNotes' });
      },
      { input: { roles: [], draft: undefined } },
    );
    // The edit: item.showNotes now goes nowhere (as if its target were deleted).
    const changed = withoutTransition(referenceMachine, 'item.showNotes');
    expect(() => replayCase(changed, recorded)).toThrow(
      /step 2 of 2 \(item\.showNotes\):\n {2}expected state .*"notes".* at \/section\/2\n {2}found {4}state .*"details"/,
    );
  });

  it('replays every statechart shape: parallel, history, after, invoked and spawned actors, final with onDone', async () => {
    const tiny = tinyShapes(false);
    const recorded = await record(tiny, async (actor, clock) => {
      actor.send({ type: 'go' });
      actor.send({ type: 'flip' });
      actor.send({ type: 'back' });
      actor.send({ type: 'resume' });
      clock.increment(100);
      await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
      actor.send({ type: 'finish' });
    });
    const types = recorded.steps.map((step) => step.event.type);
    expect(types).toEqual(
      expect.arrayContaining(['go', 'flip', 'back', 'resume', 'xstate.after.100.tiny.b.right.r1', 'finish']),
    );
    expect(types.some((type) => type.startsWith('xstate.done.actor.'))).toBe(true);
    expect(recorded.steps.at(-1)?.value).toBe('done');
    replayCase(tiny, recorded);
    // The same exploration on a machine whose timer goes elsewhere fails at the timer's step.
    expect(() => replayCase(tinyShapes(true), recorded)).toThrow(/xstate\.after\.100\.tiny\.b\.right\.r1/);
  });
});

function tinyShapes(timerGoesBack: boolean) {
  return setup({
    actors: { load: fromPromise(async () => 'loaded!'), pinger: fromPromise(() => new Promise<never>(() => {})) },
  }).createMachine({
    id: 'tiny',
    context: { result: '' },
    initial: 'a',
    states: {
      a: { on: { go: 'b', resume: 'b.left.hist' } },
      b: {
        type: 'parallel',
        on: { back: 'a' },
        onDone: 'c',
        states: {
          left: {
            initial: 'l1',
            states: { l1: { on: { flip: 'l2' } }, l2: { type: 'final' }, hist: { type: 'history' } },
          },
          right: {
            initial: 'r1',
            states: { r1: { after: { 100: timerGoesBack ? 'r1b' : 'r2' } }, r1b: {}, r2: { type: 'final' } },
          },
        },
      },
      c: {
        invoke: {
          src: 'load',
          onDone: { target: 'loaded', actions: assign({ result: ({ event }) => String(event.output) }) },
        },
      },
      loaded: { entry: spawnChild('pinger', { id: 'pinger' }), on: { finish: 'done' } },
      done: { type: 'final' },
    },
  });
}

/** The machine with every transition on `event` made targetless: an edit a later change might make. */
function withoutTransition(machine: AnyStateMachine, event: string): AnyStateMachine {
  const strip = (node: Record<string, unknown>): Record<string, unknown> => {
    const on = node.on as Record<string, unknown> | undefined;
    const states = node.states as Record<string, Record<string, unknown>> | undefined;
    return {
      ...node,
      ...(on && { on: Object.fromEntries(Object.entries(on).map(([type, t]) => [type, type === event ? {} : t])) }),
      ...(states && { states: Object.fromEntries(Object.entries(states).map(([key, s]) => [key, strip(s)])) }),
    };
  };
  return createMachine(
    strip(machine.config as unknown as Record<string, unknown>) as never,
    machine.implementations as never,
  ) as AnyStateMachine;
}
