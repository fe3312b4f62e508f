/**
 * Calls in the browser: defineCall, the cache and warming, the error catalogue, the call
 * machine helpers and the call status components. The development API server is
 * `@statechart/calls` (Node only).
 */
export { CallFailed, CallPending, CallRegion } from './CallStatus';
export { callActor } from './cache';
export { errorStrings } from './errorStrings';
export { catalogueEntry, describeError, genericEntry } from './errors';
export { CallFailure, type CallSpec, DEFAULT_TIMEOUT_MS, defineCall, defineCalls, type StaleTarget } from './http';
export { useWaitLeft } from './waitLeft';
export {
  type CallError,
  callPlaceholder,
  newIdempotencyKey,
  serverFieldErrorsSchema,
  type Submission,
  toCallError,
} from './machine';
