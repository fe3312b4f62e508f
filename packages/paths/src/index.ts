/**
 * Path tests generated from a machine, as plain functions: the spec, the search, the covering
 * walks and the pairs. Runners: `@statechart/paths` (machine, jsdom, Chromium levels) and
 * `@statechart/paths` (finding and driving Chromium, the built app, axe).
 */
export { behaviourOf } from './behaviour';
export { anyNavigateInput } from './fuzzInputs';
export { generatePaths, transitionDefinitions, traversePaths } from './graph';
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
