/**
 * The generated path tests as Vitest suites: machine, jsdom and Chromium levels, random walks
 * and the soak.
 */
export { type ApiControl, type ChromiumApp, describeChromiumLevel } from './chromiumLevel';
export { describeDomLevel, type DomApp } from './domLevel';
export { describeMachineLevel } from './machineLevel';
export { describeSoak, type SoakApp } from './soakLevel';
export { describeWalks } from './walkLevel';
