import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { callActor, createCallCache } from '../src/cache';
import { defineCall, defineCalls } from '../src/http';

/**
 * Freshness at the machine level: a small machine whose `loading` state invokes a call, a fetch
 * that counts requests and answers when told, and a clock moved by hand.
 */
interface Thing {
  id: number;
  name: string;
}
const thing = v.object({ id: v.number(), name: v.string() });
const getThing = (freshForMs?: number) =>
  defineCall<{ id: number }, Thing>({
    method: 'GET',
    path: ({ id }) => `/api/things/${id}`,
    response: thing,
    freshForMs,
  });

/** A fetch that records each request (with its signal) and answers it when the test says. */
function fakeServer() {
  const requests: { url: string; signal: AbortSignal | null | undefined; answer: (status?: number) => void }[] = [];
  const fetch: typeof globalThis.fetch = (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const url = String(input);
      const id = Number(url.split('/').pop());
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      requests.push({
        url,
        signal: init?.signal,
        answer: (status = 200) => resolve(Response.json(status === 200 ? { id, name: `Thing ${id}` } : {}, { status })),
      });
    });
  return { fetch, requests, answerAll: () => requests.forEach((r) => r.answer()) };
}

function start(freshForMs?: number) {
  let now = 0;
  const cache = createCallCache(() => now);
  const server = fakeServer();
  const spec = getThing(freshForMs);
  const machine = setup({
    types: {
      context: {} as { id: number; shown?: Thing },
      events: {} as { type: 'open'; id: number } | { type: 'leave' },
    },
    actors: { loadThing: callActor(spec, { cache, fetch: server.fetch }) },
  }).createMachine({
    context: { id: 1 },
    initial: 'away',
    states: {
      away: { on: { open: { target: 'thing', actions: assign({ id: ({ event }) => event.id }) } } },
      thing: {
        on: { leave: 'away' },
        initial: 'loading',
        states: {
          loading: {
            invoke: {
              src: 'loadThing',
              input: ({ context }) => ({ id: context.id }),
              onDone: { target: 'loaded', actions: assign({ shown: ({ event }) => event.output }) },
              onError: 'failed',
            },
          },
          loaded: {},
          failed: {},
        },
      },
    },
  });
  const actor = createActor(machine).start();
  const value = () => JSON.stringify(actor.getSnapshot().value);
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { actor, value, server, cache, spec, settled, tick: (ms: number) => (now += ms) };
}

describe('a call with a freshness', () => {
  it('shows a fresh answer at once on the next entry: loaded in the same send, no request', async () => {
    const t = start(30_000);
    t.actor.send({ type: 'open', id: 1 });
    expect(t.value()).toBe('{"thing":"loading"}');
    t.server.answerAll();
    await t.settled();
    expect(t.value()).toBe('{"thing":"loaded"}');
    t.actor.send({ type: 'leave' });
    t.tick(29_999);
    t.actor.send({ type: 'open', id: 1 });
    // Synchronously: the view never renders a loading state for it.
    expect(t.value()).toBe('{"thing":"loaded"}');
    expect(t.actor.getSnapshot().context.shown).toEqual({ id: 1, name: 'Thing 1' });
    expect(t.server.requests).toHaveLength(1);
  });

  it('asks again once the answer is stale, and per input', async () => {
    const t = start(1_000);
    t.actor.send({ type: 'open', id: 1 });
    t.server.answerAll();
    await t.settled();
    t.actor.send({ type: 'leave' });
    t.actor.send({ type: 'open', id: 2 });
    expect(t.value()).toBe('{"thing":"loading"}');
    t.actor.send({ type: 'leave' });
    t.tick(1_000);
    t.actor.send({ type: 'open', id: 1 });
    expect(t.value()).toBe('{"thing":"loading"}');
    expect(t.server.requests.map((r) => r.url)).toEqual(['/api/things/1', '/api/things/2', '/api/things/1']);
  });

  it('keeps no failure: the next entry asks again', async () => {
    const t = start(30_000);
    t.actor.send({ type: 'open', id: 1 });
    t.server.requests[0]?.answer(500);
    await t.settled();
    expect(t.value()).toBe('{"thing":"failed"}');
    t.actor.send({ type: 'leave' });
    t.actor.send({ type: 'open', id: 1 });
    expect(t.value()).toBe('{"thing":"loading"}');
    expect(t.server.requests).toHaveLength(2);
  });

  it('joins a warmed request in flight instead of making a second one, and leaving aborts it like one made on entry', async () => {
    const t = start(30_000);
    t.cache.warm(t.spec, { id: 3 }, { fetch: t.server.fetch });
    t.cache.warm(t.spec, { id: 3 }, { fetch: t.server.fetch });
    t.actor.send({ type: 'open', id: 3 });
    expect(t.server.requests, 'the entry joined the warm-up').toHaveLength(1);
    t.actor.send({ type: 'leave' });
    expect(
      t.server.requests[0]?.signal?.aborted,
      'a click hovers first: a screen entered by a click waits on a warm-up, and leaving it must cancel that',
    ).toBe(true);
    t.actor.send({ type: 'open', id: 3 });
    expect(t.server.requests, 'entering again asks again').toHaveLength(2);
    t.server.requests[1]?.answer();
    await t.settled();
    expect(t.value()).toBe('{"thing":"loaded"}');
  });

  it('leaves a warm-up nobody joined running, and a joined one running while another actor still waits for it', async () => {
    const t = start(30_000);
    t.cache.warm(t.spec, { id: 5 }, { fetch: t.server.fetch });
    expect(t.server.requests[0]?.signal?.aborted, 'a warm-up alone is fetching the next screen’s data').toBe(false);
    const leaving = new AbortController();
    const staying = new AbortController();
    const first = t.cache.get(t.spec, { id: 5 }, { signal: leaving.signal, fetch: t.server.fetch });
    const second = t.cache.get(t.spec, { id: 5 }, { signal: staying.signal, fetch: t.server.fetch });
    leaving.abort();
    await expect(first).rejects.toBeDefined();
    expect(t.server.requests[0]?.signal?.aborted, 'another actor still waits for it').toBe(false);
    t.server.answerAll();
    await expect(second).resolves.toEqual({ id: 5, name: 'Thing 5' });
    expect(t.server.requests).toHaveLength(1);
  });
  it('aborts a request the entry made itself when the state is left', () => {
    const t = start(30_000);
    t.actor.send({ type: 'open', id: 4 });
    t.actor.send({ type: 'leave' });
    expect(t.server.requests[0]?.signal?.aborted).toBe(true);
  });
});

describe('a call without a freshness', () => {
  it('asks the server on every entry and is never warmed', async () => {
    const t = start(undefined);
    t.cache.warm(t.spec, { id: 1 }, { fetch: t.server.fetch });
    expect(t.server.requests).toHaveLength(0);
    t.actor.send({ type: 'open', id: 1 });
    t.server.answerAll();
    await t.settled();
    t.actor.send({ type: 'leave' });
    t.actor.send({ type: 'open', id: 1 });
    expect(t.value()).toBe('{"thing":"loading"}');
    expect(t.server.requests).toHaveLength(2);
  });
});

describe('saves that make kept answers stale', () => {
  /** A list and its details that a save changes, behind a fetch that answers at once and counts. */
  function records() {
    const names = ['Alpha'];
    const asked: string[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const url = String(input);
      asked.push(`${init?.method ?? 'GET'} ${url}`);
      if (init?.method === 'POST') {
        names.push((JSON.parse(String(init.body)) as { name: string }).name);
        return Response.json({ id: names.length }, { status: 201 });
      }
      const id = Number(url.split('/').pop());
      if (Number.isInteger(id)) return Response.json({ id, name: names[id - 1] });
      return Response.json(names.map((name, i) => ({ id: i + 1, name })));
    };
    const calls = defineCalls({
      listThings: defineCall<Record<string, never>, Thing[]>({
        method: 'GET',
        path: () => '/api/things',
        response: v.array(thing),
        freshForMs: 30_000,
      }),
      getThing: defineCall<{ id: number }, Thing>({
        method: 'GET',
        path: ({ id }) => `/api/things/${id}`,
        response: thing,
        freshForMs: 30_000,
      }),
      saveThing: defineCall<{ name: string }, { id: number }>({
        method: 'POST',
        path: () => '/api/things',
        body: (input) => input,
        response: v.object({ id: v.number() }),
        invalidates: ['listThings'],
      }),
      renameThing: defineCall<{ id: number; name: string }, { id: number }>({
        method: 'POST',
        path: () => '/api/things',
        body: (input) => input,
        response: v.object({ id: v.number() }),
        invalidates: ({ id }) => [{ call: 'getThing', input: { id } }],
      }),
    });
    return { calls, asked, fetch, cache: createCallCache(() => 0) };
  }

  it('drops the list a save names and fetches it again at once, so the next entry shows the saved record', async () => {
    const { calls, asked, fetch, cache } = records();
    expect(await cache.get(calls.listThings, {}, { fetch })).toEqual([{ id: 1, name: 'Alpha' }]);
    expect(cache.fresh(calls.listThings, {})).toBeDefined();
    await cache.get(calls.saveThing, { name: 'Nova' }, { fetch });
    // Stale at once: an entry now would not show the list without Nova as if it were fresh.
    expect(cache.fresh(calls.listThings, {}), 'the list right after the save').toBeUndefined();
    expect(await cache.get(calls.listThings, {}, { fetch })).toEqual([
      { id: 1, name: 'Alpha' },
      { id: 2, name: 'Nova' },
    ]);
    // The entry joined the background refresh: one request for the list after the save, not two.
    expect(asked).toEqual(['GET /api/things', 'POST /api/things', 'GET /api/things']);
  });

  it('makes stale only the answer to the input named, by the save’s own input', async () => {
    const { calls, fetch, cache } = records();
    await cache.get(calls.getThing, { id: 1 }, { fetch });
    await cache.get(calls.listThings, {}, { fetch });
    await cache.get(calls.saveThing, { name: 'Beta' }, { fetch });
    await cache.get(calls.getThing, { id: 2 }, { fetch });
    await cache.get(calls.listThings, {}, { fetch });
    await cache.get(calls.renameThing, { id: 2, name: 'Beta' }, { fetch });
    expect(cache.fresh(calls.getThing, { id: 2 }), 'the record renamed').toBeUndefined();
    expect(cache.fresh(calls.getThing, { id: 1 }), 'another record').toBeDefined();
    expect(cache.fresh(calls.listThings, {}), 'a call the rename does not name').toBeDefined();
  });

  it('does not keep an answer that was on its way when the save made it stale', async () => {
    const { calls, fetch: answerNow, cache } = records();
    let answerList: () => void = () => {};
    // The list's request waits; the save is answered meanwhile.
    const fetch: typeof globalThis.fetch = (input, init) =>
      init?.method === 'POST' || String(input) !== '/api/things'
        ? answerNow(input, init)
        : new Promise((resolve) => (answerList = () => resolve(answerNow(input, init))));
    const before = cache.get(calls.listThings, {}, { fetch });
    await cache.get(calls.saveThing, { name: 'Late' }, { fetch: answerNow });
    answerList();
    expect(await before, 'the entry that asked still gets its answer').toHaveLength(2);
    // It may predate the save (the server's order is unknown): the next entry asks again.
    expect(cache.fresh(calls.listThings, {}), 'an answer asked for before the save').toBeUndefined();
  });

  it('refuses, at definition, a save that names a call that is not one of its calls', () => {
    expect(() =>
      defineCalls({
        saveThing: defineCall<{ name: string }, unknown>({
          method: 'POST',
          path: () => '/api/things',
          response: v.unknown(),
          invalidates: ['listThing'],
        }),
      }),
    ).toThrow('"saveThing" invalidates "listThing", which is not one of its calls (saveThing): name one of them');
  });
});
