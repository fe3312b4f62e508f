import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApiServer, type ApiServer, type Handler } from '../src/apiServer';

/**
 * The development API server under random handler answers (beside apiServer.fuzz.test.ts, which
 * fuzzes requests): whatever a handler returns, resolves to, throws or rejects with (BigInts,
 * cycles, undefined, odd statuses, getters and toJSON that throw), the request is answered with an
 * HTTP status and a body that is JSON or empty, a fault is a 500 naming the handler, and the
 * server answers the next request. It runs inside `vite` and `vite preview`: a crash stops both.
 */
/** What the next request's handler does; set by each run of the property. */
let next: () => unknown = () => ({});
// Typed loosely on purpose: a JavaScript handler, or a cast, can answer anything.
const anyAnswer: Handler = () => next() as ReturnType<Handler>;

let server: ApiServer;
const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
beforeAll(async () => {
  server = await startApiServer({
    handlers: { 'POST /api/any': anyAnswer, 'GET /api/any': anyAnswer, 'GET /api/fine': () => ({ body: [] }) },
  });
});
afterAll(async () => {
  errors.mockRestore();
  await server.close();
});

const cyclic = (): Record<string, unknown> => {
  const value: Record<string, unknown> = { a: [1] };
  (value.a as unknown[]).push(value);
  return value;
};
const throwing = (where: 'toJSON' | 'getter') =>
  where === 'toJSON'
    ? {
        toJSON() {
          throw new Error('toJSON');
        },
      }
    : Object.defineProperty({}, 'x', {
        enumerable: true,
        get() {
          throw new Error('getter');
        },
      });
const odd = fc.oneof(
  fc.anything({ withBigInt: true, withMap: true, withSet: true, withDate: true, withTypedArray: true }),
  fc.constantFrom(undefined, null, Number.NaN, Infinity, () => 1, Symbol('s')),
  fc.constant(null).map(cyclic),
  fc.constantFrom<'toJSON' | 'getter'>('toJSON', 'getter').map(throwing),
);
const status = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(200, 201, 204, 400, 404, 422, 500, 503),
  fc.integer({ min: -10, max: 2000 }),
  odd,
);
/** A handler's answer as a value: an object with a status and a body, or anything at all. */
const answer = fc.oneof(
  { weight: 3, arbitrary: fc.record({ status, body: odd }, { requiredKeys: [] }) },
  odd,
  fc.constantFrom<'getter'>('getter').map(() =>
    Object.defineProperty({}, 'status', {
      get() {
        throw new Error('status');
      },
    }),
  ),
);
/** How the handler gives it: returned, resolved, thrown, rejected. */
const how = fc.constantFrom('return', 'resolve', 'throw', 'reject');
const request = fc.record({
  answer,
  how,
  method: fc.constantFrom('GET', 'POST'),
  key: fc.option(fc.constantFrom('k1', 'k2'), { nil: undefined }),
  delayed: fc.boolean(),
});

/** The status a handler's answer asks for itself, when it can be read. */
function ownStatus(answer: unknown): unknown {
  try {
    return (answer as { status?: unknown } | null | undefined)?.status;
  } catch {
    return undefined;
  }
}
const label = (value: unknown) => {
  try {
    return String(value);
  } catch {
    return typeof value;
  }
};

describe('the API server under any handler answer, fuzzed', () => {
  it(
    'answers every request with a status and JSON or nothing, a fault as a 500 naming the handler, and keeps serving',
    { timeout: 120_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          next = () => {
            if (r.how === 'throw') throw r.answer;
            if (r.how === 'reject') return Promise.reject(r.answer);
            return r.how === 'resolve' ? Promise.resolve(r.answer) : r.answer;
          };
          if (r.delayed) server.behave({ path: '/api/any', behaviour: { kind: 'delay', ms: 5 }, times: 1 });
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (r.key) headers['idempotency-key'] = r.key;
          const response = await fetch(`${server.url}/api/any`, {
            method: r.method,
            headers,
            body: r.method === 'POST' ? '{}' : undefined,
            signal: AbortSignal.timeout(5_000),
          });
          expect(response.status, `${r.how} ${label(r.answer)}: an HTTP status`).toBeGreaterThanOrEqual(200);
          expect(response.status).toBeLessThanOrEqual(599);
          const text = await response.text();
          if (text) expect(() => JSON.parse(text), `the body is JSON: ${text.slice(0, 80)}`).not.toThrow();
          if (r.how === 'throw' || r.how === 'reject') {
            // A replay of a kept 2xx (the same key, sent before) is the first answer, not this one.
            if (!r.key) expect(response.status).toBe(500);
          }
          if (response.status === 500 && ownStatus(r.answer) !== 500) {
            const { message } = JSON.parse(text) as { message?: unknown };
            expect(message, 'a fault’s 500 says which handler').toEqual(
              expect.stringContaining(`${r.method} /api/any`),
            );
          }
          server.reset();
          const after = await fetch(`${server.url}/api/fine`, { signal: AbortSignal.timeout(5_000) });
          expect(after.status, 'the server answers the next request').toBe(200);
        }),
        { numRuns: 300 },
      );
    },
  );
});
