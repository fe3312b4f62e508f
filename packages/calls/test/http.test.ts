import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toCallError } from '../src/machine';
import { CallFailure, defineCall, performCall } from '../src/http';
import type { ApiServer } from '../src/apiServer';
import { apiRecords, startReferenceApiServer } from '../../../examples/reference/server/api';

let server: ApiServer;
beforeAll(async () => {
  server = await startReferenceApiServer();
});
afterEach(() => server.reset());
afterAll(() => server.close());

const record = v.object({ id: v.number(), name: v.string() });
const getRecord = defineCall<{ id: number }, v.InferOutput<typeof record>>({
  method: 'GET',
  path: ({ id }) => `/api/records/${id}`,
  response: record,
});
// Only the timeout test waits for the timeout: every other call here must succeed or fail for its
// own reason, however loaded the machine (a 300 ms limit on every call could turn a slow answer
// into a "timeout" under npm test's two jobs at once).
const getRecordQuickly = { ...getRecord, timeoutMs: 300 };
// The app calls same-origin paths; in Node the server's origin is put in front.
const toServer: typeof fetch = (path, init) => fetch(`${server.url}${String(path)}`, init);
const call = (id: number, signal?: AbortSignal) => performCall(getRecord, { id }, { fetch: toServer, signal });
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof CallFailure ? error.code : `not a CallFailure: ${String(error)}`),
  );

describe('performCall against the reference API server', () => {
  it('resolves with the validated payload', async () => {
    expect(await call(2)).toEqual(apiRecords[1]);
    expect(server.requests()).toMatchObject([{ method: 'GET', path: '/api/records/2', aborted: false }]);
  });

  it('fails with http.404, http.4xx and http.5xx by status class', async () => {
    expect(await codeOf(call(99))).toBe('http.404');
    server.behave({ path: '/api/records/1', behaviour: { kind: 'status', status: 403 }, times: 1 });
    expect(await codeOf(call(1))).toBe('http.4xx');
    server.behave({ path: '/api/records/1', behaviour: { kind: 'status', status: 503 }, times: 1 });
    expect(await codeOf(call(1))).toBe('http.5xx');
    expect(await call(1)).toEqual(apiRecords[0]);
  });

  it('fails with invalidPayload when the answer does not match the schema', async () => {
    server.behave({ path: '*', behaviour: { kind: 'invalid' } });
    expect(await codeOf(call(1))).toBe('invalidPayload');
  });

  it('fails with timeout when the server does not answer in time, and closes the request', async () => {
    server.behave({ path: '*', behaviour: { kind: 'hang' } });
    expect(await codeOf(performCall(getRecordQuickly, { id: 1 }, { fetch: toServer }))).toBe('timeout');
    await expect.poll(() => server.requests()[0]?.aborted).toBe(true);
  });

  it('fails with network when the connection drops', async () => {
    server.behave({ path: '*', behaviour: { kind: 'drop' } });
    expect(await codeOf(call(1))).toBe('network');
  });

  it('aborts the request on the server when the caller aborts', async () => {
    server.behave({ path: '*', behaviour: { kind: 'delay', ms: 5_000 } });
    const controller = new AbortController();
    const pending = call(1, controller.signal);
    await expect.poll(() => server.requests().length).toBe(1);
    controller.abort();
    await expect(pending).rejects.toThrow();
    await expect.poll(() => server.requests()[0]).toMatchObject({ aborted: true, answered: false });
  });
});

describe('a refusal’s field errors', () => {
  const saveRecord = defineCall<Record<string, string>, { id: number }>({
    method: 'POST',
    path: () => '/api/records',
    body: (input) => input,
    response: v.object({ id: v.number() }),
  });
  const save = (name: string) =>
    performCall(saveRecord, { name, quantity: '', category: '' }, { fetch: toServer }).then(
      (output) => ({ output }),
      (error: unknown) => ({ error: toCallError(error) }),
    );

  it('carries the server’s { fieldErrors } on the failure, as plain data the machine keeps', async () => {
    expect(await save('taken')).toEqual({
      error: { code: 'http.4xx', status: 422, fieldErrors: [{ field: 'name', code: 'taken' }] },
    });
    expect(await save('A name')).toEqual({ output: { id: expect.any(Number) } });
  });

  it('ignores a body that is not field errors, an oversized list, and field errors on a 5xx', async () => {
    const answer = (status: number, body: unknown) =>
      server.behave({ path: '/api/records', behaviour: { kind: 'status', status, body }, times: 1 });
    answer(422, { fieldErrors: 'name' });
    expect(await save('x')).toEqual({ error: { code: 'http.4xx', status: 422 } });
    answer(422, { fieldErrors: Array.from({ length: 101 }, () => ({ field: 'name', code: 'taken' })) });
    expect(await save('x')).toEqual({ error: { code: 'http.4xx', status: 422 } });
    answer(400, { fieldErrors: [{ field: 'name', code: 'x'.repeat(201) }] });
    expect(await save('x')).toEqual({ error: { code: 'http.4xx', status: 400 } });
    answer(500, { fieldErrors: [{ field: 'name', code: 'taken' }] });
    expect(await save('x')).toEqual({ error: { code: 'http.5xx', status: 500 } });
  });
});
