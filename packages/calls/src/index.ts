/**
 * Calls in the browser: defineCall, the cache and warming, the error catalogue, the call
 * machine helpers and the call status components. The development API server is
 * `@statechart/calls/server` (Node only).
 */
export { CallFailed, CallPending, CallRegion } from './CallStatus';
export { type CallCache, callActor, createCallCache } from './cache';
export { errorStrings } from './errorStrings';
export {
  type CatalogueEntry,
  catalogueEntry,
  describeError,
  genericEntry,
  type Handling as ErrorHandling,
  type MessageKey,
} from './errors';
export {
  CallFailure,
  type CallMethod,
  type CallSpec,
  DEFAULT_TIMEOUT_MS,
  defineCall,
  defineCalls,
  type Schema as CallSchema,
  type StaleTarget,
} from './http';
export { retryAfterMs } from './retryAfter';
export { useWaitLeft } from './waitLeft';
export {
  type CallError,
  callPlaceholder,
  firstSubmission,
  type KnownCallErrorCode,
  newIdempotencyKey,
  type ServerFieldError,
  serverFieldErrorsSchema,
  type Submission,
  toCallError,
} from './machine';
