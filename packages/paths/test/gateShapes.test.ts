import { describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import { routed, type RouteEvent, type RouteMeta, type RoutedContext } from '@statechart/core';
import { assertCovered, computeCoverage, formatTable } from '../src/coverage';
import { emptySeen, replayEvents, stateNodesOf } from '../src/graph';
import { checkRestore } from '../src/history';
import { generate } from '../src/cover';
import { replayOnActor } from '../src/replay';
import {
  finalChildrenSpec,
  formDoneSpec,
  historiesTogetherSpec,
  nestedUrlsSpec,
  parallelHistorySpec,
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

  it('never asks for the in-place answer of a parent whose child without a URL has only children with URLs', async () => {
    const { report } = await machineReport(nestedUrlsSpec);
    expect(report.notApplicable.map((entry) => entry.transition)).toContain('#settings on route #settings (in place)');
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
