/**
 * Chromium from Node: finding or installing the system's browser, launching it, the built and
 * previewed app, axe checks, replays of recorded cases, and Back and Forward as the browser's
 * buttons make them.
 */
export { animationsSettled, axeViolations, COLOR_RULES, type ScreenState, violationsIn } from './axe';
export { screenStatesOf } from './screenStates';
export {
  headingNamed,
  historyLength,
  instantAnimations,
  launch,
  openPage,
  pathOf,
  sharedContext,
  withPage,
} from './browser';
export { buildAndPreview } from './builtApp';
export { type RecordedCase, replayCase } from './cases';
export { CHROMIUM_ARGS, ensureChromium } from './findChromium';
export { pressBack, traverse } from './traversal';
