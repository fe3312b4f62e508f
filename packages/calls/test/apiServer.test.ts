import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hasDotSegments, ruleProblem, startApiServer, type ApiServer, type Handlers } from '../src/apiServer';

/** A request with its target exactly as written (fetch would resolve `%2e%2e` before sending). */
function raw(url: string, method: string, path: string, body?: string): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const headers = body === undefined ? {} : { 'content-type': 'application/json' };
    const request = httpRequest({ hostname, port, method, path, headers }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * The general API server, with handlers of its own (not the reference app's): routing by method
 * and pattern, JSON 404/405 for what nothing answers, and the test behaviours on any handler.
 */
const seen: unknown[] = [];
const handlers: Handlers = {
  'GET /api/things': () => ({ body: [{ id: 1 }] }),
  'GET /api/things/:id': ({ params, query }) => ({ body: { id: params.id, view: query.get('view') } }),
  'POST /api/things': ({ body }) => {
    seen.push(body);
    return { status: 201, body: { id: 2 } };
  },
  'GET /api/boom': () => {
    throw new Error('handler bug');
  },
  'GET /api/odd': () => ({ status: 1000, body: {} }),
};

let server: ApiServer;
beforeAll(async () => {
  server = await startApiServer({ handlers });
});
afterEach(() => {
  server.reset();
  seen.length = 0;
});
afterAll(() => server.close());

const call = async (path: string, init?: RequestInit) => {
  const response = await fetch(`${server.url}${path}`, init);
  return { status: response.status, type: response.headers.get('content-type'), body: await response.json() };
};

describe('the API server with any handlers', () => {
  it('answers by method and pattern, with decoded params, the query and the JSON body', async () => {
    expect(await call('/api/things')).toMatchObject({ status: 200, body: [{ id: 1 }] });
    expect(await call('/api/things/a%20b?view=full')).toMatchObject({ body: { id: 'a b', view: 'full' } });
    const post = await call('/api/things', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x' }),
    });
    expect(post).toMatchObject({ status: 201, body: { id: 2 } });
    expect(seen).toEqual([{ name: 'x' }]);
  });

  it('answers an unknown /api path with a JSON 404 naming where to add a handler, and a wrong method with 405', async () => {
    const missing = await call('/api/nothing/here');
    expect(missing).toMatchObject({ status: 404, type: 'application/json' });
    expect(missing.body.message).toContain('GET /api/nothing/here');
    expect(missing.body.message).toContain('server/handlers.ts');
    expect(await call('/api/things/1', { method: 'DELETE' })).toMatchObject({ status: 405 });
  });

  it('answers a body that is not JSON with 400 and a throwing handler with a JSON 500', async () => {
    const json = { 'content-type': 'application/json' };
    const bad = await call('/api/things', { method: 'POST', headers: json, body: '{not json' });
    expect(bad).toMatchObject({ status: 400 });
    expect(seen).toEqual([]);
    expect(await call('/api/boom')).toMatchObject({ status: 500, type: 'application/json' });
  });

  it('applies the test behaviours to any handler: status with a body, invalid payload, delay, for a number of requests', async () => {
    server.behave({
      path: '/api/things',
      method: 'POST',
      behaviour: { kind: 'status', status: 422, body: { fieldErrors: [] } },
      times: 1,
    });
    const refused = await call('/api/things', { method: 'POST', body: '{}' });
    expect(refused).toMatchObject({ status: 422, body: { fieldErrors: [] } });
    // A replaced answer never runs the handler: a refused save saves nothing.
    expect(seen).toEqual([]);
    expect(await call('/api/things')).toMatchObject({ status: 200 });
    server.behave({ path: '*', behaviour: { kind: 'invalid' }, times: 1 });
    expect(await call('/api/things/1')).toMatchObject({ status: 200, body: { unexpected: 'shape' } });
    server.behave({ path: '/api/things', behaviour: { kind: 'delay', ms: 150 }, times: 1 });
    const started = performance.now();
    expect(await call('/api/things')).toMatchObject({ status: 200, body: [{ id: 1 }] });
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('logs each request and whether the client went away first (hang, then abort), and drops connections on request', async () => {
    server.behave({ path: '/api/things/9', behaviour: { kind: 'hang' } });
    const controller = new AbortController();
    const hanging = fetch(`${server.url}/api/things/9`, { signal: controller.signal }).catch(() => 'aborted');
    await expect.poll(() => server.requests().length).toBe(1);
    controller.abort();
    expect(await hanging).toBe('aborted');
    await expect
      .poll(() => server.requests())
      .toEqual([{ method: 'GET', path: '/api/things/9', aborted: true, answered: false }]);
    server.behave({ path: '/api/things', behaviour: { kind: 'drop' } });
    await expect(fetch(`${server.url}/api/things`)).rejects.toThrow();
  });

  it('holds an answer until it is released, running the handler at once, so a test waits on a condition and not on a delay', async () => {
    server.behave({ path: '/api/things', method: 'POST', behaviour: { kind: 'hold' }, times: 1 });
    let settled = false;
    const saving = call('/api/things', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"held"}',
    }).finally(() => (settled = true));
    await expect.poll(() => server.requests()).toMatchObject([{ path: '/api/things', held: true, answered: false }]);
    await expect.poll(() => seen, { message: 'the handler ran before the release' }).toEqual([{ name: 'held' }]);
    expect(settled, 'no answer before the release').toBe(false);
    // Another path's release leaves it held; its own sends the handler's answer.
    server.release('/api/other');
    expect(server.requests()[0]?.held).toBe(true);
    server.release('/api/things');
    expect(await saving).toMatchObject({ status: 201, body: { id: 2 } });
    expect(server.requests()).toEqual([{ method: 'POST', path: '/api/things', aborted: false, answered: true }]);
    // Released over HTTP too, before the request even came: the hold is lifted, never left to
    // catch the request once the test stopped waiting for it.
    server.behave({ path: '/api/things', behaviour: { kind: 'hold' } });
    const released = await fetch(`${server.url}/__control/release`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/api/things' }),
    });
    expect(released.status).toBe(200);
    expect(await call('/api/things')).toMatchObject({ status: 200, body: [{ id: 1 }] });
  });

  it('serves the page for misbehaving by hand at /__control/, and goes back to normal keeping what it saw', async () => {
    const page = await fetch(`${server.url}/__control/`);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain("post('behave', rule)");
    server.behave({ path: '/api/things', behaviour: { kind: 'status', status: 503 } });
    server.behave({ path: '/api/things/1', behaviour: { kind: 'hold' } });
    expect(await call('/api/things')).toMatchObject({ status: 503 });
    const held = call('/api/things/1');
    await expect.poll(() => server.requests().filter((request) => request.held)).toHaveLength(1);
    expect((await fetch(`${server.url}/__control/normal`, { method: 'POST' })).status).toBe(200);
    expect(await held).toMatchObject({ status: 200 });
    expect(await call('/api/things')).toMatchObject({ status: 200 });
    expect(server.requests().map((request) => request.path)).toEqual(['/api/things', '/api/things/1', '/api/things']);
  });

  it('closes a held answer’s connection on reset, so no client waits for ever', async () => {
    server.behave({ path: '/api/things', behaviour: { kind: 'hold' } });
    const waiting = fetch(`${server.url}/api/things`).then(
      () => 'answered',
      () => 'closed',
    );
    await expect.poll(() => server.requests().length).toBe(1);
    server.reset();
    expect(await waiting).toBe('closed');
  });

  it('is told how to behave over HTTP by tests in other processes', async () => {
    const rule = { path: '/api/things', behaviour: { kind: 'status', status: 503 } };
    const post = (path: string, body?: unknown) =>
      fetch(`${server.url}/__control/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    expect((await post('behave', rule)).status).toBe(200);
    expect(await call('/api/things')).toMatchObject({ status: 503 });
    const log = await (await fetch(`${server.url}/__control/requests`)).json();
    expect(log).toMatchObject([{ path: '/api/things', answered: true }]);
    await post('reset');
    expect(await call('/api/things')).toMatchObject({ status: 200 });
  });
});

describe('the control endpoints, under hostile use', () => {
  it('cannot be reached through /api in any spelling of a dot segment', async () => {
    for (const path of [
      '/api/%2e%2e/__control/requests',
      '/api/%2E%2E/__control/requests',
      '/api/../__control/requests',
      '/api/.%2e/__control/requests',
      '/api/%2e./__control/requests',
      '/api/./../__control/requests',
      '/api\\..\\__control/requests',
    ]) {
      const answer = await raw(server.url, 'GET', path);
      expect(answer.status, path).toBe(400);
      expect(answer.text, path).not.toContain('"path"');
    }
    // Not a path a URL parser takes as one (a host of %00): it threw in the server and stopped it.
    expect((await raw(server.url, 'GET', '//%00/__control/requests')).status).toBe(404);
    expect((await raw(server.url, 'GET', 'http://evil.example/__control/requests')).status).toBe(400);
    const hostile = JSON.stringify({ path: '*', behaviour: { kind: 'hang' } });
    expect((await raw(server.url, 'POST', '/api/%2e%2e/__control/behave', hostile)).status).toBe(400);
    expect((await raw(server.url, 'GET', '/api/things')).status).toBe(200);
  });

  it('refuse a rule that cannot be followed with a 400, and keep serving', async () => {
    for (const rule of [
      { path: '*', behaviour: { kind: 'status', status: 99 } },
      { path: '*', behaviour: { kind: 'status', status: 1000 } },
      { path: '*', behaviour: { kind: 'explode' } },
      { path: '*', behaviour: { kind: 'delay', ms: -1 } },
      { path: '*', behaviour: { kind: 'status', status: 503, retryAfter: 1.5 } },
      { path: '/elsewhere', behaviour: { kind: 'hang' } },
      { path: '*', times: 0, behaviour: { kind: 'hang' } },
      'not an object',
    ]) {
      const answer = await raw(server.url, 'POST', '/__control/behave', JSON.stringify(rule));
      expect(answer.status, JSON.stringify(rule)).toBe(400);
      expect(JSON.parse(answer.text)).toMatchObject({ message: expect.stringContaining('Not a rule') });
    }
    expect(() => server.behave({ path: '*', behaviour: { kind: 'status', status: 99 } })).toThrow('Not a rule');
    expect(await (await fetch(`${server.url}/api/things`)).json()).toEqual([{ id: 1 }]);
  });

  it('answers a handler’s impossible status with a 500 that says so, and keeps serving', async () => {
    const answer = await fetch(`${server.url}/api/odd`);
    expect(answer.status).toBe(500);
    expect(((await answer.json()) as { message: string }).message).toContain('1000 is not an HTTP status');
    expect((await fetch(`${server.url}/api/things`)).status).toBe(200);
  });

  it('tells dot segments and rules apart from their lookalikes', () => {
    expect(hasDotSegments('/api/..%2fx')).toBe(false);
    expect(hasDotSegments('/api/a..b')).toBe(false);
    expect(hasDotSegments('/api/x?q=/../')).toBe(false);
    expect(hasDotSegments('/api/%2e')).toBe(true);
    expect(ruleProblem({ path: '/api/things/1', method: 'GET', times: 2, behaviour: { kind: 'delay', ms: 10 } })).toBe(
      undefined,
    );
    expect(ruleProblem({ path: '*', behaviour: { kind: 'status', status: 429, retryAfter: 30 } })).toBe(undefined);
    expect(ruleProblem({ path: '*', behaviour: { kind: 'html' } })).toBe(undefined);
  });
});

describe('request bodies, as a careful server takes them', () => {
  it('parses JSON only when the content type says so: a text/plain body (a cross-site form needs no preflight for it) gets 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '']) {
      const headers = type ? { 'content-type': type } : undefined;
      const answer = await fetch(`${server.url}/api/things`, { method: 'POST', headers, body: '{"name":"x"}' });
      expect(answer.status, type || 'no content type').toBe(415);
    }
    const ok = await fetch(`${server.url}/api/things`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: '{"name":"x"}',
    });
    expect(ok.status).toBe(201);
    expect(seen).toEqual([{ name: 'x' }]);
  });

  it('refuses a body over the limit with 413, declared or streamed, and keeps serving', async () => {
    const small = await startApiServer({ handlers, limits: { bodyBytes: 1000 } });
    try {
      const big = JSON.stringify({ name: 'x'.repeat(2000) });
      const answer = await raw(small.url, 'POST', '/api/things', big);
      expect(answer.status).toBe(413);
      expect(seen).toEqual([]);
      expect((await fetch(`${small.url}/api/things`)).status).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('closes a request whose headers never finish (a slow client holds no connection for long)', async () => {
    const quick = await startApiServer({ handlers, limits: { headersMs: 300, requestMs: 600 } });
    try {
      const { hostname, port } = new URL(quick.url);
      const closed = await new Promise<string>((resolve, reject) => {
        const socket = connect({ host: hostname, port: Number(port) }, () =>
          socket.write('GET /api/things HTTP/1.1\r\nHost: x\r\n'),
        );
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
        setTimeout(() => reject(new Error('still open after 5 s')), 5000).unref();
      });
      expect(closed).toMatch(/^(HTTP\/1\.1 408|)/);
    } finally {
      await quick.close();
    }
  });
});
