import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CallFailure, type Submission } from '@statechart/calls';
import * as v from 'valibot';
import { RECORD_NAME_MAX_LENGTH, recordStrings, type RecordInput } from '../recordForm';
import { RECORDS_PAGE_SIZE, referenceCalls } from '../referenceCalls';
import { referenceMachine, type ReferenceRecord, type ReferenceRecordPage } from '../referenceMachine';

/** A call that answers when the test says so, and shows what it was asked and whether it was aborted. */
function controlledCall<TOutput, TInput>() {
  const calls: {
    input: TInput;
    signal: AbortSignal;
    resolve: (output: TOutput) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input, signal }) => new Promise<TOutput>((resolve, reject) => calls.push({ input, signal, resolve, reject })),
  );
  return { logic, calls };
}

const route = (to: `#${string}`, params?: Record<string, unknown>) => ({ type: 'xstate.route' as const, to, params });
type Substate = 'loading' | 'loaded' | 'failed';
const list = (substate: Substate) => ({ app: { main: { records: { list: substate } } } });
const detail = (substate: Substate) => ({ app: { main: { records: { shown: { detail: { call: substate } } } } } });
const records: ReferenceRecord[] = [{ id: 1, name: 'Record 1' }];
const firstPage: ReferenceRecordPage = { records, pages: 2 };

function start() {
  const loadRecords = controlledCall<ReferenceRecordPage, { page: number }>();
  const loadRecord = controlledCall<ReferenceRecord, { id: number }>();
  const machine = referenceMachine.provide({
    actors: { loadRecords: loadRecords.logic, loadRecord: loadRecord.logic },
  });
  const actor = createActor(machine).start();
  return { actor, loadRecords: loadRecords.calls, loadRecord: loadRecord.calls };
}

describe('reference machine, calls', () => {
  it('loads the list once on entry and shows it when the call answers', async () => {
    const { actor, loadRecords } = start();
    actor.send(route('#recordList'));
    expect(actor.getSnapshot().matches(list('loading'))).toBe(true);
    expect(loadRecords).toHaveLength(1);
    loadRecords[0]?.resolve(firstPage);
    await waitFor(actor, (s) => s.matches(list('loaded')));
    expect(actor.getSnapshot().context.records).toEqual(records);
    expect(loadRecords).toHaveLength(1);
  });

  it('keeps the list loaded while details are chosen, and loads each detail', async () => {
    const { actor, loadRecords, loadRecord } = start();
    actor.send(route('#recordList'));
    loadRecords[0]?.resolve(firstPage);
    await waitFor(actor, (s) => s.matches(list('loaded')));
    actor.send(route('#recordDetail', { id: 1 }));
    actor.send(route('#recordDetail', { id: 2 }));
    actor.send(route('#recordList'));
    expect(loadRecords).toHaveLength(1);
    expect(loadRecord.map((call) => call.input.id)).toEqual([1, 2]);
    expect(actor.getSnapshot().matches(list('loaded'))).toBe(true);
  });

  it('loads the page the URL asks for, and the first without one', async () => {
    const { actor, loadRecords } = start();
    actor.send(route('#recordList', { page: 2 }));
    expect(loadRecords.map((call) => call.input)).toEqual([{ page: 2 }]);
    loadRecords[0]?.resolve(firstPage);
    await waitFor(actor, (s) => s.matches(list('loaded')));
    // A detail on the same page keeps the list; another page (a pager link, Back) loads it.
    actor.send(route('#recordDetail', { id: 1, page: 2 }));
    expect(loadRecords).toHaveLength(1);
    // The router sends an absent search param as undefined (/records has no ?page).
    actor.send(route('#recordList', { page: undefined }));
    expect(loadRecords.map((call) => call.input)).toEqual([{ page: 2 }, { page: 1 }]);
    expect(actor.getSnapshot().matches(list('loading'))).toBe(true);
    expect(actor.getSnapshot().context.recordsPage).toBe(1);
  });

  it('passes the id of the URL to the detail call', async () => {
    const { actor, loadRecord } = start();
    actor.send(route('#recordDetail', { id: 2 }));
    expect(loadRecord.map((call) => call.input)).toEqual([{ id: 2 }]);
    loadRecord[0]?.resolve({ id: 2, name: 'Record 2' });
    await waitFor(actor, (s) => s.matches(detail('loaded')));
    expect(actor.getSnapshot().context.shownRecord).toEqual({ id: 2, name: 'Record 2' });
  });

  for (const code of ['network', 'timeout', 'http.404', 'http.4xx', 'http.5xx', 'invalidPayload']) {
    it(`keeps the failure's code (${code}) in context and shows the failed state`, async () => {
      const { actor, loadRecord } = start();
      actor.send(route('#recordDetail', { id: 1 }));
      loadRecord[0]?.reject(Object.assign(new Error(code), { code, status: code === 'http.5xx' ? 500 : undefined }));
      await waitFor(actor, (s) => s.matches(detail('failed')));
      expect(actor.getSnapshot().context.callError?.code).toBe(code);
    });
  }

  it('turns a failure without a code (a bug, a call not provided) into the code unknown', async () => {
    const actor = createActor(referenceMachine).start();
    actor.send(route('#recordList'));
    await waitFor(actor, (s) => s.matches(list('failed')));
    expect(actor.getSnapshot().context.recordsError).toEqual({ code: 'unknown' });
  });

  it('calls again only when retry is asked for', async () => {
    const { actor, loadRecords } = start();
    actor.send(route('#recordList'));
    loadRecords[0]?.reject({ code: 'http.5xx', status: 500 });
    await waitFor(actor, (s) => s.matches(list('failed')));
    expect(loadRecords).toHaveLength(1);
    actor.send({ type: 'call.retry' });
    expect(actor.getSnapshot().matches(list('loading'))).toBe(true);
    expect(loadRecords).toHaveLength(2);
    loadRecords[1]?.resolve(firstPage);
    await waitFor(actor, (s) => s.matches(list('loaded')));
  });

  it('aborts the call when the loading state is left, and ignores its late answer', async () => {
    const { actor, loadRecords } = start();
    actor.send(route('#recordList'));
    const call = loadRecords[0];
    actor.send(route('#home'));
    expect(call?.signal.aborted).toBe(true);
    call?.resolve(firstPage);
    await Promise.resolve();
    expect(actor.getSnapshot().context.records).toBeUndefined();
  });

  it('aborts the detail call when the id changes, and calls once for the new id', () => {
    const { actor, loadRecord } = start();
    actor.send(route('#recordDetail', { id: 1 }));
    actor.send(route('#recordDetail', { id: 2 }));
    expect(loadRecord.map((call) => [call.input.id, call.signal.aborted])).toEqual([
      [1, true],
      [2, false],
    ]);
  });

  it('does not call again when routed to the record it shows', () => {
    const { actor, loadRecord } = start();
    actor.send(route('#recordDetail', { id: 1 }));
    actor.send(route('#recordDetail', { id: 1 }));
    expect(loadRecord).toHaveLength(1);
  });
});

describe('the reference calls’ answers, bounded', () => {
  it('refuses a record name longer than the form and the server allow, in a record and in a page of the list', () => {
    const calls = referenceCalls();
    const long = 'x'.repeat(1_000_000);
    const fits = 'x'.repeat(RECORD_NAME_MAX_LENGTH);
    expect(v.is(calls.getRecord.response, { id: 1, name: fits })).toBe(true);
    expect(v.is(calls.getRecord.response, { id: 1, name: long }), 'a 1 MB name is invalidPayload').toBe(false);
    expect(v.is(calls.listRecords.response, { records: [{ id: 1, name: long }], pages: 1 })).toBe(false);
    const tooMany = Array.from({ length: RECORDS_PAGE_SIZE + 1 }, (_, i) => ({ id: i + 1, name: 'x' }));
    expect(v.is(calls.listRecords.response, { records: tooMany, pages: 1 }), 'a page longer than a page').toBe(false);
  });
});

describe('reference machine, the form submitting through a call', () => {
  const newRecord = (substate: 'editing' | 'submitting' | 'saved' | 'failed') => ({
    app: { main: { newRecord: substate } },
  });
  function submitWith(name: string) {
    const submit = controlledCall<{ id: number } | undefined, Submission<RecordInput>>();
    const actor = createActor(referenceMachine.provide({ actors: { submitRecord: submit.logic } })).start();
    actor.send(route('#newRecord'));
    actor.send({ type: 'record.change', field: 'name', value: name });
    actor.send({ type: 'record.submit' });
    expect(actor.getSnapshot().matches(newRecord('submitting'))).toBe(true);
    return { actor, calls: submit.calls };
  }

  it('shows the field errors a refusal carries (what performCall rejects with), keeping the values', async () => {
    const { actor, calls } = submitWith('taken');
    expect(calls.map((call) => call.input)).toMatchObject([{ values: { name: 'taken' } }]);
    calls[0]?.reject(new CallFailure('http.4xx', 422, [{ field: 'name', code: 'taken' }]));
    await waitFor(actor, (s) => s.matches(newRecord('editing')));
    const { record } = actor.getSnapshot().context;
    expect(record.errors).toEqual({ name: recordStrings.serverCodes.taken });
    expect(record.values.name).toBe('taken');
    expect(record.refusals).toBe(1);
  });

  it('sends one Idempotency-Key per draft: the same on Try again, on a submit unchanged or edited, a new one after a save', async () => {
    const { actor, calls } = submitWith('A name');
    const key = (i: number) => calls[i]?.input.idempotencyKey;
    expect(key(0)).toMatch(/^[0-9a-f-]{36}$/);
    calls[0]?.reject(new CallFailure('unknownOutcome'));
    await waitFor(actor, (s) => s.matches(newRecord('failed')));
    expect(actor.getSnapshot().context.record.callError).toEqual({ code: 'unknownOutcome' });
    actor.send({ type: 'record.retry' });
    expect(key(1)).toBe(key(0));
    calls[1]?.reject(new CallFailure('unknownOutcome'));
    await waitFor(actor, (s) => s.matches(newRecord('failed')));
    // Back to the form and submitted again unchanged: the same submit, to the server.
    actor.send({ type: 'record.edit' });
    actor.send({ type: 'record.submit' });
    expect(key(2)).toBe(key(0));
    expect(actor.getSnapshot().context.record.callError).toBeUndefined();
    calls[2]?.reject(new CallFailure('http.5xx', 500));
    await waitFor(actor, (s) => s.matches(newRecord('failed')));
    actor.send({ type: 'record.edit' });
    actor.send({ type: 'record.change', field: 'name', value: 'Another name' });
    actor.send({ type: 'record.submit' });
    // Edited after an unknown outcome: the same draft, saved at most once (the server refuses the
    // key with other values if the first was saved, and runs it if it was not).
    expect(key(3)).toBe(key(0));
    calls[3]?.resolve({ id: 4 });
    await waitFor(actor, (s) => s.matches(newRecord('saved')));
    actor.send({ type: 'record.new' });
    actor.send({ type: 'record.change', field: 'name', value: 'Another name' });
    actor.send({ type: 'record.submit' });
    expect(key(4)).toMatch(/^[0-9a-f-]{36}$/);
    expect(key(4), 'a new form after a save is a new draft').not.toBe(key(0));
  });

  it('takes a save answered without a body (204) as saved, with no record to link to', async () => {
    const { actor, calls } = submitWith('No body');
    calls[0]?.resolve(undefined);
    await waitFor(actor, (s) => s.matches(newRecord('saved')));
    expect(actor.getSnapshot().context.savedRecordId).toBeUndefined();
  });

  it('fails as a whole on a refusal without field errors, or one naming no field of the form', async () => {
    for (const error of [
      new CallFailure('http.5xx', 500),
      new CallFailure('http.4xx', 422, [{ field: 'x', code: 'y' }]),
    ]) {
      const { actor, calls } = submitWith('A name');
      calls[0]?.reject(error);
      await waitFor(actor, (s) => s.matches(newRecord('failed')));
      expect(actor.getSnapshot().context.record.values.name).toBe('A name');
    }
  });
});
