/**
 * The generated path tests as Vitest suites: machine, jsdom and Chromium levels, random walks
 * and the soak; a run split into parts and the merge step that judges them together.
 */
export { type ApiControl, type ChromiumApp, describeChromiumLevel } from './chromiumLevel';
export { describeDomLevel, type DomApp } from './domLevel';
export { describePathGate } from './gateLevel';
export { describeMachineLevel, type SplitOptions } from './machineLevel';
export { describeSoak, type SoakApp } from './soakLevel';
export { describeWalks } from './walkLevel';
export { RECORDS_DIR, type Shard } from './records';
