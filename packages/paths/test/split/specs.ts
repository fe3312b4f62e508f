import { deadlinesSpec, finalParentSpec, parallelTimersSpec, signInSpec } from '../shapes/minimalPaths';

/** What the split run spreads, small enough for npm test: four walks at machine level, three in the DOM. */
export const machineSpecs = [signInSpec, deadlinesSpec, finalParentSpec, parallelTimersSpec];
export const domSpecs = [signInSpec, finalParentSpec, parallelTimersSpec];
/** Each shard records in its own directory, as a CI job uploads its own; the merge reads them together. */
export const records = process.env.PATHS_RECORDS ?? 'test-results/paths/records';
