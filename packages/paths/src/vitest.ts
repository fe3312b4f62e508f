/**
 * The generated path tests as Vitest suites: machine, jsdom and Chromium levels, random walks
 * and the soak.
 */
export { describeChromiumLevel } from './chromiumLevel';
export { describeDomLevel } from './domLevel';
export { describeMachineLevel } from './machineLevel';
export { describeSoak } from './soakLevel';
export { describeWalks } from './walkLevel';
