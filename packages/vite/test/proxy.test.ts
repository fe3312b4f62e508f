import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer } from '@statechart/calls/server';
import { underApi } from '../src/apiPaths';
import { apiProxy } from '../src/apiProxy';

/**
 * Where `/api` goes in `vite` (npm start) and `vite preview` (npm run preview): the app's own
 * handlers, started in-process, unless API_URL names a backend. The Chromium tests check the
 * proxy itself on the built apps (packages/calls/test/browser/calls.test.ts).
 */
const saved = { ...process.env };
afterEach(() => {
  process.env.API_URL = saved.API_URL;
  if (saved.API_URL === undefined) delete process.env.API_URL;
});

const targetOf = (proxy: Awaited<ReturnType<typeof apiProxy>>) => {
  const [[key, options] = []] = Object.entries(proxy ?? {});
  return { key, target: typeof options === 'object' ? String(options.target) : undefined };
};

describe("an app's /api proxy", () => {
  it('points at API_URL when it is set, and starts nothing', async () => {
    process.env.API_URL = 'http://127.0.0.1:9/backend';
    const { key, target } = targetOf(await apiProxy({ startApi: () => Promise.reject(new Error('started a server')) }));
    expect(target).toBe('http://127.0.0.1:9/backend');
    // Every /api path and no other: /api, /api/…, /api?…, but not /apiary (a screen's URL).
    const pattern = new RegExp(key ?? '');
    expect(['/api', '/api/things/1', '/api?x=1'].every((path) => pattern.test(path))).toBe(true);
    expect(pattern.test('/apiary')).toBe(false);
  });

  it("otherwise starts the app's API server in-process, answering an unknown path with a JSON 404", async () => {
    delete process.env.API_URL;
    const { target } = targetOf(await apiProxy({ startApi: () => startApiServer({ handlers: {} }) }));
    const response = await fetch(`${target}/api/anything`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ message: expect.stringContaining('server/handlers.ts') });
  });

  it('gives an app that makes no calls (no server, no variable of its own) no proxy, even with API_URL set', async () => {
    process.env.API_URL = 'http://127.0.0.1:9/backend';
    expect(await apiProxy({})).toBeUndefined();
  });
});

describe('what the /api proxy forwards', () => {
  it('is only what is under /api once dot segments, also percent-encoded ones, are resolved', () => {
    for (const target of ['/api', '/api/things/1', '/api?x=1', '/api/a/../b', '/api/%2e%2e/api/things']) {
      expect(underApi(target), target).toBe(true);
    }
    for (const target of [
      '/api/%2e%2e/__control/behave',
      '/api/../__control/requests',
      '/api/%2E%2E/x',
      '/api/.%2e/x',
      '/apiary',
      '/api\\..\\__control',
    ]) {
      expect(underApi(target), target).toBe(false);
    }
  });
});
