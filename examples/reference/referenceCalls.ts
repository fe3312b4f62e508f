import * as v from 'valibot';
import {
  callActor,
  DEFAULT_TIMEOUT_MS,
  defineCall,
  defineCalls,
  firstSubmission,
  type Submission,
} from '@statechart/calls';
import { RECORD_NAME_MAX_LENGTH, type RecordChange, type RecordInput } from './recordForm';
import type { ReferenceRecord, ReferenceRecordPage } from './referenceMachine';

/**
 * The reference app's calls, in one typed place: method, path shape, payload shape, timeout and
 * freshness of each. The product's calls go in src/api/calls.ts the same way.
 */
// The id feeds the detail's route param, a whole number: the same rule here (1.5 is refused). The
// name is bounded as the form and the server bound it: a 50 MB name is invalidPayload (the failed
// state's message), not text that freezes the tab while it renders.
const record = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  name: v.pipe(v.string(), v.maxLength(RECORD_NAME_MAX_LENGTH)),
});

/** How many records a page of the list holds, at most (the reference API's page size). */
export const RECORDS_PAGE_SIZE = 3;

/** How long a records answer stays fresh: Back within it shows the list at once, with no request. */
export const RECORDS_FRESH_MS = 30_000;

/** `fresh: false` leaves the records calls without a freshness (the bench's comparison). */
export const referenceCalls = (timeoutMs = DEFAULT_TIMEOUT_MS, fresh = true) =>
  defineCalls({
    // One page of the list: the first is `/api/records`, so the answer is the same URL however the
    // list was reached; the page's length is bounded as the server's page size is.
    listRecords: defineCall<{ page: number }, ReferenceRecordPage>({
      method: 'GET',
      path: ({ page }) => (page > 1 ? `/api/records?page=${encodeURIComponent(page)}` : '/api/records'),
      response: v.object({
        records: v.pipe(v.array(record), v.maxLength(RECORDS_PAGE_SIZE)),
        pages: v.pipe(v.number(), v.integer(), v.minValue(1)),
      }),
      timeoutMs,
      freshForMs: fresh ? RECORDS_FRESH_MS : undefined,
    }),
    getRecord: defineCall<{ id: number }, ReferenceRecord>({
      method: 'GET',
      path: ({ id }) => `/api/records/${encodeURIComponent(id)}`,
      response: record,
      timeoutMs,
      freshForMs: fresh ? RECORDS_FRESH_MS : undefined,
    }),
    // A save changes data: no freshness, every submit is a request, with the submit's
    // Idempotency-Key (the form's, kept across Try again). A refusal's field errors come back on the
    // failure (CallFailure.fieldErrors); the machine maps them with serverFieldErrors. A 2xx without
    // a body (204) is a save too: the answer's id is optional. A new record changes the list: its
    // kept pages are stale once the save succeeds, and Back to them shows the list with it. Refused
    // as saved before (the key saved its first values, not these edits), it sends those first values
    // again: the answer is the saved record's id, for the notice's link.
    saveRecord: defineCall<Submission<RecordInput>, { id: number } | undefined>({
      method: 'POST',
      path: () => '/api/records',
      body: ({ values }) => values,
      idempotencyKey: ({ idempotencyKey }) => idempotencyKey,
      firstInput: firstSubmission,
      response: v.optional(v.object({ id: v.number() })),
      timeoutMs,
      invalidates: ['listRecords'],
    }),
    // A change to a record saved before ("Save as a change" after "This was saved already"): its own
    // key (the form's next submit makes one), and the record's detail and the list are stale after it.
    changeRecord: defineCall<RecordChange, { id: number } | undefined>({
      method: 'PUT',
      path: ({ id }) => `/api/records/${encodeURIComponent(id)}`,
      body: ({ values }) => values,
      idempotencyKey: ({ idempotencyKey }) => idempotencyKey,
      response: v.optional(v.object({ id: v.number() })),
      timeoutMs,
      invalidates: ({ id }) => ['listRecords', { call: 'getRecord', input: { id } }],
    }),
  });

/** What the app provides for the actors the reference machine names. */
export function referenceActors(options: { timeoutMs?: number; fresh?: boolean } = {}) {
  const calls = referenceCalls(options.timeoutMs, options.fresh ?? true);
  return {
    loadRecords: callActor(calls.listRecords),
    loadRecord: callActor(calls.getRecord),
    submitRecord: callActor(calls.saveRecord),
    changeRecord: callActor(calls.changeRecord),
  };
}

/**
 * A browser test sets this localStorage key before the page loads to see a timeout without
 * waiting the default 10 s (the reference app is test code; the product has no such hook).
 */
export const TIMEOUT_KEY = 'reference.callTimeoutMs';
/** Set to "off" before load: the records calls declare no freshness (bench/calls.bench.ts compares). */
export const FRESHNESS_KEY = 'reference.freshness';
