/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

/** The product's Chromium tests: its built app (tests/browser) and the path tests' Chromium level. */
const BROWSER = {
  environment: 'node' as const,
  globalSetup: ['tests/browser/globalSetup.ts'],
  testTimeout: 30_000,
  hookTimeout: 120_000,
  // One file at a time: they share the built app and its API server (globalSetup).
  fileParallelism: false,
  // Tests in a describe.concurrent block (a page each) run this many at once: more only queues
  // CPU work on a 2-core machine.
  maxConcurrency: 3,
  // A Chromium test waits on what it checks (expect.poll, Playwright's auto-waiting), never on
  // time. Vitest's expect.poll gives up after 1 s by default: a page's render after a click took
  // longer on a loaded CI machine, so a poll here waits up to 15 s (a passing one returns at once).
  expect: { poll: { timeout: 15_000 } },
};

/**
 * The product's tests: the machine's, the path tests generated from it at the machine, jsdom and
 * Chromium levels, and the browser tests of the built product (with axe). Chromium comes from the
 * system (`statechart-ensure-chromium` in `npm test` finds it or installs Debian's).
 * `STATECHART_HISTORY_API=1 npm test` runs the Chromium tests on the History API adapter (pages
 * without `window.navigation`); `PATHS_SOAK=1 npx vitest run --project soak` runs the long random
 * walks (minutes: not part of `npm test`).
 */
export default defineConfig({
  plugins: [react()],
  // `module-sync`, as Node (20.19+) resolves: without it, Vite hands Node react-router-dom's CommonJS
  // build, whose require() of react-router's ES module races the test file's other imports on
  // Node 20 ("Cannot read properties of undefined (reading 'getStatus')", a test file failing
  // before any test ran: nodejs/node#59366, vitest-dev/vitest#7692), and can load two copies of
  // react-router (Node 22 picks its ES build itself).
  resolve: { conditions: ['module-sync', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['module-sync', ...defaultServerConditions] } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'machines', include: ['tests/machines/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'paths',
          include: ['tests/paths/**/*.test.ts'],
          exclude: ['**/*.browser.test.ts', '**/*.soak.test.ts', '**/node_modules/**'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'paths-dom',
          include: ['tests/paths/**/*.test.tsx'],
          environment: 'jsdom',
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts', 'tests/paths/**/*.browser.test.ts'],
          ...BROWSER,
        },
      },
      ...(process.env.PATHS_SOAK
        ? [
            {
              extends: true as const,
              test: {
                name: 'soak',
                include: ['tests/paths/**/*.soak.test.ts'],
                ...BROWSER,
                testTimeout: 600_000,
              },
            },
          ]
        : []),
    ],
  },
});
