/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The preview server (sirv) answers a URL with bad percent-encoding with an error page before the
 * SPA fallback sees it; serve the app instead, so that the app can show its not-found screen.
 * A production host needs the same rule: every unknown path, malformed or not, gets index.html.
 */
function serveMalformedUrls(): Plugin {
  return {
    name: 'serve-malformed-urls',
    configurePreviewServer(server) {
      const index = `${server.config.base}index.html`;
      server.middlewares.use((request, _response, next) => {
        try {
          decodeURI(request.url ?? '/');
        } catch {
          request.url = index;
        }
        next();
      });
    },
  };
}

/**
 * `vite build` builds the product. `vite build --mode reference` builds the reference app from
 * tests/reference (test code, never part of the product build) for the real-browser tests.
 * BASE_PATH sets Vite's `base`, to prove that deep links work under a base path.
 */
export default defineConfig(({ mode }) => {
  const reference = mode === 'reference';
  const base = process.env.BASE_PATH ?? '/';
  return {
    base,
    root: reference ? fileURLToPath(new URL('./tests/reference', import.meta.url)) : undefined,
    publicDir: fileURLToPath(new URL('./public', import.meta.url)),
    plugins: [react(), serveMalformedUrls()],
    build: {
      outDir: reference
        ? fileURLToPath(new URL(`./dist-reference${base === '/' ? '' : '-base'}`, import.meta.url))
        : 'dist',
      emptyOutDir: true,
      target: 'es2022',
    },
    test: {
      projects: [
        {
          extends: true,
          test: { name: 'unit', include: ['tests/{routing,machines}/**/*.test.ts'], environment: 'node' },
        },
        {
          // The gates themselves: lint boundaries, the bundle budget (builds, so slower).
          extends: true,
          test: {
            name: 'tools',
            include: ['tests/{lint,scripts}/**/*.test.ts'],
            environment: 'node',
            testTimeout: 120_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'dom',
            include: ['tests/dom/**/*.test.tsx'],
            environment: 'jsdom',
            setupFiles: ['tests/dom/setup.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'browser',
            include: ['tests/browser/**/*.test.ts'],
            environment: 'node',
            globalSetup: ['tests/browser/globalSetup.ts'],
            testTimeout: 30_000,
            hookTimeout: 120_000,
            fileParallelism: false,
          },
        },
      ],
    },
  };
});
