import { describe, expect, it } from 'vitest';
import { assign, createActor, setup, type AnyMachineSnapshot } from 'xstate';
import { routed, type RouteEvent, type RouteMeta, type RoutedContext } from '@statechart/core';
import { computeCoverage, formatTable } from '../src/coverage';
import { generate, holdBackAdvice, withSearchReasons } from '../src/cover';
import { describeEvent, emptySeen } from '../src/graph';
import { replayOnActor } from '../src/replay';
import { waitsIn, createStepper } from '../src/search';
import { replayThroughUi, type Driver } from '../src/ui';
import { referenceSpec } from '../../../examples/reference/paths';
import { allUrlsSpec, deadlinesSpec, finalDoneSpec, signInSpec, ticTacToeSpec } from './shapes/minimalPaths';
import { ticTacToeCoverage } from './shapes/ticTacToe.machine';
import { DAY } from './shapes/deadlines.machine';
import { makeSpec, routeEvents, routeExecutor } from '../src/spec';

/** Replays every path of a level on actors; what the walks saw, with the search's reasons. */
async function machineCoverage(spec: typeof signInSpec) {
  const generated = await generate(spec, 'machine', routeEvents(spec));
  const seen = emptySeen();
  for (const path of generated.paths) await replayOnActor(spec, path, seen);
  return { generated, report: withSearchReasons(computeCoverage(spec, 'machine', seen), generated) };
}

describe('the generator on the minimal shapes', () => {
  it('takes a route whose guard reads context from the state where the context lets it pass', async () => {
    const { generated, report } = await machineCoverage(signInSpec);
    expect(report.missingTransitions).toEqual([]);
    const steps = generated.paths.flatMap((path) => path.steps.map((step) => describeEvent(step.event)));
    // Signed in, somewhere else than #area, then the URL of #area.
    expect(steps.join(' → ')).toMatch(/session\.signIn → .*route #notFound.* → route #area/);
  });

  it('waits for a named delay and for one computed from context, without naming an internal event', () => {
    const stepper = createStepper(deadlinesSpec.machine);
    const start = stepper.initial().next;
    const task = stepper.step(start, { type: 'task.start' }).next;
    expect(waitsIn(deadlinesSpec.machine, task).map((wait) => wait.delay)).toEqual([20 * DAY]);
    const snoozed = stepper.step(task, { type: 'reminder.later' }).next;
    // Five minutes doubled by "later": the machine's `reminder` delay, evaluated on this context.
    expect(waitsIn(deadlinesSpec.machine, snoozed).map((wait) => describeEvent(wait))).toEqual(['wait 600000 ms']);
    const named = [...deadlinesSpec.events.map((e) => e.type), ...Object.keys(deadlinesSpec.executors)];
    expect(named.filter((type) => type.startsWith('xstate.') && type !== 'xstate.route')).toEqual([]);
  });

  it('refuses a delay a browser would fire at once, saying what to do', () => {
    const machine = setup({ delays: { month: 31 * DAY } }).createMachine({
      initial: 'a',
      states: { a: { after: { month: 'b' } }, b: {} },
    });
    const [snapshot] = [createActor(machine).getSnapshot()];
    expect(() => waitsIn(machine, snapshot)).toThrow(
      /waits 2678400000 ms \(delay "month"\): browsers and Node fire a timer over 2147483647 ms \(about 24\.8 days\) at once/,
    );
  });

  it('prints the rule and its reason for what can never happen, and excludes nothing else', async () => {
    const final = (await machineCoverage(finalDoneSpec)).report;
    expect(final.excluded).toEqual([]);
    expect(final.notApplicable.map((n) => n.reason)).toEqual([
      'the routable states below #flow (#finished) are left at once, so none is ever shown there and this answer is never selected',
      "#finished is a final state that #flow's onDone leaves at once: no event is processed there",
    ]);
    // Every child of #settings (history states aside) has a URL of its own, so routed() gives it no
    // in-place answer at all (docs/routing.md): nothing is left for a rule to exclude.
    const parent = (await machineCoverage(allUrlsSpec)).report;
    expect(parent.excluded).toEqual([]);
    expect(parent.notApplicable).toEqual([]);
    expect(formatTable([final, parent])).toContain('| finalDone | machine | 5/5 (100%) | 10/10 (100%)');
  });
});

describe('failures that say what to do', () => {
  it('names the step, its event, and the expected and found state when a replay lands elsewhere', async () => {
    const { generated } = await machineCoverage(signInSpec);
    const path = generated.paths[0] as (typeof generated.paths)[number];
    // The generator expects home where the first step really leads elsewhere.
    const at = path.steps.findIndex((step) => step.state.value !== 'home');
    const wrong = createStepper(signInSpec.machine).initial().next;
    const steps = path.steps.map((step, i) => (i === at ? { ...step, state: wrong } : step));
    await expect(replayOnActor(signInSpec, { ...path, steps })).rejects.toThrow(
      new RegExp(
        `signIn, step ${at + 1} \\(${describeEvent(path.steps[at]!.event).replace(/[{}()*]/g, '\\$&')}\\) after .*:\n {2}expected / \\(home\\), value "home"\n {2}found {4}\\S+ \\(\\w+\\), value "\\w+"`,
      ),
    );
  });

  it('names the state whose assertion fails, with what is shown', async () => {
    const { generated } = await machineCoverage(signInSpec);
    const spec = { ...signInSpec, assertions: { ...signInSpec.assertions, home: { heading: 'Welcome' } } };
    const driver: Driver = {
      route: async () => {},
      click: async () => {},
      type: async () => {},
      report: async () => {},
      internal: async () => {},
      waitForState: async () => {},
      url: async () => '/',
      historyLength: async () => 1,
      check: async (check) => {
        if (check.kind === 'heading' && check.name === 'Welcome') throw new Error('no heading "Welcome"');
      },
      found: async () => ({ value: 'home', url: '/', headings: ['Home'], title: 'Home · Sign-in shape' }),
    };
    await expect(replayThroughUi(spec, generated.paths[0]!, driver)).rejects.toThrow(
      'heading "Welcome" is not shown: the assertion of #home in the signIn spec (fix the view, or the assertion if the screen is right)\n  expected state "home", URL /\n  found    state "home", URL /, headings ["Home"], title "Home · Sign-in shape"',
    );
  });

  it('holds coverage advice back while a path fails', () => {
    expect(() => holdBackAdvice(['walk 2 of 3'])).toThrow(
      'Coverage is not judged: 1 path failed (walk 2 of 3): fix the failing path first',
    );
    expect(() => holdBackAdvice([])).not.toThrow();
  });

  it('suggests a sample event, never sample params, for a route whose guard reads context', async () => {
    // Without the event that signs in, no state lets the route guard pass.
    const spec = { ...signInSpec, events: [{ type: 'session.signOut' }] };
    const { report } = await machineCoverage(spec);
    const fix = report.fixes['#signIn (root) on route #area → #area'] ?? '';
    expect(fix).toContain('its route guard signedIn reads context.signedIn');
    expect(fix).toContain("add a sample event that sets it to the spec's events");
    expect(fix).not.toContain('sample params');
  });

  it('stops at its state budget and says so, instead of searching on', async () => {
    const generated = await generate({ ...referenceSpec, stateBudget: 5 }, 'machine', routeEvents(referenceSpec));
    expect(generated.graph.nodes).toHaveLength(5);
    expect(generated.unreachable.length).toBeGreaterThan(0);
    expect(generated.unreachable[0]?.why).toContain(
      "the search stopped at its budget of 5 states (the spec's stateBudget) before finding a state where it is selected",
    );
  });

  it('names the guard never true and the states a budget left unreached, and a searchBound reaches them with the walks unchanged', async () => {
    const small = { ...ticTacToeSpec, stateBudget: 60 };
    const stopped = await generate(small, 'machine', routeEvents(small));
    const draw = stopped.unreachable.find((entry) => entry.label === '#draw');
    expect(draw?.why).toContain("the search stopped at its budget of 60 states (the spec's stateBudget)");
    expect(draw?.why).toMatch(/; it never reached [^:]*#draw/);
    expect(draw?.why).toContain("say what matters for coverage in the spec's searchBound");
    expect(stopped.unreachable.find((entry) => entry.label.includes('[full]'))?.why).toMatch(
      /^its guard full was never true in the 60 states explored: the search stopped/,
    );

    const bound = { by: (snapshot: AnyMachineSnapshot) => ticTacToeCoverage(snapshot.context.board), samples: 8 };
    const bounded = await generate({ ...ticTacToeSpec, searchBound: bound }, 'machine', routeEvents(ticTacToeSpec));
    expect(bounded.unreachable).toEqual([]);
    expect(bounded.graph.bounded).toBe(true);
    // The walks play real boards: the one that ends in a draw fills all nine cells.
    const drawn = bounded.paths.flatMap((walk) => walk.steps).find((step) => step.state.matches({ game: 'draw' }));
    expect((drawn?.state.context as { board: unknown[] }).board.every(Boolean)).toBe(true);

    const tooFew = {
      ...ticTacToeSpec,
      searchBound: { by: (snapshot: AnyMachineSnapshot) => ticTacToeCoverage(snapshot.context.board), samples: 1 },
    };
    const few = await generate(tooFew, 'machine', routeEvents(tooFew));
    expect(few.unreachable.find((entry) => entry.label === '#draw')?.why).toContain(
      "the spec's searchBound explored at most 1 state for each value of its `by`, and none selects it; it never reached #draw: raise its samples",
    );
  });
});

/** A machine whose context comes from its input: the session it starts with. */
const sessionMachine = routed(
  setup({
    types: {
      context: {} as RoutedContext & { signedIn: boolean },
      input: {} as { signedIn: boolean },
      events: {} as RouteEvent | { type: 'session.signOut' },
      meta: {} as RouteMeta,
    },
  }).createMachine({
    id: 'session',
    context: ({ input }) => ({ params: {}, signedIn: input.signedIn }),
    initial: 'home',
    states: {
      home: { id: 'home', route: {}, meta: { path: '/', title: 'Home' } },
      area: {
        id: 'area',
        route: { guard: ({ context }) => context.signedIn },
        meta: { path: 'area', title: 'Area' },
        on: { 'session.signOut': { target: 'home', actions: assign({ signedIn: false }) } },
      },
      notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
    },
  }),
);

describe('specs that pass the machine its input or a snapshot to start from', () => {
  const spec = makeSpec({
    name: 'session',
    productName: 'Session',
    machine: sessionMachine,
    params: { '*': ['/nowhere'] },
    search: {},
    urls: ['/'],
    events: [{ type: 'session.signOut' }],
    executors: { 'xstate.route': routeExecutor, 'session.signOut': () => ({ do: 'report', event: { type: '' } }) },
    assertions: {},
    input: { signedIn: true },
  });

  it('starts every walk with the input, as createApp does', async () => {
    const { report } = await machineCoverage(spec);
    expect(report.missingTransitions).toEqual([]);
    expect(report.states).toEqual({ covered: 3, total: 3 });
  });

  it('starts from a persisted snapshot', async () => {
    const actor = createActor(sessionMachine, { input: { signedIn: true } }).start();
    actor.send({ type: 'xstate.route', to: '#area' });
    const generated = await generate({ ...spec, snapshot: actor.getPersistedSnapshot() }, 'machine', routeEvents(spec));
    actor.stop();
    expect(generated.graph.nodes[0]?.snapshot.value).toBe('area');
  });
});

describe('a spec without the outcomes of an invoked actor', () => {
  it('names the actor and the spec field outcomes.<actor> before any replay, not a replay that went elsewhere', async () => {
    const outcomes = Object.fromEntries(
      Object.entries(referenceSpec.outcomes ?? {}).filter(([actor]) => actor !== 'loadRecord'),
    );
    const spec = makeSpec({ ...referenceSpec, outcomes });
    const generated = await generate(spec, 'machine', routeEvents(spec));
    const failures: string[] = [];
    for (const path of generated.paths) {
      await replayOnActor(spec, path).catch((error: unknown) => failures.push(String(error)));
    }
    expect(failures.length, 'every path is stopped before it is replayed').toBe(generated.paths.length);
    for (const failure of new Set(failures)) {
      expect(failure).toContain("actor 'loadRecord'");
      expect(failure).toContain('outcomes.loadRecord');
      expect(failure).not.toContain('the machine no longer does what the generator computed');
    }
  });
});
