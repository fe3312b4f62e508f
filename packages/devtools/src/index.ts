/**
 * The statechart inspector (development only), its event log and moments, the machine graph and
 * its layout.
 */
export { type DevTools, isInspectorShortcut, startDevTools } from './devTools';
export { createEventLog } from './eventLog';
export { machineGraph } from './graph';
export { layoutGraph } from './layout';
export { type CopiedCase, recordCase } from './moments';
export { mountInspector } from './mountInspector';
