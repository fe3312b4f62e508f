import * as v from 'valibot';
import { callActor, defineCall } from '../../src/api/http';
import type { ReferenceRecord } from './referenceMachine';

/**
 * The reference app's calls, in one typed place: method, path shape, payload shape and timeout of
 * each. The product's calls go in a module like this one when they are specified.
 */
const record = v.object({ id: v.number(), name: v.string() });

// Short, so that the timeout is seen in a browser test without a long wait.
const timeoutMs = 2_000;

export const referenceCalls = {
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
};

/** What the app provides for the actors the reference machine names. */
export const referenceActors = {
  loadRecords: callActor(referenceCalls.listRecords),
  loadRecord: callActor(referenceCalls.getRecord),
};
