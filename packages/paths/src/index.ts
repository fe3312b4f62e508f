/**
 * Path tests generated from a machine, as plain functions: the spec, the generator (a spec in; the
 * walks with their steps, expected URLs and states, and the coverage report out, as data and as
 * JSON), the search and the pairs. Runners: `@statechart/paths/vitest` (machine, jsdom, Chromium
 * levels), `@statechart/paths/playwright` (Playwright Test) and `@statechart/paths/chromium`
 * (finding and driving Chromium, the built app, axe).
 */
export { behaviourOf } from './behaviour';
export { anyNavigateInput } from './fuzzInputs';
export { emptySeen, generatePaths, type Seen, transitionDefinitions, traversePaths } from './graph';
export { pairPaths } from './pairs';
export {
  type AnyEvent,
  generateOptions,
  type MachineSpec,
  makeSpec,
  pathsOf,
  routeExecutor,
  type StateAssertion,
} from './spec';
export { assertCovered, type CoverageReport, formatTable, type Level } from './coverage';
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
