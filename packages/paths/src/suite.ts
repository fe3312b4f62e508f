import type { StateValue } from 'xstate';
import { href } from '@statechart/core';
import { computeCoverage, type CoverageReport, type Level } from './coverage';
import { describeSnapshot, generate, withSearchReasons, type Cost, type Generated } from './cover';
import { describeEvent, emptySeen, type Seen, type TestPath } from './graph';
import type { Restore } from './history';
import { replayOnActor } from './replay';
import { routeEvents, type AnyEvent, type MachineSpec } from './spec';

/** A spec's generated suite at one level: its walks (XState snapshots in each step) and what they cost. */
export interface PathSuite {
  spec: MachineSpec;
  level: Level;
  walks: TestPath[];
  cost: Cost;
  /** What the search found no way to, each with why (its budget, its bound, no state selects it). */
  unreachable: Generated['unreachable'];
  /** @internal the explored graph, for the levels' reasons. */
  generated: Generated;
}

/** One step of a walk as data: what is done, and what must then be shown. */
export interface StepData {
  event: AnyEvent;
  /** `route #task`, `session.signIn`, `wait 3000 ms`, `fetch resolves "thing"`. */
  does: string;
  /** The app-relative URL expected after the step (href of the snapshot). */
  url: string;
  /** The machine's state value expected after the step. */
  state: StateValue;
  /** `/task (task.open)`: the URL and the active leaves. */
  shows: string;
  /** What each history state the step comes back through must restore. */
  restores?: Restore[];
}

export interface WalkData {
  description: string;
  steps: StepData[];
}

/** A suite and, once run, its coverage report, as plain data (JSON.stringify gives the file). */
export interface SuiteData {
  machine: string;
  level: Level;
  walks: WalkData[];
  cost: Cost;
  unreachable: Generated['unreachable'];
  coverage?: CoverageReport;
}

/**
 * The generator as a plain function: the covering walks of `spec` at `level` ('machine': sent to
 * an actor; 'dom' and 'chromium': performed through URLs and clicks, so routes the router never
 * sends are left out). Needs no test runner.
 */
export async function generateSuite(spec: MachineSpec, level: Level = 'machine'): Promise<PathSuite> {
  const generated = await generate(spec, level, routeEvents(spec));
  return { spec, level, walks: generated.paths, cost: generated.cost, unreachable: generated.unreachable, generated };
}

/** The walks as data: per step the event, the URL and state value expected, the restores to check. */
export function walksOf(suite: Pick<PathSuite, 'spec' | 'walks'>): WalkData[] {
  return suite.walks.map((walk) => ({
    description: walk.description,
    steps: walk.steps.map((step) => ({
      event: step.event,
      does: describeEvent(step.event),
      url: href(suite.spec.table, step.state),
      state: step.state.value,
      shows: describeSnapshot(suite.spec, step.state),
      ...(step.restores && { restores: step.restores }),
    })),
  }));
}

/**
 * The coverage report of what replays saw (`seen`, filled by a level's runner), with the search's
 * reason first in each fix. `assertCovered(report)` is the gate.
 */
export function coverageOf(suite: PathSuite, seen: Seen): CoverageReport {
  return withSearchReasons(computeCoverage(suite.spec, suite.level, seen), suite.generated);
}

/** A walk that failed when replayed: its description and the message (expected, found, where). */
export interface WalkFailure {
  walk: string;
  message: string;
}

/**
 * The machine level without a test runner: every walk replayed on an actor (simulated clock,
 * actors settled by the steps), then the coverage report. Failures are returned, not thrown.
 */
export async function runOnActor(
  suite: PathSuite,
): Promise<{ report: CoverageReport; failures: WalkFailure[]; seen: Seen }> {
  const seen = emptySeen();
  const failures: WalkFailure[] = [];
  for (const walk of suite.walks) {
    try {
      await replayOnActor(suite.spec, walk, seen);
    } catch (error) {
      failures.push({ walk: walk.description, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return { report: coverageOf(suite, seen), failures, seen };
}

/** The suite (and its report, if given) as data ready for JSON.stringify. */
export function suiteData(suite: PathSuite, coverage?: CoverageReport): SuiteData {
  return {
    machine: suite.spec.name,
    level: suite.level,
    walks: walksOf(suite),
    cost: suite.cost,
    unreachable: suite.unreachable,
    ...(coverage && { coverage }),
  };
}
