/**
 * Chromium from Node: finding or installing the system's browser, launching it, the built and
 * previewed app, axe checks and replays of recorded cases.
 */
export { axeViolations, COLOR_RULES, type ScreenState, violationsIn } from './axe';
export { headingNamed, historyLength, launch, openPage, pathOf, sharedContext, withPage } from './browser';
export { buildAndPreview } from './builtApp';
export { type RecordedCase, replayCase } from './cases';
export { CHROMIUM_ARGS, ensureChromium } from './findChromium';
