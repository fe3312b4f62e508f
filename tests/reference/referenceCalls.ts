import * as v from 'valibot';
import { DEFAULT_TIMEOUT_MS, callActor, defineCall } from '../../src/api/http';
import type { ReferenceRecord } from './referenceMachine';

/**
 * The reference app's calls, in one typed place: method, path shape, payload shape and timeout of
 * each. The product's calls go in a module like this one when they are specified.
 */
const record = v.object({ id: v.number(), name: v.string() });

export const referenceCalls = (timeoutMs = DEFAULT_TIMEOUT_MS) => ({
  listRecords: defineCall<void, ReferenceRecord[]>({
    method: 'GET',
    path: () => '/api/records',
    response: v.array(record),
    timeoutMs,
  }),
  getRecord: defineCall<{ id: number }, ReferenceRecord>({
    method: 'GET',
    path: ({ id }) => `/api/records/${encodeURIComponent(id)}`,
    response: record,
    timeoutMs,
  }),
});

/** What the app provides for the actors the reference machine names. */
export function referenceActors(options: { timeoutMs?: number } = {}) {
  const calls = referenceCalls(options.timeoutMs);
  return {
    loadRecords: callActor(calls.listRecords),
    loadRecord: callActor(calls.getRecord),
  };
}

/**
 * A browser test sets this localStorage key before the page loads to see a timeout without
 * waiting the default 10 s (the reference app is test code; the product has no such hook).
 */
export const TIMEOUT_KEY = 'reference.callTimeoutMs';
