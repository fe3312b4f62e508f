import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer } from '../src/apiServer';

/**
 * The development API server's request parsing under random input: request lines (methods,
 * targets with dot segments, percent-encodings, backslashes, control characters), headers
 * (content types, lengths that lie, Idempotency-Keys repeated or hostile) and bodies, each sent as bytes over a socket. After every
 * request the server still answers, and no control endpoint was reached by a target that does not
 * spell /__control/ itself.
 */
let server: ApiServer;
beforeAll(async () => {
  server = await startApiServer({
    handlers: { 'GET /api/things': () => ({ body: [] }), 'POST /api/things': ({ body }) => ({ status: 201, body }) },
    limits: { bodyBytes: 2_000, headersMs: 1_000, requestMs: 2_000 },
  });
});
afterAll(() => server.close());

/** Sends raw bytes; resolves with what came back once the server answers or closes. */
function send(bytes: Buffer): Promise<string> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.end(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer));
    socket.on('error', () => resolve(answer));
  });
}

const segment = fc.oneof(
  fc.constantFrom(
    'api',
    '__control',
    'behave',
    'requests',
    'reset',
    'things',
    '..',
    '.',
    '%2e%2e',
    '%2E.',
    '.%2e',
    '%2f',
    '%00',
    '',
    '\\',
  ),
  fc.string({ maxLength: 6 }),
);
const target = fc.oneof(
  // Known spellings of /api/../__control, so that each run tries some of them.
  fc.constantFrom(
    '/api/%2e%2e/__control/behave',
    '/api/../__control/requests',
    '/api/.%2E/__control/behave',
    '/api/x/../../__control/reset',
  ),
  fc.array(segment, { maxLength: 6 }).map((parts) => `/${parts.join('/')}`),
  fc.string({ maxLength: 40 }),
);
const method = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('GET', 'POST') },
  fc.constantFrom('PUT', 'DELETE', 'OPTIONS', 'HEAD', 'BREW', 'get', ''),
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/ld+json',
  '',
);
const body = fc.oneof(
  fc.constant(''),
  fc.json({ maxDepth: 2 }),
  fc.constant(JSON.stringify({ path: '*', behaviour: { kind: 'hang' } })),
  fc.constant(JSON.stringify({ path: '*', behaviour: { kind: 'status', status: 99 } })),
  fc.string({ maxLength: 60 }),
  fc.constant('x'.repeat(3_000)),
);
// Idempotency-Keys: a few repeated (the same key with another body or path), hostile ones, none.
const idempotencyKey = fc.option(
  fc.oneof(fc.constantFrom('k1', 'k1', 'k2', ' ', 'x'.repeat(300)), fc.string({ maxLength: 20 })),
  { nil: undefined },
);
const request = fc.record({
  method,
  target,
  contentType,
  body,
  idempotencyKey,
  lieAboutLength: fc.boolean(),
  version: fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/9', ''),
});

describe('the API server’s request parsing, fuzzed', () => {
  it(
    'keeps answering and never lets a control endpoint be reached by another spelling',
    { timeout: 120_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          const length = Buffer.byteLength(r.body) + (r.lieAboutLength ? 5 : 0);
          const head = [
            `${r.method} ${r.target} ${r.version}`.trim(),
            // The server's own host and port: a control request with another Host is refused before it is read.
            `Host: ${new URL(server.url).host}`,
            ...(r.contentType ? [`Content-Type: ${r.contentType}`] : []),
            ...(r.idempotencyKey === undefined ? [] : [`Idempotency-Key: ${r.idempotencyKey}`]),
            `Content-Length: ${length}`,
            'Connection: close',
          ].join('\r\n');
          const answer = await send(Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), Buffer.from(r.body)]));
          // A control request is one whose own spelling starts with /__control/. Any other request
          // that answered with the log, or left a rule behind (the next request hangs or answers
          // otherwise), reached one: a breach.
          if (!r.target.startsWith('/__control/')) {
            expect(answer, `${r.method} ${r.target}`).not.toMatch(/^HTTP\/1\.1 200[^]*\r\n\r\n\[/);
            const next = await fetch(`${server.url}/api/things`, { signal: AbortSignal.timeout(2_000) });
            expect(next.status, `after ${r.method} ${r.target}`).toBe(200);
          }
          server.reset();
          // Whatever came before, the server answers the next plain request.
          expect((await fetch(`${server.url}/api/things`)).status).toBe(200);
        }),
        { numRuns: 150 },
      );
    },
  );
});
