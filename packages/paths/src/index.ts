/**
 * Path tests generated from a machine, as plain functions: the spec, the generator (a spec in; the
 * walks with their steps, expected URLs and states, and the coverage report out, as data and as
 * JSON), the search and the pairs. Runners: `@statechart/paths/vitest` (machine, jsdom, Chromium
 * levels), `@statechart/paths/playwright` (Playwright Test) and `@statechart/paths/chromium`
 * (finding and driving Chromium, the built app, axe).
 */
export { behaviourOf } from './behaviour';
export { anyNavigateInput } from './fuzzInputs';
export {
  emptySeen,
  type GenerateOptions,
  generatePaths,
  type PathStep,
  type Seen,
  type TestPath,
  type TransitionDef,
  transitionDefinitions,
  traversePaths,
} from './graph';
export type { Outcome as ActorOutcome } from './internal';
export type { GraphEdge, GraphNode, SearchBound, StateGraph } from './search';
export type { Restore as HistoryRestore } from './history';
export type { Cost as SuiteCost, Generated as SuiteGenerated } from './cover';
export { pairPaths } from './pairs';
export { judgeRecords, RECORDS_DIR, type Shard, type WalkRecord } from './records';
export {
  type AnyEvent,
  type Executor,
  type Text as ExpectedText,
  type UserAction,
  generateOptions,
  type MachineSpec,
  makeSpec,
  pathsOf,
  routeExecutor,
  type StateAssertion,
} from './spec';
export {
  assertCovered,
  type CoverageReport,
  type Excluded as CoverageExclusion,
  type Figure as CoverageFigure,
  formatTable,
  type HistoryNotApplicable,
  type Level,
  type NotApplicable,
  type StateNotApplicable,
} from './coverage';
export {
  coverageOf,
  generateSuite,
  type PathSuite,
  runOnActor,
  type StepData,
  suiteData,
  type SuiteData,
  type WalkData,
  type WalkFailure,
  walksOf,
} from './suite';
