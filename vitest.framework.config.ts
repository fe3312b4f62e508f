/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

/**
 * The framework's tests: the packages' own (packages/<name>/test), the examples' and the tools'
 * (scripts/test). The product's tests (tests/) run with the product's own config, vitest.config.ts,
 * the one create-statechart-app ships: `npm test` (scripts/test.ts) runs both. Projects are cut by
 * environment, so that `npm test` can run the Chromium project beside the rest, and the jsdom ones
 * also by package, so that each package's render tests run with its own setup file; one package's
 * tests alone: `npm test -w @statechart/<name>`.
 */
/**
 * The `browser` project: every package's own Chromium tests, the path tests' Chromium level, and
 * the reference app's end-to-end suite (examples/reference/e2e: what the packages do together).
 */
const FRAMEWORK_BROWSER = [
  'packages/*/test/browser/**/*.test.ts',
  'packages/paths/test/**/*.browser.test.ts',
  'examples/*/e2e/**/*.test.ts',
];
/** Hides `window.navigation` from every page a test file's browser opens, in the History API projects. */
const HISTORY_API_MODE = 'scripts/browser-tests/historyApiMode.ts';
/**
 * The harness every package's Chromium tests share: the examples built and served once (with the
 * reference API server behind their /api), what each file reads with `inject('referenceUrl')`,
 * `inject('apiUrl')`…, the History API mode, and the fixture every file starts with
 * (scripts/browser-tests/fixture.ts: its browser, a shared context, the app's origin, `open(path)`).
 * It lives in scripts/browser-tests, beside the workspace's other tools, because it serves the
 * examples of this repository, which no package's source may import (and no product needs). What a
 * test calls beyond it (pages, axe, `pressBack`) is @statechart/paths/chromium, which products use too.
 */
const BROWSER_HARNESS = { globalSetup: ['scripts/browser-tests/globalSetup.ts'], setupFiles: [HISTORY_API_MODE] };
/** What every Chromium project shares. */
const CHROMIUM = {
  environment: 'node' as const,
  testTimeout: 30_000,
  hookTimeout: 120_000,
  // One file at a time: the files share the reference API server, whose behaviour rules a test
  // sets (api.behave) and whose request log it reads. Within a file, tests that steer it run at once
  // with a reference app and API server of their own (examples/reference/test/ownApi.ts).
  fileParallelism: false,
  // The files share one worker's module cache: playwright-core and the machines are imported
  // once, not once per file (~1 s each on a loaded 2-core machine). No browser file keeps
  // state in a shared module: each launches its own browser (the fixture's, in its own hooks).
  isolate: false,
  // Tests in a describe.concurrent block (each on a page of its own) run this many at once:
  // more only queues CPU work on 2 cores and stretches each test towards its timeout.
  maxConcurrency: 3,
  // A Chromium test waits on what it checks (expect.poll, Playwright's auto-waiting), never on
  // time. Vitest's expect.poll gives up after 1 s by default: a page's render after a click took
  // longer on a loaded CI machine, so a poll here waits up to 15 s (a passing one returns at once).
  expect: { poll: { timeout: 15_000 } },
};
/** A jsdom project per package (see the dom projects below). */
function jsdomProjects(projects: { name: string; include: string[]; exclude?: string[]; setup?: string }[]) {
  return projects.map(({ name, include, exclude = [], setup }) => ({
    extends: true as const,
    test: {
      name,
      include,
      exclude: [...exclude, '**/node_modules/**'],
      environment: 'jsdom' as const,
      setupFiles: setup ? [setup] : [],
      // npm test runs two jobs at once (scripts/test.ts), on a shared 2-core machine: 5 s (the
      // default) failed a render test and a graph export test there at load 12-30.
      testTimeout: 20_000,
    },
  }));
}
/**
 * The Chromium files `npm test` runs on the History API adapter too (see browser-history-api);
 * `npm run test:history-api` runs every Chromium file in that mode (HISTORY_API_SUITE=all), and CI,
 * which has just run these in `npm test`, only the others (HISTORY_API_SUITE=rest, .ci/run).
 */
const HISTORY_API_IN_NPM_TEST = [
  'packages/react/test/browser/{navigationApi,viewTransitions,historyEdges,historyProperty}.test.ts',
  'examples/reference/e2e/{contract,focus}.test.ts',
];
const HISTORY_API_SUITE = process.env.HISTORY_API_SUITE;

export default defineConfig({
  plugins: [react()],
  // Tests read the packages' TypeScript source (the `source` condition of their `exports`), as
  // tsc does (tsconfig.json's customConditions): a test sees an edit at once, with no build.
  // Apps built by the tests (globalSetup) load the packages built, as a user's app does.
  // `module-sync`: resolve as Node does (vitest.config.ts says why).
  resolve: { conditions: ['source', 'module-sync', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', 'module-sync', ...defaultServerConditions] } },
  test: {
    // Each worker keeps its module cache from one test file to the next (every project extends
    // this). Measured on the non-browser projects (without the copy test), quiet 2-core machine:
    // 85 s wall and 91 s CPU isolated, 51 s and 55 s not (imports 10 → 5 s, environment set-up
    // 12 → 3 s). The price: a test file must not rely on a fresh module state (a module-level
    // cache, a spy left in place); shuffled file orders (`--sequence.shuffle.files`) pass.
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts', 'examples/*/test/**/*.test.ts'],
          exclude: ['packages/{paths,cli,create-statechart-app}/**', '**/browser/**', '**/node_modules/**'],
          environment: 'node',
          // Beside the browser project in npm test (scripts/test.ts): see jsdomProjects.
          testTimeout: 20_000,
        },
      },
      {
        // The gates themselves: lint boundaries, the bundle budget (builds, so slower).
        extends: true,
        test: {
          name: 'tools',
          include: [
            'scripts/test/**/*.test.ts',
            'packages/cli/test/**/*.test.ts',
            'packages/create-statechart-app/test/**/*.test.ts',
          ],
          // The template is a product's starting files, with tests of its own: the copy test runs
          // them, and `npm run test:create` runs them in a product made from it. The copy test
          // runs in its own project (generators, below).
          exclude: ['packages/create-statechart-app/template/**', '**/*.copy.test.ts', '**/node_modules/**'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
      // The generators end to end (packages/cli/test/newScreen.copy.test.ts: every generator in a
      // copy of the repository, then tsc, ESLint and the path tests there; about 80 s and three
      // processes): not part of `npm test`, which a team runs many times a day; `npm run
      // test:generators` runs it, and CI runs that after `npm test` (.ci/run). Isolated, as it
      // runs ESLint's API on the copy: what ESLint's plugins cache from it broke the lint-boundary
      // tests that came after it in one worker (every message without a rule id).
      ...(process.env.GENERATORS_COPY
        ? [
            {
              extends: true as const,
              test: {
                name: 'generators',
                include: ['packages/cli/test/**/*.copy.test.ts'],
                environment: 'node' as const,
                isolate: true,
                testTimeout: 240_000,
              },
            },
          ]
        : []),
      // The jsdom render tests, a project per package: each package's tests run with that package's
      // own setup file (packages/<name>/test/setup.ts), or none.
      ...jsdomProjects([
        { name: 'dom-react', include: ['packages/react/test/**/*.test.tsx'], setup: 'packages/react/test/setup.ts' },
        { name: 'dom-forms', include: ['packages/forms/test/**/*.test.tsx'], setup: 'packages/forms/test/setup.ts' },
        {
          name: 'dom-devtools',
          include: ['packages/devtools/test/**/*.test.tsx'],
          setup: 'packages/devtools/test/setup.ts',
        },
        {
          name: 'dom-others',
          include: ['packages/*/test/**/*.test.tsx', 'examples/*/test/**/*.test.tsx'],
          exclude: ['packages/{react,forms,devtools,paths,cli}/**'],
        },
      ]),
      {
        extends: true,
        test: {
          name: 'paths',
          include: ['packages/paths/test/**/*.test.ts'],
          // Chromium files run in the browser project; the soak walks only in their own run.
          exclude: ['**/*.browser.test.ts', '**/*.soak.test.ts', '**/node_modules/**'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'paths-dom',
          include: ['packages/paths/test/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['packages/paths/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          // Every package's Chromium tests (packages/<name>/test/browser), the path tests' Chromium
          // level and the reference app's e2e suite, on the examples built and served by the shared
          // harness (BROWSER_HARNESS).
          name: 'browser',
          include: FRAMEWORK_BROWSER,
          ...BROWSER_HARNESS,
          provide: { historyApiMode: false },
          ...CHROMIUM,
        },
      },
      {
        extends: true,
        test: {
          // The same app in Chromium with `window.navigation` hidden (historyApiMode.ts), so it runs
          // on its History API adapter, as in a browser without the Navigation API. In `npm test`,
          // only the files that exist for the adapters' promises (the routing contract, focus and
          // refusals after a move, the adapters' own, view transitions): the whole browser project
          // twice would add its wall time to npm test on 2 cores (4 minutes is the goal), and the
          // other files (the reference app's, the forms') repeat those moves on the same adapter
          // code. `npm run test:history-api` (HISTORY_API_SUITE=all) runs every Chromium test in this
          // mode, the product's too; .ci/run, after npm test, the rest (HISTORY_API_SUITE=rest)
          // (docs/decisions/0019-both-history-adapters-in-ci.md).
          name: 'browser-history-api',
          include:
            HISTORY_API_SUITE === 'all' || HISTORY_API_SUITE === 'rest' ? FRAMEWORK_BROWSER : HISTORY_API_IN_NPM_TEST,
          exclude:
            HISTORY_API_SUITE === 'rest' ? [...HISTORY_API_IN_NPM_TEST, '**/node_modules/**'] : ['**/node_modules/**'],
          ...BROWSER_HARNESS,
          provide: { historyApiMode: true },
          ...CHROMIUM,
        },
      },
      // Long random walks in Chromium (minutes): not part of `npm test`, which a team runs many
      // times a day; `npm run test:soak` runs them, and CI runs that after `npm test` (.ci/run).
      ...(process.env.PATHS_SOAK
        ? [
            {
              extends: true as const,
              test: {
                name: 'soak',
                include: ['packages/paths/test/**/*.soak.test.ts'],
                environment: 'node' as const,
                globalSetup: BROWSER_HARNESS.globalSetup,
                testTimeout: 600_000,
                hookTimeout: 120_000,
                fileParallelism: false,
              },
            },
          ]
        : []),
    ],
  },
});
