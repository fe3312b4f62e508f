import { createActor, type AnyMachineSnapshot, type AnyStateNode, type StateValue } from 'xstate';
import { href, hrefFor } from '@statechart/core';
import { activeNodes } from '@statechart/core/internal';
import { finalAbove, isLeftAtOnce, isTransient, samplesFor, type AnyEvent, type MachineSpec } from './spec';
import { applicableTransitions, mergeIntoReportFile, neverTargeted, type CoverageReport, type Level } from './coverage';
import { describeEvent, stateNodesOf, type PathStep, type TestPath, type TransitionDef } from './graph';
import { expectedRestore, historyNodesOf, valueBelow } from './history';
import { outcomeEvents } from './internal';
import { isInternal } from './internalNames';
import { createModel } from './model';
import {
  coveringWalks,
  createStepper,
  explore,
  HISTORY_KEY,
  timersKey,
  waitsIn,
  type ExploreOptions,
  type StateGraph,
  type Walk,
} from './search';

/** What running a level's suite costs, against what it must cover. */
export interface Cost {
  /** Tests that replay steps: covering walks (history restores are checked within them). */
  paths: number;
  /** Steps executed in all of them. */
  steps: number;
  /** Fresh apps (actors, renders, pages) the paths start: one per path. */
  appStarts: number;
  /** The transitions (and history restores) to cover: no suite can take them in fewer steps. */
  lowerBound: number;
  /** Why each walk after the first starts the app again. */
  startReasons: string[];
}

export interface Generated {
  paths: TestPath[];
  cost: Cost;
  /** Transitions no state within the budget selects, and states it never reached, each with why. */
  unreachable: Array<{ label: string; why: string }>;
  graph: StateGraph;
}

/** A step through the router at a URL-driven level: a route the URL shown already means sends nothing. */
function urlChanges(spec: MachineSpec, snapshot: AnyMachineSnapshot, event: AnyEvent): boolean {
  if (event.type !== 'xstate.route') return true;
  try {
    const url = hrefFor(spec.table, snapshot, String(event.to), event.params as Record<string, unknown>);
    return url !== href(spec.table, snapshot);
  } catch {
    return false;
  }
}

/**
 * What tells two states apart: the state value, the URL, what each history state would restore
 * (coming back differs), and the context: the spec's stateContext when it says which part
 * matters, else the whole context (a guard may read any of it: a route accepted only once signed
 * in is another transition from the same screen).
 */
export function stateKey(spec: MachineSpec, snapshot: AnyMachineSnapshot): string {
  const history = Object.fromEntries(
    Object.entries((snapshot.historyValue ?? {}) as Record<string, Array<{ id: string }>>).map(([id, nodes]) => [
      id,
      nodes.map((node) => node.id),
    ]),
  );
  const context = spec.stateContext ? spec.stateContext(snapshot) : snapshot.context;
  return JSON.stringify([snapshot.value, href(spec.table, snapshot), history, context]);
}

/** Every event a spec can send: its routes (to every routable state), domain events, actor outcomes. */
export function specEvents(spec: MachineSpec, routes: AnyEvent[]): AnyEvent[] {
  return [...routes, ...spec.events, ...outcomeEvents(spec.machine, spec.outcomes ?? {})];
}

function exploreOptions(spec: MachineSpec, level: Level, routes: AnyEvent[]): ExploreOptions {
  const events = specEvents(spec, routes);
  const ui = level !== 'machine';
  return {
    events: (snapshot) => [
      ...(ui ? events.filter((event) => urlChanges(spec, snapshot, event)) : events),
      ...waitsIn(spec.machine, snapshot),
    ],
    // The timers running are part of a state: how long one has left decides what a wait does.
    serializeState: (snapshot) => `${stateKey(spec, snapshot)}|${timersKey(spec.machine, snapshot)}`,
    budget: spec.stateBudget,
    bound: spec.searchBound,
    input: spec.input,
    // Restored as createApp restores it (never started: nothing runs).
    start: spec.snapshot
      ? (createActor(spec.machine, { snapshot: spec.snapshot, input: spec.input }).getSnapshot() as AnyMachineSnapshot)
      : undefined,
  };
}

/**
 * At URL-driven levels the app does things by itself after a step (a view that throws sends
 * view.failed): the graph takes those steps too, so its states are the ones the app shows.
 */
function withFollowUps(spec: MachineSpec, options: ExploreOptions): ExploreOptions {
  if (!spec.followUps) return options;
  return { ...options, followUp: (snapshot) => followUpOf(spec, snapshot) };
}

function followUpOf(spec: MachineSpec, snapshot: AnyMachineSnapshot): AnyEvent | undefined {
  for (const node of activeNodes(spec.machine.root, snapshot.value)) {
    const next = spec.followUps?.[node.id];
    if (next) return next(snapshot, spec.table);
  }
  return undefined;
}

/**
 * Replays the walks on the model (the machine with the router on a memory history, as the app
 * runs it): the first step of a walk that lands elsewhere than the graph says (the router sends
 * another event for that URL than the route event, e.g. an index child's) is returned, to be
 * banned. Costs milliseconds.
 */
async function divergentSteps(spec: MachineSpec, walks: Walk[]) {
  const found = new Set<string>();
  for (const walk of walks) {
    const model = createModel(spec);
    try {
      for (const step of walk.steps) {
        const executor = isInternal(step.event.type) ? undefined : spec.executors[step.event.type];
        const action = executor?.(step.event);
        if (!executor) await model.perform(step.event);
        else if (action?.do === 'route') model.navigate(model.hrefFor(action.to, action.params));
        else model.send(step.event);
        // The model's own clock runs its timers: what it shows is compared, not what it has left.
        if (stateKey(spec, model.snapshot()) !== stateKey(spec, step.state)) {
          found.add(step.edge);
          break;
        }
      }
    } finally {
      model.stop();
    }
  }
  return found;
}

/**
 * The suite of a level: covering walks over the explored graph (every transition that level can
 * take, each once, in walks sharing their prefixes), then one path per history state. At URL-driven
 * levels the walks are checked on the model first, and steps the router performs otherwise are
 * avoided. `maxSteps` cuts walks so that a failure is reported near its cause.
 */
export async function generate(
  spec: MachineSpec,
  level: Level,
  routes: AnyEvent[],
  maxSteps?: number,
): Promise<Generated> {
  const options =
    level === 'machine'
      ? exploreOptions(spec, level, routes)
      : withFollowUps(spec, exploreOptions(spec, level, routes));
  const applicable = applicableTransitions(spec, level);
  // A history state nothing targets is never wanted (coverage.ts says why); nor one the spec excludes.
  const histories = historyNodesOf(spec.machine)
    .filter((node) => !neverTargeted(spec.machine, node) && spec.exclusions?.[`#${node.id}`] === undefined)
    .map((node) => `${HISTORY_KEY}${node.id}`);
  const wanted = [...applicable.map((def) => def.key), ...histories];
  const graph = explore(spec.machine, { ...options, wanted });
  const banned = new Set<string>();
  const stepper = createStepper(spec.machine);
  const walkOptions = {
    maxSteps,
    banned,
    keyOf: options.serializeState,
    describe: (snapshot: AnyMachineSnapshot) => describeSnapshot(spec, snapshot),
    // At URL-driven levels the app takes the follow-ups too (see withFollowUps).
    step: (snapshot: AnyMachineSnapshot, event: AnyEvent) => stepper.follow(snapshot, event, options.followUp),
  };
  let cover = coveringWalks(graph, wanted, walkOptions);
  for (let round = 0; level !== 'machine' && round < 20; round++) {
    const divergent = await divergentSteps(spec, cover.walks);
    if (divergent.size === 0) break;
    for (const edge of divergent) banned.add(edge);
    cover = coveringWalks(graph, wanted, walkOptions);
  }
  const describeState = (snapshot: AnyMachineSnapshot) => describeSnapshot(spec, snapshot);
  const walks: TestPath[] = cover.walks.map((walk, i) => {
    const steps = withRestores(spec, graph, walk);
    const last = steps[steps.length - 1] as PathStep;
    const shown = steps.slice(0, 6).map((step) => describeEvent(step.event));
    const via = `${shown.join(' → ')}${steps.length > shown.length ? ` → … (${steps.length} steps)` : ''}`;
    return {
      description: `walk ${i + 1} of ${cover.walks.length} reaches ${describeState(last.state)} via ${via}`,
      steps,
      state: last.state,
    };
  });
  const paths = walks;

  const byKey = new Map(applicable.map((def) => [def.key, def]));
  const why = searchReason(spec, graph);
  return {
    paths,
    graph,
    unreachable: [
      ...cover.unreachable.map((key) => {
        const def = byKey.get(key);
        const never = def ? guardNeverTrue(spec, graph, def) : undefined;
        return {
          label: key.startsWith(HISTORY_KEY) ? `the restore of #${key.slice(HISTORY_KEY.length)}` : (def?.label ?? key),
          why: never ? `${never}: ${why}` : why,
        };
      }),
      // A state the search never had active: the same reason, where the gate names missing states.
      ...(graph.truncated || graph.bounded ? statesNotReached(spec, graph).map((label) => ({ label, why })) : []),
    ],
    cost: {
      paths: paths.length,
      steps: paths.reduce((sum, path) => sum + path.steps.length, 0),
      appStarts: paths.length,
      lowerBound: wanted.length,
      startReasons: cover.walks.slice(0, -1).map((walk, i) => `walk ${i + 2}: ${walk.endsBecause}`),
    },
  };
}

/** The state nodes no state the search explored has active at rest: what a budget or bound left out. */
export function statesNotReached(spec: Pick<MachineSpec, 'machine'>, graph: StateGraph): string[] {
  const active = new Set<AnyStateNode>();
  for (const node of graph.nodes)
    for (const state of activeNodes(spec.machine.root, node.snapshot.value)) active.add(state);
  // A state left within the macrostep that entered it is never active at rest: the transitions
  // into it are named instead.
  return stateNodesOf(spec.machine)
    .filter((node) => !active.has(node) && !isTransient(node) && !isLeftAtOnce(node) && !finalAbove(node))
    .map((node) => `#${node.id}`);
}

/**
 * For a guarded transition the search never took: its guard, named, was never true where its
 * source was active (an eventless one is taken as soon as it is, so it never was; an event's is
 * evaluated on every state explored with the spec's samples of that event).
 */
function guardNeverTrue(spec: MachineSpec, graph: StateGraph, def: TransitionDef): string | undefined {
  const name = /\[([^\]]+)\]$/.exec(def.label.replace(/ (→ .*|\(in place\))$/, ''))?.[1];
  if (!name || def.routeTo) return undefined;
  const explored = `${graph.nodes.length} states explored`;
  if (def.eventType === '') return `its guard ${name} was never true in the ${explored}`;
  const guard = (spec.machine.implementations.guards as Record<string, unknown>)[name];
  if (typeof guard !== 'function') return undefined;
  const samples = samplesFor(spec, def.eventType);
  for (const node of graph.nodes) {
    if (!activeNodes(spec.machine.root, node.snapshot.value).includes(def.source)) continue;
    for (const event of samples) {
      try {
        if (
          (guard as (args: unknown, params: unknown) => unknown)({ context: node.snapshot.context, event }, undefined)
        )
          return undefined;
      } catch {
        return undefined;
      }
    }
  }
  return `its guard ${name} was never true on the spec's samples of ${def.eventType} in the ${explored}`;
}

/** Why the search found no state where a transition is selected: its budget, its bound, or none. */
function searchReason(spec: MachineSpec, graph: StateGraph): string {
  const left = statesNotReached(spec, graph);
  const never = left.length
    ? `; it never reached ${left.slice(0, 8).join(', ')}${left.length > 8 ? ` and ${left.length - 8} more` : ''}`
    : '';
  if (graph.truncated) {
    const dives = graph.dives
      ? `, the last tenth spent on ${graph.dives} dive${graph.dives === 1 ? '' : 's'} toward what it had not taken,`
      : '';
    return `the search stopped at its budget of ${graph.budget} states (the spec's stateBudget)${dives} before finding a state where it is selected${never}: raise the budget, or say what matters for coverage in the spec's searchBound (docs/paths.md, "A search too large")`;
  }
  if (graph.bounded && spec.searchBound) {
    return `the spec's searchBound explored at most ${spec.searchBound.samples} state${spec.searchBound.samples === 1 ? '' : 's'} for each value of its \`by\`, and none selects it${never}: raise its samples, or add to \`by\` what the guards on the way read`;
  }
  return `no state the spec's events reach selects it (${graph.nodes.length} states explored)`;
}

/**
 * The walk's steps, each step that comes back through a history state carrying what it must
 * restore, computed from the walk itself (the configuration below the parent when it was last
 * left) by the statechart's rules, not read from XState.
 */
function withRestores(spec: MachineSpec, graph: StateGraph, walk: Walk): PathStep[] {
  const states = [graph.nodes[0]?.snapshot as AnyMachineSnapshot, ...walk.steps.map((step) => step.state)];
  return walk.steps.map((step, i) => {
    // Every history state the step came back through: a multi-target transition into a parallel
    // state restores one per region, and each is checked and counted.
    const restores = step.taken
      .filter((key) => key.startsWith(HISTORY_KEY))
      .flatMap((key) => {
        const history = key.slice(HISTORY_KEY.length);
        const node = spec.machine.getStateNodeById(history);
        const parent = node.parent as AnyStateNode;
        let left: StateValue | undefined;
        for (let at = i; at >= 0 && left === undefined; at--) {
          left = valueBelow((states[at] as AnyMachineSnapshot).value, parent.path);
        }
        return left === undefined ? [] : [{ history, parent: parent.id, value: expectedRestore(node, left) }];
      });
    return restores.length
      ? { event: step.event, state: step.state, restores }
      : { event: step.event, state: step.state };
  });
}

/** `/section/3 (section.item.notes, overlay.closed)`: the URL and the active leaves. */
export function describeSnapshot(spec: Pick<MachineSpec, 'table'>, snapshot: AnyMachineSnapshot): string {
  const leaves = activeNodes(spec.table.machine.root, snapshot.value)
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map((node) => node.path.filter((key: string) => key !== 'app' && key !== 'main').join('.'));
  return `${href(spec.table, snapshot)} (${leaves.join(', ')})`;
}

export interface CostRow extends Cost {
  machine: string;
  level: Level;
  /** Transitions the replays took (what the steps bought). */
  covered: number;
}

/**
 * `| machine | level | paths | steps | app starts | transitions to cover | steps ÷ transitions |`,
 * then what forces each app start after the first.
 */
export function formatCost(rows: CostRow[]): string {
  const reasons = rows.flatMap((r) => r.startReasons.map((reason) => `- ${r.machine}, ${r.level}, ${reason}`));
  return [
    '| machine | level | paths | steps executed | app starts | transitions to cover (lower bound) | steps ÷ transitions covered |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.machine} | ${r.level} | ${r.paths} | ${r.steps} | ${r.appStarts} | ${r.lowerBound} | ${(r.steps / Math.max(1, r.covered)).toFixed(2)} |`,
    ),
    ...(reasons.length ? ['', 'What forces each app start after the first of a machine:', ...reasons] : []),
  ].join('\n');
}

export const COST_FILE = 'test-results/paths/cost.json';

/** Merges the rows into the JSON file, keyed by machine then level (the levels run in separate files). */
export function writeCost(rows: CostRow[], file = COST_FILE): void {
  mergeIntoReportFile(
    file,
    rows.map((row) => ({ machine: row.machine, level: row.level, value: row })),
  );
}

/**
 * Coverage advice is only true of replays that ran to their end: when one failed, what it would
 * have taken is missing for that reason alone.
 */
export function holdBackAdvice(failed: string[]): void {
  if (failed.length) {
    throw new Error(
      `Coverage is not judged: ${failed.length} path${failed.length > 1 ? 's' : ''} failed (${failed.join('; ')}): fix the failing path first`,
    );
  }
}

/**
 * The search's own reason for each transition it found no way to (its budget ran out, or no state
 * selects it), put before the coverage gate's fix for it.
 */
export function withSearchReasons(report: CoverageReport, generated: Generated): CoverageReport {
  for (const { label, why } of generated.unreachable) {
    if (report.fixes[label] !== undefined) report.fixes[label] = `${why}; ${report.fixes[label]}`;
  }
  return report;
}
