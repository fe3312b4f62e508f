import { describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import { routed, type RouteEvent, type RouteMeta, type RoutedContext } from '@statechart/core';
import { assertCovered, computeCoverage, formatTable } from '../src/coverage';
import { emptySeen, replayEvents, stateNodesOf, transitionDefinitions } from '../src/graph';
import { checkRestore } from '../src/history';
import { generate } from '../src/cover';
import { OrderedClock } from '../src/internal';
import { replayOnActor } from '../src/replay';
import {
  finalChildrenSpec,
  formDoneSpec,
  historiesTogetherSpec,
  nestedUrlsSpec,
  finalParentSpec,
  parallelHistorySpec,
  parallelTabsSpec,
  parallelTimersSpec,
  ticTacToeSpec,
  untargetedHistorySpec,
} from './shapes/minimalPaths';
import { shapesSpec } from '../../../examples/shapes/paths';
import { pairFigure, pairPaths, pairsRequested } from '../src/pairs';
import {
  checkMaps,
  generateOptions,
  makeSpec,
  pathsOf,
  routeEvents,
  routeExecutor,
  type MachineSpec,
} from '../src/spec';

function replayAll(spec: MachineSpec) {
  const seen = emptySeen();
  for (const path of pathsOf(spec)) {
    replayEvents(
      spec.machine,
      path.steps.map((step) => step.event),
      seen,
    );
    for (const step of path.steps) for (const restore of step.restores ?? []) seen.histories.add(restore.history);
  }
  return computeCoverage(spec, 'machine', seen);
}

/** A screen behind a guard that reads the context, which no sample event changes. */
const guardedMachine = routed(
  setup({
    types: {
      context: {} as RoutedContext & { role: string },
      events: {} as RouteEvent | { type: 'admin.open' },
      meta: {} as RouteMeta,
    },
    guards: { isAdmin: ({ context }) => context.role === 'admin' },
  }).createMachine({
    id: 'guarded',
    context: { params: {}, role: 'guest' },
    initial: 'home',
    states: {
      home: {
        id: 'home',
        route: {},
        meta: { path: '/', title: 'Home' },
        on: { 'admin.open': { guard: 'isAdmin', target: 'admin' } },
      },
      admin: { id: 'admin', meta: { title: 'Admin' } },
      notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
    },
  }),
);

const guardedSpec = makeSpec({
  name: 'guarded',
  productName: 'Guarded',
  machine: guardedMachine,
  params: { '*': ['/nowhere'] },
  search: {},
  events: [{ type: 'admin.open' }],
  urls: ['/'],
  executors: { 'xstate.route': routeExecutor, 'admin.open': () => ({ do: 'click', role: 'button', name: 'Admin' }) },
  assertions: { home: { heading: 'Home' }, admin: { heading: 'Admin' }, notFound: { heading: 'Not found' } },
});

describe('statechart shapes in the generated paths', () => {
  it('never counts a history pseudo-state as a state to reach', () => {
    expect(stateNodesOf(shapesSpec.machine).map((node) => node.type)).not.toContain('history');
  });

  it('needs no XState-internal event name in the spec: done, delayed and actor events are derived', () => {
    const named = [...shapesSpec.events.map((event) => event.type), ...Object.keys(shapesSpec.executors)];
    expect(named.filter((type) => type.startsWith('xstate.') && type !== 'xstate.route')).toEqual([]);
    const steps = pathsOf(shapesSpec).flatMap((path) => path.steps.map((step) => step.event.type));
    expect(steps).toContain('xstate.done.actor.fetch');
    expect(steps).toContain('xstate.error.actor.fetch');
    expect(steps.some((type) => type.startsWith('xstate.after.'))).toBe(true);
  });

  it('names time passing and actors settling in the path descriptions', () => {
    const descriptions = pathsOf(shapesSpec).map((path) => path.description);
    expect(descriptions).toContain('reaches /load (load.slow) via route #load → wait 3000 ms');
    expect(descriptions).toContain('reaches /load (load.ready) via route #load → fetch resolves "thing"');
  });

  it('takes the onDone transitions by reaching the final states, with no sample of the done event', () => {
    const report = replayAll(shapesSpec);
    expect(report.missingTransitions).toEqual([]);
    expect(report.transitions.total).toBeGreaterThan(0);
  });

  it('leaves and re-enters through each history state, expecting what shallow and deep history restore', () => {
    const restores = pathsOf(shapesSpec).flatMap((path) => path.steps.flatMap((step) => step.restores ?? []));
    expect(restores).toEqual([
      { history: 'shapes.settings.shallow', parent: 'settings', value: { advanced: 'basic' } },
      { history: 'shapes.settings.deep', parent: 'settings', value: { advanced: 'expert' } },
    ]);
  });

  it('fails a replay whose history restores something else, naming both values', () => {
    const actor = createActor(shapesSpec.machine).start();
    actor.send({ type: 'home.resumeShallow' });
    expect(() =>
      checkRestore(
        shapesSpec.machine,
        { history: 'shapes.settings.shallow', parent: 'settings', value: { advanced: 'basic' } },
        actor.getSnapshot().value,
      ),
    ).toThrow('history #shapes.settings.shallow restored "general" in #settings, expected {"advanced":"basic"}');
    actor.stop();
  });
});

describe('the gate says how to fix what is missing', () => {
  it('names the actor whose outcomes the spec must declare', () => {
    expect(() => checkMaps({ ...shapesSpec, outcomes: {} })).toThrow(
      `event "xstate.done.actor.fetch" never appears: declare an outcome { output } for actor 'fetchThing' in the spec's outcomes`,
    );
    expect(() => checkMaps({ ...shapesSpec, outcomes: { fetchThing: [{ output: 1 }] } })).toThrow(
      `event "xstate.error.actor.fetch" never appears: declare an outcome { error } for actor 'fetchThing'`,
    );
  });

  it('names the context a guard reads when the state behind it is never reached', () => {
    expect(() => assertCovered(replayAll(guardedSpec))).toThrow(
      "state #admin was never reached: its guard isAdmin reads context.role: add it to the spec's stateContext",
    );
  });

  it('names a history state no path re-entered, and what to add', () => {
    const events = shapesSpec.events.filter((event) => event.type !== 'home.resumeDeep');
    expect(() => assertCovered(replayAll({ ...shapesSpec, events }))).toThrow(
      'history #shapes.settings.deep was never checked: no path left its parent in a state other than its default',
    );
  });
});

describe('exclusions in a spec', () => {
  const exclusions = {
    '#admin': 'only an administrator sees it, and the path tests run as a guest',
    '#home on admin.open [isAdmin] → #admin': 'the same: the guard never passes for a guest',
  };

  it('take a state or transition out of the totals, with its reason in the report and the table', () => {
    const report = replayAll({ ...guardedSpec, exclusions });
    expect(() => assertCovered(report)).not.toThrow();
    expect(report.excluded).toEqual([
      { what: '#admin', reason: exclusions['#admin'] },
      { what: '#home on admin.open [isAdmin] → #admin', reason: exclusions['#home on admin.open [isAdmin] → #admin'] },
    ]);
    expect(formatTable([report])).toContain(
      '- guarded, machine: #admin is excluded by the spec: only an administrator sees it, and the path tests run as a guest',
    );
  });

  it('need a reason', () => {
    expect(() => replayAll({ ...guardedSpec, exclusions: { '#admin': ' ' } })).toThrow(
      'The exclusion of #admin in the guarded spec needs a reason',
    );
  });

  it('must name something the machine has', () => {
    expect(() => replayAll({ ...guardedSpec, exclusions: { '#adminn': 'a typo' } })).toThrow(
      'The guarded spec excludes what its machine does not have: #adminn',
    );
  });
});

describe('transition-pair coverage (opt-in)', () => {
  it('adds paths until every pair of consecutive transitions the samples can take is taken', () => {
    const options = generateOptions(shapesSpec);
    const base = pathsOf(shapesSpec, options);
    const pairs = pairPaths(shapesSpec.machine, options, base);
    expect(pairFigure(shapesSpec.machine, pairs.universe, base).covered).toBeLessThan(pairs.universe.length);
    expect(pairFigure(shapesSpec.machine, pairs.universe, [...base, ...pairs.paths])).toEqual({
      covered: pairs.universe.length,
      total: pairs.universe.length,
    });
  });

  it('is asked for by PATHS_COVERAGE=pairs', () => {
    const before = process.env.PATHS_COVERAGE;
    process.env.PATHS_COVERAGE = 'pairs';
    expect(pairsRequested()).toBe(true);
    process.env.PATHS_COVERAGE = '';
    expect(pairsRequested()).toBe(false);
    process.env.PATHS_COVERAGE = before ?? '';
  });
});

/** The machine level's gate on a spec: the covering walks replayed on an actor, then the report. */
async function machineReport(spec: MachineSpec) {
  const generated = await generate(spec, 'machine', routeEvents(spec));
  const seen = emptySeen();
  for (const path of generated.paths) await replayOnActor(spec, path, seen);
  return { generated, report: computeCoverage(spec, 'machine', seen) };
}

describe('history states and final states in the gate', () => {
  it('checks and counts every history state one multi-target transition restores', async () => {
    const { generated, report } = await machineReport(historiesTogetherSpec);
    const together = generated.paths.flatMap((path) => path.steps).find((step) => (step.restores ?? []).length > 1);
    expect(together?.restores?.map((restore) => restore.history)).toEqual([
      'historiesTogether.panel.A.hist',
      'historiesTogether.panel.K.hist',
    ]);
    expect(report.histories).toEqual({ covered: 2, total: 2 });
    expect(() => assertCovered(report)).not.toThrow();
  });

  it('asks nothing of a history state no transition targets, and names the rule in the report', async () => {
    const { report } = await machineReport(untargetedHistorySpec);
    expect(report.notApplicableHistories).toEqual([
      {
        history: '#untargetedHistory.settings.hist',
        reason: 'no transition targets #untargetedHistory.settings.hist, so nothing ever restores it',
      },
    ]);
    expect(report.histories).toEqual({ covered: 0, total: 0 });
    expect(() => assertCovered(report)).not.toThrow();
  });

  it('lets a spec exclude a history state by its id, with the reason', async () => {
    const reason = 'resuming is not offered yet';
    const spec = { ...nestedUrlsSpec, exclusions: { '#nestedUrls.settings.more.last': reason } };
    const { report } = await machineReport(spec);
    expect(report.excluded).toEqual([{ what: '#nestedUrls.settings.more.last', reason }]);
    expect(report.histories.total).toBe(0);
  });

  it('asks nothing of the route transitions of a final state its parent leaves at once, nor of what is written below it', async () => {
    const { report } = await machineReport(finalChildrenSpec);
    expect(Object.fromEntries(report.notApplicable.map((entry) => [entry.transition, entry.reason]))).toMatchObject({
      '#done on route #receipt → #receipt':
        "#done is a final state that #checkout's onDone leaves at once: no event is processed there",
      '#receipt on route #receipt (in place)':
        "#receipt is below the final state #done: XState never enters a final state's children, so no event is processed there",
    });
    expect(report.notApplicable.map((entry) => entry.transition)).toContain('#checkout on route #checkout → #checkout');
    expect(report.notApplicableStates).toEqual([
      {
        state: '#receipt',
        reason: "#receipt is below the final state #done: XState never enters a final state's children",
      },
    ]);
    expect(() => assertCovered(report)).not.toThrow();
  });

  it('never asks for the in-place answer of a parent whose only child without a URL is a final state left at once', async () => {
    const { report } = await machineReport(formDoneSpec);
    expect(report.notApplicable).toContainEqual({
      transition: '#form on route #form (in place)',
      reason:
        "every child of #form has a URL of its own or is never at rest without one (#formDone.form.sent: a final state #form's onDone leaves at once), so #form is never the screen shown and its in-place answer is never selected",
    });
    expect(() => assertCovered(report)).not.toThrow();
  });

  it('gives no in-place answer to a parent whose child without a URL has only children with URLs and a history state', async () => {
    const { report } = await machineReport(nestedUrlsSpec);
    const labels = transitionDefinitions(nestedUrlsSpec.machine).map((def) => def.label);
    expect(labels).not.toContain('#settings on route #settings (in place)');
    expect(labels).not.toContain('#more on route #more (in place)');
    expect(report.histories).toEqual({ covered: 1, total: 1 });
    expect(() => assertCovered(report)).not.toThrow();
  });

  it("covers XState's parallel history test: both regions restored at once, one region re-entered through its history", async () => {
    const { generated, report } = await machineReport(parallelHistorySpec);
    const restores = generated.paths.flatMap((path) => path.steps.map((step) => step.restores ?? []));
    expect(restores).toContainEqual([
      { history: 'parallelHistory.on.A.hist', parent: 'parallelHistory.on.A', value: { C: 'D' } },
      { history: 'parallelHistory.on.K.hist', parent: 'parallelHistory.on.K', value: { M: 'N' } },
    ]);
    expect(report.notApplicableHistories.map((entry) => entry.history)).toEqual([
      '#parallelHistory.on.A.deepHistory',
      '#parallelHistory.on.K.deepHistory',
      '#parallelHistory.on.hist',
      '#parallelHistory.on.shallowHistory',
      '#parallelHistory.on.deepHistory',
    ]);
    expect(() => assertCovered(report)).not.toThrow();
  });
});

describe('a search that needs no hints', () => {
  it('covers tic-tac-toe within the default budget and no searchBound, diving toward what it has not taken', async () => {
    expect(ticTacToeSpec.searchBound).toBeUndefined();
    expect(ticTacToeSpec.stateBudget).toBeUndefined();
    const { generated, report } = await machineReport(ticTacToeSpec);
    expect(generated.graph.dives).toBeGreaterThan(0);
    expect(generated.graph.nodes.length).toBeLessThanOrEqual(5000);
    expect(() => assertCovered(report)).not.toThrow();
    // The draw is a real one: all nine cells filled.
    const drawn = generated.paths.flatMap((walk) => walk.steps).find((step) => step.state.matches({ game: 'draw' }));
    expect((drawn?.state.context as { board: unknown[] }).board.every(Boolean)).toBe(true);
  });

  it('never dives on a machine its breadth-first search covers within the budget', async () => {
    const { generated } = await machineReport(parallelHistorySpec);
    expect(generated.graph).toMatchObject({ truncated: false, dives: 0 });
  });
});

describe("the last shapes: timers in parallel regions, a final state's parent, a parallel state's answer", () => {
  it('fires every timer due within a wait, in order, and expects where they all lead', async () => {
    const { generated, report } = await machineReport(parallelTimersSpec);
    const steps = generated.paths.flatMap((path) => path.steps);
    // Re-armed 1 s after the start, `a`'s timer is due with `b`'s: one wait of 1 s moves both.
    const both = steps.find(
      (step, i) =>
        step.event.delay === 1000 &&
        steps[i - 1]?.event.type === 'a.rearm' &&
        step.state.matches({ timers: { b: 'b2' } }),
    );
    expect(both?.state.value).toEqual({ timers: { a: 'a2', b: 'b2' } });
    // The walks replayed on an actor (its clock moved by each wait) land where they expect.
    expect(() => assertCovered(report)).not.toThrow();
  });

  it('waits only until the next timer due: a wait never jumps past a timer that would fire first', async () => {
    const { generated } = await machineReport(parallelTimersSpec);
    const first = generated.paths.flatMap((path) => path.steps).find((step) => step.event.delay !== undefined);
    // From the start `a` is due in 1 s and `b` in 2 s: the first wait is `a`'s, and `b` has not moved.
    expect(first?.event.delay).toBe(1000);
    expect(first?.state.value).toEqual({ timers: { a: 'a2', b: 'b1' } });
  });

  it('fires timers due together in the order they were set, each at its own time', () => {
    const clock = new OrderedClock();
    const fired: string[] = [];
    clock.setTimeout(() => fired.push(`b at ${clock.now()}`), 2000);
    clock.setTimeout(() => {
      fired.push(`a at ${clock.now()}`);
      clock.setTimeout(() => fired.push(`a again at ${clock.now()}`), 500);
    }, 1000);
    clock.setTimeout(() => fired.push(`c at ${clock.now()}`), 2000);
    clock.increment(2000);
    expect(fired).toEqual(['a at 1000', 'a again at 1500', 'b at 2000', 'c at 2000']);
    expect(clock.now()).toBe(2000);
  });

  it("never asks for a final state's parent's route into it when the parent is never at rest", async () => {
    const { report } = await machineReport(finalParentSpec);
    const rule = report.notApplicable.find((entry) => entry.transition === '#finalParent.leaving on route #bye → #bye');
    expect(rule?.reason).toMatch(/#finalParent\.leaving is never at rest and no event is processed there/);
    // Its done transition is raised in the macrostep that enters #bye: taken, and asked for.
    expect(report.notApplicable.map((entry) => entry.transition)).not.toContain(
      '#finalParent.leaving on xstate.done.state.finalParent.leaving → #home',
    );
    expect(() => assertCovered(report)).not.toThrow();
  });

  it('gives a parallel state whose region has only children with URLs (and a history state) no in-place answer', async () => {
    const labels = transitionDefinitions(parallelTabsSpec.machine).map((def) => def.label);
    expect(labels).not.toContain('#board on route #board (in place)');
    const { report } = await machineReport(parallelTabsSpec);
    expect(() => assertCovered(report)).not.toThrow();
  });

  it('never asks for the in-place answer of a parallel state whose region redirects at once to a child with a URL', () => {
    const machine = routed(
      setup({ types: { context: {} as RoutedContext, events: {} as RouteEvent, meta: {} as RouteMeta } }).createMachine(
        {
          id: 'redirectRegion',
          context: { params: {} },
          initial: 'home',
          states: {
            home: { id: 'home', route: {}, meta: { path: '/', title: 'Home' } },
            board: {
              id: 'board',
              route: {},
              meta: { path: 'board', title: 'Board' },
              type: 'parallel',
              states: {
                tabs: {
                  initial: 'first',
                  states: {
                    first: { always: '#todo' },
                    todo: { id: 'todo', route: {}, meta: { path: 'todo', title: 'To do' } },
                  },
                },
                filter: { initial: 'all', states: { all: {} } },
              },
            },
            notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
          },
        },
      ),
    );
    const spec = makeSpec({
      name: 'redirectRegion',
      productName: 'Redirect region',
      machine,
      params: { '*': ['/nowhere'] },
      search: {},
      events: [],
      urls: ['/'],
      executors: { 'xstate.route': routeExecutor },
      assertions: {},
    });
    const report = computeCoverage(spec, 'machine', emptySeen());
    const rule = report.notApplicable.find((entry) => entry.transition === '#board on route #board (in place)');
    expect(rule?.reason).toBe(
      'the region #redirectRegion.board.tabs of the parallel state #board always shows a URL of its own (each of its children has one or is never at rest: #redirectRegion.board.tabs.first, #todo), so #board is never the screen shown and its in-place answer is never selected',
    );
  });
});
