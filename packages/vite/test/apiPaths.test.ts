import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preview, type PreviewServer } from 'vite';
import { startApiServer, type ApiServer } from '@statechart/calls/server';
import { spelledUnderApi } from '../src/apiPaths';
import { statechartApp } from '../src/plugin';

/**
 * `vite preview` with the plugin and an API behind /api, on a built app of one index.html: every
 * request spelled under /api is answered by the API (JSON), whatever its encoding; the app's
 * index.html is for the app's own URLs.
 */
let root: string;
let api: ApiServer;
let server: PreviewServer;
let port: number;
const saved = process.env.API_URL;
beforeAll(async () => {
  delete process.env.API_URL;
  root = mkdtempSync(join(tmpdir(), 'api-paths-'));
  mkdirSync(join(root, 'dist'));
  writeFileSync(join(root, 'dist', 'index.html'), '<!doctype html><title>The app</title>');
  server = await preview({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [
      statechartApp({
        startApi: async () => (api = await startApiServer({ handlers: { 'GET /api/things': () => ({ body: [] }) } })),
      }),
    ],
    preview: { port: 0, host: '127.0.0.1' },
  });
  port = (server.httpServer.address() as { port: number }).port;
});
afterAll(async () => {
  if (saved !== undefined) process.env.API_URL = saved;
  await server?.close();
  await api?.close();
  rmSync(root, { recursive: true, force: true });
});

/** A GET with its target exactly as written (fetch would normalise it). */
const get = (path: string) =>
  new Promise<{ status: number; type: string; text: string }>((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, path }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, type: response.headers['content-type'] ?? '', text }),
      );
    });
    sent.on('error', reject);
    sent.end();
  });

describe('/api in vite preview, whatever its encoding', () => {
  it('answers a malformed or encoded /api path with a JSON 404, never the app’s index.html', async () => {
    for (const path of ['/api/%zz', '/api/things%zz', '/api?%zz', '/%61pi/things', '/api%2fthings', '/api/%2e%2e/x']) {
      const answer = await get(path);
      expect(answer.status, `GET ${path}: a 404, not the app`).toBe(404);
      expect(answer.text, `GET ${path}: the API's JSON, not index.html`).not.toContain('<title>The app');
      expect(answer.type, `GET ${path}`).toContain('application/json');
    }
    expect(await get('/api/things')).toMatchObject({ status: 200, text: '[]' });
    // The app's own URLs, malformed ones too, are still the app.
    for (const path of ['/records', '/%zz', '/apiary']) {
      expect((await get(path)).text, `GET ${path}: the app`).toContain('<title>The app');
    }
  });

  it('tells /api spellings apart from the app’s URLs', () => {
    for (const path of ['/api', '/api/x', '/api/%zz', '/%61pi/x', '/api%2Fx', '/api?x'])
      expect(spelledUnderApi(path), path).toBe(true);
    for (const path of ['/', '/apiary', '/records/api', '/%zz', '/API/x'])
      expect(spelledUnderApi(path), path).toBe(false);
  });
});
