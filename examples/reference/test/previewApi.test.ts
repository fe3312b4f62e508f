import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preview, type PreviewServer } from 'vite';
import { statechartApp } from '@statechart/vite';
import type { ApiServer } from '@statechart/calls/server';
import { startReferenceApiServer } from '../server/api.ts';

/**
 * The reference API server behind `vite preview`'s /api proxy, as the Vite plugin sets it up (from
 * its source: the Chromium suites see the built plugin), with a stand-in build: what the proxy and
 * the plugin answer, byte for byte, where a browser's fetch would hide it (it resolves `%2e%2e`).
 */
let api: ApiServer;
let server: PreviewServer;
let origin: URL;
const root = mkdtempSync(join(tmpdir(), 'reference-preview-'));
beforeAll(async () => {
  writeFileSync(join(root, 'index.html'), '<!doctype html><meta charset="UTF-8" /><title>Stand-in</title>');
  api = await startReferenceApiServer();
  process.env.PREVIEW_TEST_API_URL = api.url;
  server = await preview({
    configFile: false,
    root,
    logLevel: 'silent',
    build: { outDir: root },
    plugins: [statechartApp({ apiUrlEnv: 'PREVIEW_TEST_API_URL', spec: false })],
    preview: { port: 0, host: '127.0.0.1' },
  });
  origin = new URL(server.resolvedUrls?.local[0] ?? '');
});
afterAll(async () => {
  await server?.close();
  await api?.close();
  delete process.env.PREVIEW_TEST_API_URL;
  rmSync(root, { recursive: true, force: true });
});

/** One request as written (no URL normalisation), its body sent in 64 KB writes as a browser uploads it. */
function send(method: string, path: string, body?: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((resolve, reject) => {
    const headers: Record<string, string> =
      body === undefined
        ? {}
        : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
    const request = httpRequest({ hostname: origin.hostname, port: origin.port, method, path, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    request.on('error', reject);
    for (let at = 0; body !== undefined && at < body.length; at += 65_536) request.write(body.slice(at, at + 65_536));
    request.end();
  });
}

describe('a save too large for the API server, through the preview’s /api proxy', () => {
  it.each([2, 5])('is the API server’s JSON 413 (%i MB), not an empty 502 that reads as a lost answer', async (mb) => {
    const body = JSON.stringify({ name: 'x'.repeat(mb * 1_000_000), quantity: '', category: '' });
    const answer = await send('POST', '/api/records', body);
    expect(answer.status, `POST /api/records with ${mb} MB through the proxy: ${answer.text || '(empty body)'}`).toBe(
      413,
    );
    expect(answer.headers['content-type']).toBe('application/json');
    expect(JSON.parse(answer.text)).toEqual({ message: expect.stringContaining('over') });
    expect((await send('GET', '/api/records')).status, 'the proxy and the server still answer').toBe(200);
  });
});

describe('the preview’s own JSON 404 for an /api path it never forwards', () => {
  it('carries the headers every other answer has: nosniff, X-Frame-Options and frame-ancestors', async () => {
    for (const path of ['/api/%2e%2e/x', '/%61pi/x']) {
      const answer = await send('GET', path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers['content-type'], path).toBe('application/json');
      expect(
        {
          nosniff: answer.headers['x-content-type-options'],
          frames: answer.headers['x-frame-options'],
          csp: answer.headers['content-security-policy'],
        },
        `GET ${path}: the plugin's 404 is sent before securityHeaders ran`,
      ).toEqual({ nosniff: 'nosniff', frames: 'DENY', csp: "frame-ancestors 'none'" });
    }
  });
});
