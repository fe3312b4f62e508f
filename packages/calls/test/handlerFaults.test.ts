import { request as httpRequest } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApiServer, type ApiServer, type Handler, type Handlers } from '../src/apiServer';

/**
 * Handlers with bugs TypeScript does not catch: an answer JSON cannot write (a BigInt, a cycle), no
 * answer at all, a status or body that throws when read. Each is a JSON 500 that names the
 * handler, logged with its name, and the server keeps serving: the dev and preview servers run it
 * in-process, so one such request used to stop them.
 */
const cyclic: Record<string, unknown> = { name: 'loop' };
cyclic.self = cyclic;
let saves = 0;
// Typed loosely on purpose: these are the answers a JavaScript handler, or a cast, can give.
const broken = (answer: () => unknown): Handler => answer as Handler;
const handlers: Handlers = {
  'GET /api/bigint': broken(() => ({ body: { total: 10n } })),
  'GET /api/cycle': broken(() => ({ body: cyclic })),
  'GET /api/nothing': broken(() => undefined),
  'GET /api/null': broken(() => null),
  'GET /api/throwing-json': broken(() => ({
    body: {
      toJSON() {
        throw new Error('cannot write');
      },
    },
  })),
  'GET /api/throwing-status': broken(() => ({
    get status(): number {
      throw new Error('no status');
    },
  })),
  'GET /api/rejects-nothing': broken(() => Promise.reject(undefined)),
  'POST /api/saves': broken(() => {
    saves++;
    return { status: 201, body: { id: 1n } };
  }),
  'GET /api/fine': () => ({ body: { ok: true } }),
};

let server: ApiServer;
const errors = vi.spyOn(console, 'error');
beforeAll(async () => {
  server = await startApiServer({ handlers });
});
afterEach(() => {
  server.reset();
  errors.mockReset();
  saves = 0;
});
afterAll(async () => {
  errors.mockRestore();
  await server.close();
});

const logged = () => errors.mock.calls.map((args) => args.map(String).join(' ')).join('\n');

describe('a handler’s answer that cannot be written', () => {
  it.each([
    ['a BigInt', '/api/bigint'],
    ['a cyclic object', '/api/cycle'],
    ['undefined', '/api/nothing'],
    ['null', '/api/null'],
    ['a body whose toJSON throws', '/api/throwing-json'],
    ['a status getter that throws', '/api/throwing-status'],
    ['a rejection with undefined', '/api/rejects-nothing'],
  ])('is a JSON 500 naming the handler when it is %s, logged, and the server keeps serving', async (_what, path) => {
    errors.mockImplementation(() => {});
    const response = await fetch(`${server.url}${path}`);
    expect(response.status, `GET ${path}: a handler's unwritable answer is a 500`).toBe(500);
    expect(response.headers.get('content-type')).toBe('application/json');
    const body = (await response.json()) as { message: string };
    expect(body.message, 'the 500 names the handler, so the developer knows where to look').toContain(`GET ${path}`);
    expect(logged(), 'the fault is logged with the handler’s name').toContain(`GET ${path}`);
    const next = await fetch(`${server.url}/api/fine`);
    expect(next.status, `after GET ${path}, the server still answers`).toBe(200);
  });

  it('says a cyclic answer is circular without quoting the object path JSON.stringify found (only the log has it)', async () => {
    errors.mockImplementation(() => {});
    const { message } = (await (await fetch(`${server.url}/api/cycle`)).json()) as { message: string };
    expect(message).toMatch(/circular/i);
    for (const detail of ['self', 'closes the circle', 'constructor', '-->', '\n']) {
      expect(
        message,
        `the 500's body quotes the serialiser's path ("${detail}"): only the server's log may`,
      ).not.toContain(detail);
    }
    expect(logged(), 'the log keeps the whole error, path included').toContain('closes the circle');
  });

  it('is not kept as the answer to its Idempotency-Key: the same key again runs the handler again', async () => {
    errors.mockImplementation(() => {});
    const post = () =>
      fetch(`${server.url}/api/saves`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'k-bigint' },
        body: '{}',
      });
    expect((await post()).status).toBe(500);
    expect((await post()).status).toBe(500);
    expect(saves, 'a 500 saved nothing the client knows of: running it again is allowed').toBe(2);
  });

  it('is a 500 after a delay behaviour too, without stopping the server', async () => {
    errors.mockImplementation(() => {});
    server.behave({ path: '/api/cycle', behaviour: { kind: 'delay', ms: 20 }, times: 1 });
    expect((await fetch(`${server.url}/api/cycle`)).status).toBe(500);
    expect((await fetch(`${server.url}/api/fine`)).status).toBe(200);
  });
});

describe('the control endpoints, from other sites', () => {
  /** A control request with these headers, sent as written (fetch would set its own Host). */
  const control = (path: string, headers: Record<string, string>) => {
    const { hostname, port } = new URL(server.url);
    return new Promise<number>((resolve, reject) => {
      const request = httpRequest({ hostname, port, method: 'POST', path, headers }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      request.on('error', reject);
      request.end();
    });
  };

  it('refuse a cross-site POST (a page elsewhere needs no preflight for one without a body)', async () => {
    const host = new URL(server.url).host;
    server.behave({ path: '/api/fine', behaviour: { kind: 'status', status: 503 } });
    const crossSite: Record<string, string>[] = [
      { host, origin: 'https://evil.example' },
      { host, 'sec-fetch-site': 'cross-site' },
      { host, 'sec-fetch-site': 'same-site', origin: 'http://127.0.0.1:1' },
      { host, origin: 'null' },
    ];
    for (const headers of crossSite) {
      expect(await control('/__control/reset', headers), JSON.stringify(headers)).toBe(403);
    }
    expect((await fetch(`${server.url}/api/fine`)).status, 'the rule is still there: no reset took place').toBe(503);
  });

  it('refuse a foreign Host header (DNS rebinding: evil.example resolved to 127.0.0.1)', async () => {
    const { port } = new URL(server.url);
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1.evil.example:${port}`]) {
      expect(await control('/__control/reset', { host }), `Host: ${host}`).toBe(403);
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      expect(await control('/__control/reset', { host }), `Host: ${host}`).toBe(200);
    }
    const origin = server.url;
    expect(await control('/__control/reset', { host: new URL(origin).host, origin })).toBe(200);
  });
});
