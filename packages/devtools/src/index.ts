/**
 * The statechart inspector (development only), its event log and moments, the machine graph and
 * its layout.
 */
export { type DevTools, isInspectorShortcut, startDevTools } from './devTools';
export { type ActorSummary, createEventLog, type EventLog, type LoggedEvent } from './eventLog';
export {
  type GraphState,
  type GraphTransition,
  type MachineGraph,
  machineGraph,
  type StateKind,
  type TransitionKind,
} from './graph';
export {
  type ElkLayouter,
  layoutGraph,
  type LayoutOptions,
  type Scene,
  type SceneEdge,
  type SceneInitial,
  type SceneRow,
  type SceneState,
} from './layout';
export { type CopiedCase, recordCase } from './moments';
export { mountInspector } from './mountInspector';
