import type { PlaywrightApp } from '../../src/playwright';
import {
  deadlinesSpec,
  finalParentSpec,
  historiesTogetherSpec,
  parallelTabsSpec,
  parallelTimersSpec,
  signInSpec,
} from '../shapes/minimalPaths';

/**
 * The minimal shapes Playwright Test walks: a context-guarded route, the page clock (named and
 * computed delays; timers in parallel regions due together), two histories restored by one step, a
 * final state's parent never at rest and a parallel state with no in-place answer, each machine
 * under its own base path of the one built app (served by globalSetup.ts as MINIMAL_URL).
 */
export const shapeApps: PlaywrightApp[] = [
  signInSpec,
  deadlinesSpec,
  historiesTogetherSpec,
  parallelTimersSpec,
  finalParentSpec,
  parallelTabsSpec,
].map((spec) => ({
  spec,
  url: () => `${process.env.MINIMAL_URL ?? ''}/${spec.name}`,
  base: `/${spec.name}`,
  clock: true,
}));
