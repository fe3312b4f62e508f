import { afterEach, describe, expect, it } from 'vitest';
import { apiProxy } from '../../vite.config';

/**
 * Where `/api` goes in `vite` (npm start) and `vite preview` (npm run preview): the product's own
 * handlers, started in-process, unless API_URL names a backend. The Chromium tests check the
 * proxy itself on the built apps (tests/browser/calls.test.ts).
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

describe("the product's /api proxy", () => {
  it('points at API_URL when it is set, and starts nothing', async () => {
    process.env.API_URL = 'http://127.0.0.1:9/backend';
    const { key, target } = targetOf(await apiProxy('production'));
    expect(target).toBe('http://127.0.0.1:9/backend');
    // Every /api path and no other: /api, /api/…, /api?…, but not /apiary (a screen's URL).
    const pattern = new RegExp(key ?? '');
    expect(['/api', '/api/things/1', '/api?x=1'].every((path) => pattern.test(path))).toBe(true);
    expect(pattern.test('/apiary')).toBe(false);
  });

  it("otherwise starts the product's API server in-process, answering an unknown path with a JSON 404", async () => {
    delete process.env.API_URL;
    const { target } = targetOf(await apiProxy('development'));
    const response = await fetch(`${target}/api/anything`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ message: expect.stringContaining('server/handlers.ts') });
  });

  it('gives the shapes app, which makes no calls, no proxy', async () => {
    expect(await apiProxy('shapes')).toBeUndefined();
  });
});
