import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { devUrl } from '../src/plugins/dependencyUrls';
import { statechartApp } from '../src/plugin';

describe('a `?url` import inside an installed package, in the dev server (dependencyUrls)', () => {
  const root = mkdtempSync(join(tmpdir(), 'dependency-urls-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is pre-bundled to the URL the dev server serves the file at, instead of stopping the server', async () => {
    // A package as npm installs it (not a workspace link, which Vite would not pre-bundle).
    const dep = join(root, 'node_modules/with-worker');
    mkdirSync(join(dep, 'lib'), { recursive: true });
    writeFileSync(join(dep, 'package.json'), JSON.stringify({ name: 'with-worker', type: 'module', main: 'index.js' }));
    writeFileSync(
      join(dep, 'index.js'),
      "import url from 'with-worker/lib/worker.js?url';\nexport const workerUrl = url;\n",
    );
    writeFileSync(join(dep, 'lib/worker.js'), 'self.onmessage = () => {};\n');
    writeFileSync(join(root, 'main.js'), "import { workerUrl } from 'with-worker';\nconsole.log(workerUrl);\n");
    writeFileSync(join(root, 'index.html'), '<script type="module" src="/main.js"></script>\n');

    const server = await createServer({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [statechartApp()],
      optimizeDeps: { include: ['with-worker'], noDiscovery: true },
      server: { port: 0, host: '127.0.0.1', hmr: false },
    });
    try {
      await server.listen();
      const origin = new URL(server.resolvedUrls?.local[0] ?? '').origin;
      const main = await (await fetch(`${origin}/main.js`)).text();
      const optimized = /from\s+"([^"]*with-worker[^"]*)"/.exec(main)?.[1];
      expect(optimized, `main.js as served:\n${main}`).toContain('/node_modules/.vite/deps/');
      const bundled = await (await fetch(origin + optimized)).text();
      expect(bundled).toContain('"/node_modules/with-worker/lib/worker.js"');
      const worker = await fetch(`${origin}/node_modules/with-worker/lib/worker.js`);
      expect(worker.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('devUrl', () => {
  it('serves a file below the root by its path, under the base', () => {
    expect(devUrl('/app/node_modules/x/w.js', '/app', '/')).toBe('/node_modules/x/w.js');
    expect(devUrl('/app/node_modules/x/w.js', '/app', '/sub/')).toBe('/sub/node_modules/x/w.js');
  });

  it('serves a file outside the root under /@fs/', () => {
    expect(devUrl('/elsewhere/x/w.js', '/app', '/')).toBe('/@fs/elsewhere/x/w.js');
  });
});
