import { getInitialSnapshot, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import {
  describeEvent,
  emptySeen,
  reach,
  transitionKey,
  type GenerateOptions,
  type PathStep,
  type TestPath,
} from './graph';
import type { Figure } from './coverage';

type AnyEvent = { type: string; [key: string]: unknown };

/**
 * Transition-pair coverage (opt-in: PATHS_COVERAGE=pairs; not a `--coverage=pairs` flag, which is
 * Vitest's own option and never reaches the test workers), as GraphWalker and ModelJUnit offer:
 * every pair of consecutive transitions that can occur must occur in some path. A step's
 * transitions are those its event selects (`getTransitionData`, the first microstep). "Can occur"
 * is what the sample events reach: from every state of the suite, each event (URL-driven routes
 * from the initial state only, as in the traversal), then each event, routes included.
 */
export const pairsRequested = () => process.env.PATHS_COVERAGE === 'pairs' || process.argv.includes('--coverage=pairs');

function selectedKey(machine: AnyStateMachine, state: AnyMachineSnapshot, event: AnyEvent): string | undefined {
  const selected = machine.getTransitionData(state, event as never) as unknown as Parameters<typeof transitionKey>[0][];
  if (selected.length === 0) return undefined;
  return selected.map(transitionKey).sort().join(' + ');
}

/**
 * The snapshot after `events` from the start, on an actor: XState's pure transition() leaves the
 * done events a final state raises unprocessed, an actor does not.
 */
const after = (options: GenerateOptions, machine: AnyStateMachine, events: AnyEvent[]) =>
  reach(options.live ?? machine, events, emptySeen());

/** The pairs a suite's paths take, each `first → second` by transition keys. */
export function pairsTaken(machine: AnyStateMachine, paths: TestPath[]): Set<string> {
  const taken = new Set<string>();
  const initial = getInitialSnapshot(machine) as AnyMachineSnapshot;
  for (const path of paths) {
    let before = initial;
    let previous: string | undefined;
    for (const { event, state } of path.steps) {
      const key = selectedKey(machine, before, event);
      if (previous && key) taken.add(`${previous} → ${key}`);
      previous = key;
      before = state;
    }
  }
  return taken;
}

interface Pair {
  source: TestPath;
  events: [AnyEvent, AnyEvent];
}

/** Every pair the sample events can take from the suite's states, with a way to take it. */
export function pairUniverse(machine: AnyStateMachine, options: GenerateOptions, paths: TestPath[]): Map<string, Pair> {
  const universe = new Map<string, Pair>();
  const global = options.global ?? (() => false);
  const initialKey = options.serializeState(getInitialSnapshot(machine) as AnyMachineSnapshot);
  const sources = new Map<string, TestPath>();
  for (const path of [...paths].sort((a, b) => a.steps.length - b.steps.length)) {
    const key = options.serializeState(path.state);
    if (!sources.has(key)) sources.set(key, path);
  }
  for (const [key, source] of sources) {
    const firsts = key === initialKey ? options.events : options.events.filter((event) => !global(event));
    for (const first of firsts) {
      const firstKey = selectedKey(machine, source.state, first);
      if (!firstKey) continue;
      const middle = after(options, machine, [...source.steps.map((s) => s.event), first]);
      for (const second of options.events) {
        const secondKey = selectedKey(machine, middle, second);
        if (!secondKey) continue;
        const pair = `${firstKey} → ${secondKey}`;
        if (!universe.has(pair)) universe.set(pair, { source, events: [first, second] });
      }
    }
  }
  return universe;
}

/** The paths that take every pair of the universe the suite does not take yet. */
export function pairPaths(
  machine: AnyStateMachine,
  options: GenerateOptions,
  paths: TestPath[],
): { paths: TestPath[]; universe: string[] } {
  const describeState = options.describeState ?? ((s: AnyMachineSnapshot) => JSON.stringify(s.value));
  const universe = pairUniverse(machine, options, paths);
  const taken = pairsTaken(machine, paths);
  const added: TestPath[] = [];
  for (const [pair, { source, events }] of universe) {
    if (taken.has(pair)) continue;
    const steps: PathStep[] = [...source.steps];
    let state = source.state;
    for (const event of events) {
      state = after(options, machine, [...steps.map((s) => s.event), event]);
      steps.push({ event, state });
    }
    const path = {
      description: `takes the pair ${events.map(describeEvent).join(' → ')} from ${describeState(source.state)}: reaches ${describeState(state)}`,
      steps,
      state,
    };
    for (const key of pairsTaken(machine, [path])) taken.add(key);
    added.push(path);
  }
  return { paths: added, universe: [...universe.keys()] };
}

/** Pairs of `universe` that `paths` take. */
export function pairFigure(machine: AnyStateMachine, universe: string[], paths: TestPath[]): Figure {
  const taken = pairsTaken(machine, paths);
  return { covered: universe.filter((pair) => taken.has(pair)).length, total: universe.length };
}
