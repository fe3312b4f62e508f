import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer, type Handlers } from '../src/apiServer';
import { CallFailure, defineCall, performCall } from '../src/http';
import { firstSubmission, newIdempotencyKey, toCallError, type Submission } from '../src/machine';

/**
 * Saves made once, against the development API server with handlers that really keep what they
 * are sent (a list of notes): the Idempotency-Key of a submit, the server's answer to a key it has
 * seen, a slow save whose answer never arrives, and the answers a save may have (201, 204, 429,
 * 503, an HTML page). The same rules on a fake fetch: performCall.test.ts.
 */
interface Note {
  id: number;
  text: string;
}
const notes: Note[] = [];
let handlerRuns = 0;
/** Holds the next POST's handler until released (a slow save, seen while it is still running). */
let hold: Promise<void> | undefined;
const handlers: Handlers = {
  'GET /api/notes': () => ({ body: notes }),
  'POST /api/notes': async ({ body }) => {
    handlerRuns++;
    await hold;
    const parsed = v.safeParse(v.object({ text: v.string() }), body);
    if (!parsed.success) return { status: 422, body: { fieldErrors: [{ field: 'text', code: 'invalid' }] } };
    if (parsed.output.text === 'crash') throw new Error('the database is down');
    const note = { id: notes.length + 1, text: parsed.output.text };
    notes.push(note);
    return { status: 201, body: { id: note.id } };
  },
  'PUT /api/notes/:id': ({ params, body }) => {
    const note = notes.find((n) => String(n.id) === params.id);
    if (!note) return { status: 404, body: { message: 'No such note' } };
    note.text = String((body as { text?: unknown } | undefined)?.text);
    return { status: 201 };
  },
  'DELETE /api/notes/:id': ({ params }) => {
    const at = notes.findIndex((n) => String(n.id) === params.id);
    if (at >= 0) notes.splice(at, 1);
    return { status: 204 };
  },
};

let server: ApiServer;
beforeAll(async () => {
  server = await startApiServer({ handlers });
});
afterEach(() => {
  server.reset();
  notes.length = 0;
  handlerRuns = 0;
  hold = undefined;
});
afterAll(() => server.close());

const toServer: typeof fetch = (path, init) => fetch(`${server.url}${String(path)}`, init);
const saveNote = defineCall<Submission<{ text: string }>, { id: number }>({
  method: 'POST',
  path: () => '/api/notes',
  body: ({ values }) => values,
  idempotencyKey: ({ idempotencyKey }) => idempotencyKey,
  response: v.object({ id: v.number() }),
});
const save = (text: string, idempotencyKey?: string, timeoutMs?: number) =>
  performCall({ ...saveNote, timeoutMs }, { values: { text }, idempotencyKey }, { fetch: toServer });
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof CallFailure ? error.code : `not a CallFailure: ${String(error)}`),
  );
const posts = () => server.requests().filter((request) => request.method === 'POST');
/** A POST as the server sees it, sent by hand with these headers. */
const post = (body: unknown, headers: Record<string, string>) =>
  fetch(`${server.url}/api/notes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('a slow save, then Try again', () => {
  it('is an unknown outcome when the answer comes after the timeout; Try again with the same key gets the first answer, and one note exists', async () => {
    // The handler runs at once; its answer is held past the client's timeout.
    server.behave({ path: '/api/notes', method: 'POST', behaviour: { kind: 'delay', ms: 1_500 }, times: 1 });
    const key = newIdempotencyKey();
    expect(await codeOf(save('Once', key, 300))).toBe('unknownOutcome');
    await expect.poll(() => posts()[0]?.aborted).toBe(true);
    // Try again: the same submit, the same key.
    expect(await save('Once', key)).toEqual({ id: 1 });
    expect(notes).toEqual([{ id: 1, text: 'Once' }]);
    expect(handlerRuns).toBe(1);
    expect(posts()).toMatchObject([
      { idempotencyKey: key, aborted: true },
      { idempotencyKey: key, answered: true, replayed: true },
    ]);
    // A new submit (another key) is a new note.
    expect(await save('Once', newIdempotencyKey())).toEqual({ id: 2 });
    expect(notes).toHaveLength(2);
  });

  it('joins a first request still running: the same key twice at once runs the handler once', async () => {
    let release = () => {};
    hold = new Promise((resolve) => (release = resolve));
    const key = newIdempotencyKey();
    const first = save('Twice at once', key);
    await expect.poll(() => handlerRuns).toBe(1);
    const second = save('Twice at once', key);
    await expect.poll(() => posts().length).toBe(2);
    release();
    expect(await Promise.all([first, second])).toEqual([{ id: 1 }, { id: 1 }]);
    expect(handlerRuns).toBe(1);
    expect(notes).toHaveLength(1);
  });
});

describe('the development API server’s Idempotency-Keys', () => {
  it('keeps only a 2xx: a refusal or a failure saved nothing, so the same key runs the handler again', async () => {
    const key = 'failing-then-fixed';
    expect((await post({ text: 'crash' }, { 'idempotency-key': key })).status).toBe(500);
    expect((await post({ text: 'crash' }, { 'idempotency-key': key })).status).toBe(500);
    expect(handlerRuns).toBe(2);
    // A status the test imposes never ran the handler: nothing to keep either.
    server.behave({ path: '/api/notes', behaviour: { kind: 'status', status: 503 }, times: 1 });
    expect((await post({ text: 'A' }, { 'idempotency-key': 'k' })).status).toBe(503);
    expect((await post({ text: 'A' }, { 'idempotency-key': 'k' })).status).toBe(201);
    expect(notes).toHaveLength(1);
  });

  it('refuses the same key with another body (422), and a key that is too long or not visible ASCII (400)', async () => {
    expect((await post({ text: 'A' }, { 'idempotency-key': 'same' })).status).toBe(201);
    const other = await post({ text: 'B' }, { 'idempotency-key': 'same' });
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({
      message: expect.stringContaining('another body'),
      code: 'idempotencyKeyReused',
    });
    // Through performCall: an edited submit of a draft saved before fails as savedBefore, not "not saved".
    expect(await codeOf(save('Edited', 'same'))).toBe('savedBefore');
    expect((await post({ text: 'A' }, { 'idempotency-key': 'x'.repeat(256) })).status).toBe(400);
    expect((await post({ text: 'A' }, { 'idempotency-key': 'with space' })).status).toBe(400);
    expect(notes).toHaveLength(1);
  });

  it('sends a savedBefore key’s first input again (firstInput): the failure carries what was saved, and nothing is saved twice', async () => {
    const withFirst = { ...saveNote, firstInput: firstSubmission<{ text: string }> };
    const key = newIdempotencyKey();
    expect(await save('First', key)).toEqual({ id: 1 });
    const edited = performCall(
      withFirst,
      { values: { text: 'Edited' }, idempotencyKey: key, sent: { text: 'First' } },
      {
        fetch: toServer,
      },
    );
    const failure = await edited.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(CallFailure);
    expect(failure).toMatchObject({ code: 'savedBefore', status: 422, saved: { id: 1 } });
    expect(toCallError(failure)).toEqual({ code: 'savedBefore', status: 422, saved: { id: 1 } });
    expect(posts()).toMatchObject([
      { idempotencyKey: key },
      { idempotencyKey: key, answered: true },
      { idempotencyKey: key, replayed: true },
    ]);
    expect(notes).toEqual([{ id: 1, text: 'First' }]);
    // First values the server did not save either (refused again): the refusal as it was, without `saved`.
    const unknownFirst = await performCall(
      withFirst,
      { values: { text: 'Edited' }, idempotencyKey: key, sent: { text: 'Other' } },
      { fetch: toServer },
    ).catch((error: unknown) => error);
    expect(unknownFirst).toMatchObject({ code: 'savedBefore' });
    expect((unknownFirst as CallFailure).saved).toBeUndefined();
    expect(handlerRuns).toBe(1);
  });

  it('tells keys apart by method and path, ignores a key on a GET, and forgets every key on reset', async () => {
    await post({ text: 'A' }, { 'idempotency-key': 'k' });
    const put = await fetch(`${server.url}/api/notes/1`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'k' },
      body: JSON.stringify({ text: 'A' }),
    });
    expect(put.status).toBe(201);
    const get = await fetch(`${server.url}/api/notes`, { headers: { 'idempotency-key': 'k' } });
    expect(await get.json()).toEqual([{ id: 1, text: 'A' }]);
    server.reset();
    expect((await post({ text: 'A' }, { 'idempotency-key': 'k' })).status).toBe(201);
    expect(notes).toHaveLength(2);
  });

  it('knows a key by the path once normalised: /api/notes/ and /api//notes are the same save', async () => {
    const key = 'one-save';
    const at = (path: string) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ text: 'A' }),
      });
    for (const path of ['/api/notes', '/api/notes/', '/api//notes', '//api/notes']) {
      const answer = await at(path);
      expect(answer.status, `POST ${path} with the key of a save made: its first answer`).toBe(201);
    }
    expect(handlerRuns, 'one key, one path however spelled: the handler ran once').toBe(1);
    expect(notes).toHaveLength(1);
  });

  it('compares bodies as canonical JSON: the same body with its keys in another order is the same save', async () => {
    const key = 'any-order';
    const raw = (text: string) =>
      fetch(`${server.url}/api/notes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: text,
      });
    expect((await raw('{"text":"A","tags":{"a":1,"b":2}}')).status).toBe(201);
    const again = await raw('{ "tags": { "b": 2, "a": 1 }, "text": "A" }');
    expect(again.status, 'the same body, keys in another order: replayed, not refused as another body').toBe(201);
    expect(posts()[1]?.replayed).toBe(true);
    expect((await raw('{"text":"A","tags":{"a":1,"b":3}}')).status, 'a different value is another body').toBe(422);
    expect(handlerRuns).toBe(1);
  });

  it('remembers a bounded number of keys, the least recently used forgotten first', async () => {
    const small = await startApiServer({ handlers, limits: { idempotencyKeys: 2 } });
    const postTo = (key: string) =>
      fetch(`${small.url}/api/notes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ text: key }),
      }).then((response) => response.json() as Promise<{ id: number }>);
    try {
      expect(await postTo('a')).toEqual({ id: 1 });
      expect(await postTo('b')).toEqual({ id: 2 });
      // `a` used again: `b` is now the least recently used, and `c` pushes it out.
      expect(await postTo('a')).toEqual({ id: 1 });
      expect(await postTo('c')).toEqual({ id: 3 });
      expect(await postTo('a')).toEqual({ id: 1 });
      expect(await postTo('b')).toEqual({ id: 4 });
      expect(handlerRuns).toBe(4);
    } finally {
      await small.close();
    }
  });
});

describe('what a save may be answered', () => {
  it('is a success with 201 or 204 and no body when the call’s schema allows none', async () => {
    await save('A');
    const edit = defineCall<{ id: number; text: string }, undefined>({
      method: 'PUT',
      path: ({ id }) => `/api/notes/${id}`,
      body: ({ text }) => ({ text }),
      response: v.undefined(),
    });
    const remove = defineCall<{ id: number }, undefined>({
      method: 'DELETE',
      path: ({ id }) => `/api/notes/${id}`,
      response: v.undefined(),
    });
    expect(await performCall(edit, { id: 1, text: 'B' }, { fetch: toServer })).toBeUndefined();
    expect(notes).toEqual([{ id: 1, text: 'B' }]);
    expect(await performCall(remove, { id: 1 }, { fetch: toServer })).toBeUndefined();
    expect(notes).toEqual([]);
    // A 204 where the call needs a body is invalidPayload.
    const removeExpectingBody = { ...remove, response: v.object({ id: v.number() }) };
    expect(await codeOf(performCall(removeExpectingBody, { id: 1 }, { fetch: toServer }))).toBe('invalidPayload');
  });

  it('is invalidPayload when a 200 is an HTML page where JSON was expected', async () => {
    server.behave({ path: '/api/notes', behaviour: { kind: 'html' } });
    const list = defineCall<void, Note[]>({ method: 'GET', path: () => '/api/notes', response: v.array(v.any()) });
    expect(await codeOf(performCall(list, undefined, { fetch: toServer }))).toBe('invalidPayload');
  });

  it('is tried once more, with the same key, after a 503 with a short Retry-After; a long one fails with the wait', async () => {
    server.behave({ path: '/api/notes', behaviour: { kind: 'status', status: 503, retryAfter: 0 }, times: 1 });
    expect(await save('A')).toEqual({ id: 1 });
    const [first, second] = posts();
    expect(first?.idempotencyKey).toBeDefined();
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    server.behave({ path: '/api/notes', behaviour: { kind: 'status', status: 429, retryAfter: 60 }, times: 1 });
    const failure = await save('B').catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'http.429', status: 429, retryAfterMs: 60_000 });
    expect(posts()).toHaveLength(3);
    expect(notes).toHaveLength(1);
  });
});
