import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { describeError } from '../src/errors';
import { errorStrings } from '../src/errorStrings';
import { CallFailure, RETRY_AFTER_MAX_MS, defineCall, performCall } from '../src/http';
import { toCallError, type Submission } from '../src/machine';
import { isJsonType } from '../src/payload';
import { retryAfterMs } from '../src/retryAfter';

/**
 * performCall on a fake fetch: what it sends (the Idempotency-Key of a call that changes data) and
 * how it reads each kind of answer (bodies, content types, Retry-After, a timeout). The same calls
 * against the development API server: saves.test.ts.
 */

interface Sent {
  method: string;
  url: string;
  headers: Headers;
  body?: string;
}

/** A fetch that answers each request with the next of `answers` (the last one again when they run out). */
function fakeFetch(...answers: Array<(init?: RequestInit) => Response | Promise<Response>>) {
  const sent: Sent[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    sent.push({
      method: init?.method ?? 'GET',
      url: String(input),
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : undefined,
    });
    const answer = answers[Math.min(sent.length, answers.length) - 1];
    if (!answer) throw new Error('no answer');
    return answer(init);
  };
  return { fetch, sent };
}

const json =
  (body: unknown, init: ResponseInit = {}) =>
  () =>
    Response.json(body, init);
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    (output) => ({ output }),
    (error: unknown) => (error instanceof CallFailure ? error : { notACallFailure: error }),
  );

const thing = v.object({ id: v.number() });
const getThing = defineCall<void, { id: number }>({ method: 'GET', path: () => '/api/thing', response: thing });
const saveThing = defineCall<Submission<{ name: string }>, { id: number }>({
  method: 'POST',
  path: () => '/api/things',
  body: ({ values }) => values,
  idempotencyKey: ({ idempotencyKey }) => idempotencyKey,
  response: thing,
});
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the Idempotency-Key of a call that changes data', () => {
  it('sends the submit’s key, and only the values as the body', async () => {
    const server = fakeFetch(json({ id: 1 }, { status: 201 }));
    const input = { values: { name: 'A' }, idempotencyKey: 'submit-1' };
    expect(await performCall(saveThing, input, { fetch: server.fetch })).toEqual({ id: 1 });
    expect(server.sent[0]?.headers.get('idempotency-key')).toBe('submit-1');
    expect(server.sent[0]?.body).toBe('{"name":"A"}');
  });

  it('makes a key for every PUT, PATCH, DELETE and POST without one, a new one per call, and sends none with a GET', async () => {
    const server = fakeFetch(() => new Response(null, { status: 204 }));
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const call = defineCall<void, undefined>({ method, path: () => '/api/x', response: v.undefined() });
      await performCall(call, undefined, { fetch: server.fetch });
      await performCall(call, undefined, { fetch: server.fetch });
    }
    const keys = server.sent.map((request) => request.headers.get('idempotency-key'));
    for (const key of keys) expect(key).toMatch(UUID);
    expect(new Set(keys).size).toBe(8);
    const get = fakeFetch(json({ id: 1 }));
    await performCall(getThing, undefined, { fetch: get.fetch });
    expect(get.sent[0]?.headers.has('idempotency-key')).toBe(false);
  });

  it('sends the same key on the automatic retry after a short Retry-After', async () => {
    const server = fakeFetch(json({}, { status: 503, headers: { 'retry-after': '0' } }), json({ id: 2 }));
    expect(await performCall(saveThing, { values: { name: 'A' } }, { fetch: server.fetch })).toEqual({ id: 2 });
    const [first, second] = server.sent.map((request) => request.headers.get('idempotency-key'));
    expect(first).toMatch(UUID);
    expect(second).toBe(first);
  });
});

describe('a timeout', () => {
  /** A fetch that never answers but rejects on abort, as a real one does. */
  const hanging: typeof fetch = (_input, init) =>
    new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));

  it('is an unknown outcome for a call that changes data (it may have been saved), a timeout for a GET', async () => {
    const save = { ...saveThing, timeoutMs: 50 };
    const failure = await failureOf(performCall(save, { values: { name: 'A' } }, { fetch: hanging }));
    expect(failure).toMatchObject({ code: 'unknownOutcome' });
    expect(toCallError(failure)).toEqual({ code: 'unknownOutcome' });
    expect(describeError({ code: 'unknownOutcome' })).toMatchObject({
      message: expect.stringContaining('We could not tell whether this was saved'),
      handling: 'retry',
    });
    const get = await failureOf(performCall({ ...getThing, timeoutMs: 50 }, undefined, { fetch: hanging }));
    expect(get).toMatchObject({ code: 'timeout' });
    // A body that stops half way is the same: the answer never arrived whole.
    const stalled = (init?: RequestInit) =>
      new Response(
        new ReadableStream({
          start: (body) => {
            body.enqueue(new TextEncoder().encode('{'));
            // A real fetch's body fails when its signal aborts.
            init?.signal?.addEventListener('abort', () => body.error(init.signal?.reason));
          },
        }),
        { headers: { 'content-type': 'application/json' } },
      );
    expect(
      await failureOf(performCall(save, { values: { name: 'A' } }, { fetch: fakeFetch(stalled).fetch })),
    ).toMatchObject({ code: 'unknownOutcome' });
  });

  it('is an unknown outcome when the connection drops or a proxy says its upstream failed (502, 504) on a call that changes data', async () => {
    const dropped = () => Promise.reject(new TypeError('Failed to fetch'));
    const save = (answer: () => Response | Promise<Response>) =>
      failureOf(performCall(saveThing, { values: { name: 'A' } }, { fetch: fakeFetch(answer).fetch }));
    expect(await save(dropped), 'a network error after the request left: it may have been saved').toMatchObject({
      code: 'unknownOutcome',
    });
    for (const status of [502, 504]) {
      expect(await save(json({ message: 'upstream' }, { status })), `a proxy's ${status}`).toMatchObject({
        code: 'unknownOutcome',
        status,
      });
    }
    // The server itself answered: it knows, and said it failed (nothing saved), or it was busy.
    expect(await save(json({}, { status: 500 }))).toMatchObject({ code: 'http.5xx', status: 500 });
    expect(await save(json({}, { status: 503 }))).toMatchObject({ code: 'http.5xx', status: 503 });
    // A GET changes nothing: its failures are what they are.
    const get = (answer: () => Response | Promise<Response>) =>
      failureOf(performCall(getThing, undefined, { fetch: fakeFetch(answer).fetch }));
    expect(await get(dropped)).toMatchObject({ code: 'network' });
    expect(await get(json({}, { status: 502 }))).toMatchObject({ code: 'http.5xx', status: 502 });
  });
});

describe('a body too large for the server (413)', () => {
  it('is its own failure, tooLarge, saying so and keeping the input, from the server or any proxy before it', async () => {
    for (const answer of [
      json({ message: 'The request body is over 1048576 bytes' }, { status: 413 }),
      () => new Response('<h1>413</h1>', { status: 413, headers: { 'content-type': 'text/html' } }),
    ]) {
      const failure = await failureOf(
        performCall(saveThing, { values: { name: 'A' } }, { fetch: fakeFetch(answer).fetch }),
      );
      expect(failure, 'a 413 was refused before anything was saved: not an unknown outcome').toMatchObject({
        code: 'tooLarge',
        status: 413,
      });
      const described = describeError(toCallError(failure));
      expect(described).toEqual({ message: errorStrings.tooLarge, handling: 'keepInput' });
      expect(described.message).toMatch(/too large/);
    }
  });
});

describe('answers without a body', () => {
  const remove = defineCall<void, undefined>({ method: 'DELETE', path: () => '/api/x', response: v.undefined() });
  const create = defineCall<void, { id: number } | undefined>({
    method: 'POST',
    path: () => '/api/x',
    response: v.optional(thing),
  });

  it('are a success when the response schema allows no body: a 204, or a 201 with none', async () => {
    const noContent = fakeFetch(() => new Response(null, { status: 204 }));
    expect(await performCall(remove, undefined, { fetch: noContent.fetch })).toBeUndefined();
    const created = fakeFetch(() => new Response(null, { status: 201 }));
    expect(await performCall(create, undefined, { fetch: created.fetch })).toBeUndefined();
    const createdWithBody = fakeFetch(json({ id: 3 }, { status: 201 }));
    expect(await performCall(create, undefined, { fetch: createdWithBody.fetch })).toEqual({ id: 3 });
  });

  it('are invalidPayload when the schema needs a body, saying so', async () => {
    const save = defineCall<void, { id: number }>({ method: 'POST', path: () => '/api/x', response: thing });
    const failure = await failureOf(
      performCall(save, undefined, { fetch: fakeFetch(() => new Response(null, { status: 204 })).fetch }),
    );
    expect(failure).toMatchObject({ code: 'invalidPayload' });
    expect((failure as CallFailure).message).toContain('no body');
  });
});

describe('the content type of a 2xx answer', () => {
  const answer = (type: string | undefined, body = '{"id":1}') =>
    fakeFetch(() => new Response(body, { headers: type === undefined ? {} : { 'content-type': type } })).fetch;

  it('is parsed as JSON only when it says JSON: application/json or application/…+json', async () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'application/problem+json',
      'Application/JSON',
    ]) {
      expect(await performCall(getThing, undefined, { fetch: answer(type) }), type).toEqual({ id: 1 });
    }
  });

  it('is invalidPayload otherwise, even when the body happens to be JSON', async () => {
    for (const type of ['text/html', 'text/plain', 'application/jsonx', 'application/x-json', 'json']) {
      const failure = await failureOf(performCall(getThing, undefined, { fetch: answer(type) }));
      expect(failure, type).toMatchObject({ code: 'invalidPayload' });
      expect((failure as CallFailure).message, type).toContain('not JSON');
    }
    // new Response(string) says text/plain by itself: no content type at all is refused too.
    const bare = fakeFetch(() => {
      const response = new Response('{"id":1}');
      response.headers.delete('content-type');
      return response;
    });
    expect(await failureOf(performCall(getThing, undefined, { fetch: bare.fetch }))).toMatchObject({
      code: 'invalidPayload',
    });
    const html = await failureOf(
      performCall(getThing, undefined, { fetch: answer('text/html', '<!doctype html><p>index.html</p>') }),
    );
    expect(html).toMatchObject({ code: 'invalidPayload' });
    expect(await failureOf(performCall(getThing, undefined, { fetch: answer('application/json', '{') }))).toMatchObject(
      { code: 'invalidPayload' },
    );
  });

  it('tells JSON media types from lookalikes', () => {
    expect(isJsonType('application/vnd.api+json')).toBe(true);
    expect(isJsonType(' application/json ;charset=utf-8')).toBe(true);
    expect(isJsonType(null)).toBe(false);
    expect(isJsonType('application/json+xml')).toBe(false);
    expect(isJsonType('text/json')).toBe(false);
  });
});

describe('Retry-After on a 429 or 503', () => {
  const busy = (status: number, retryAfter?: string) => () =>
    Response.json({}, { status, headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter } });

  it('is waited for once when short, then the call is made again', async () => {
    const server = fakeFetch(busy(429, '1'), json({ id: 1 }));
    const started = performance.now();
    expect(await performCall(getThing, undefined, { fetch: server.fetch })).toEqual({ id: 1 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.sent).toHaveLength(2);
    // An HTTP date already past is no wait at all.
    const dated = fakeFetch(busy(503, new Date(Date.now() - 60_000).toUTCString()), json({ id: 2 }));
    expect(await performCall(getThing, undefined, { fetch: dated.fetch })).toEqual({ id: 2 });
  });

  it('is never looped on: a second 429 or 503 fails, with its wait', async () => {
    const server = fakeFetch(busy(503, '0'));
    const failure = await failureOf(performCall(getThing, undefined, { fetch: server.fetch }));
    expect(failure).toMatchObject({ code: 'http.5xx', status: 503, retryAfterMs: 0 });
    expect(server.sent).toHaveLength(2);
  });

  it('fails at once when the wait is long, with the time on the error for the screen to show', async () => {
    const server = fakeFetch(busy(429, '120'));
    const failure = await failureOf(performCall(getThing, undefined, { fetch: server.fetch }));
    expect(failure).toMatchObject({ code: 'http.429', status: 429, retryAfterMs: 120_000 });
    expect(server.sent).toHaveLength(1);
    expect(toCallError(failure)).toEqual({ code: 'http.429', status: 429, retryAfterMs: 120_000 });
    expect(describeError(toCallError(failure))).toEqual({
      message: 'The server is busy. Try again in a moment.',
      handling: 'retry',
      wait: 'You can try again in 2 minutes.',
    });
    const inTenMinutes = new Date(Date.now() + 10 * 60_000).toUTCString();
    const dated = await failureOf(
      performCall(getThing, undefined, { fetch: fakeFetch(busy(503, inTenMinutes)).fetch }),
    );
    expect((dated as CallFailure).retryAfterMs).toBeGreaterThan(9 * 60_000);
    expect(describeError({ code: 'http.5xx', retryAfterMs: 6_500 }).wait).toBe('You can try again in 7 seconds.');
  });

  it('is not waited for without the header, on another status, or when the caller leaves', async () => {
    const plain = fakeFetch(busy(503));
    expect(await failureOf(performCall(getThing, undefined, { fetch: plain.fetch }))).toMatchObject({
      code: 'http.5xx',
    });
    expect(plain.sent).toHaveLength(1);
    const other = fakeFetch(busy(500, '0'), json({ id: 1 }));
    const failure = await failureOf(performCall(getThing, undefined, { fetch: other.fetch }));
    expect(failure).toMatchObject({ code: 'http.5xx', status: 500 });
    expect((failure as CallFailure).retryAfterMs).toBeUndefined();
    const leaving = new AbortController();
    const waiting = fakeFetch(busy(503, String(RETRY_AFTER_MAX_MS / 1000)), json({ id: 1 }));
    const call = performCall(getThing, undefined, { fetch: waiting.fetch, signal: leaving.signal });
    await expect.poll(() => waiting.sent.length).toBe(1);
    leaving.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(waiting.sent).toHaveLength(1);
  });

  it('reads seconds and HTTP dates, and ignores what it cannot read', () => {
    const now = Date.parse('Wed, 21 Oct 2026 07:28:00 GMT');
    expect(retryAfterMs('3', now)).toBe(3_000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Wed, 21 Oct 2026 07:28:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Wed, 21 Oct 2026 07:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('99999999999', now)).toBe(24 * 60 * 60 * 1000);
    for (const header of [null, '', '-1', '1.5', 'soon'])
      expect(retryAfterMs(header, now), String(header)).toBeUndefined();
  });
});
