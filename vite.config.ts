/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions, type UserConfig } from 'vite';

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
 * The Content-Security-Policy of the built app: scripts, styles and everything else from our own
 * origin only; no inline scripts or styles, no eval, no plugins, no foreign base or form targets.
 * (frame-ancestors cannot be set by a meta tag: a host that wants it sends it as a header.)
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * Puts the policy in the built index.html as its first head element. Build only: the dev server
 * injects an inline script (React Refresh's preamble) that the policy would rightly block.
 */
function contentSecurityPolicy(): Plugin {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}" />`;
  return {
    name: 'content-security-policy',
    apply: 'build',
    // Right after the charset, before anything the policy governs.
    transformIndexHtml(html) {
      const charset = /<meta charset="UTF-8" \/>/i;
      if (!charset.test(html)) throw new Error('index.html needs <meta charset="UTF-8" /> for the CSP to follow');
      return html.replace(charset, (tag) => `${tag}\n    ${meta}`);
    },
  };
}

/**
 * Where the app's same-origin `/api` goes, in `vite` and `vite preview`: the URL in `API_URL`
 * (`REFERENCE_API_URL` for the reference app) when set — a real backend, or the server the
 * browser tests start — else an API server started here, in-process, with the app's handlers
 * (server/handlers.ts for the product, tests/server/referenceApi.ts for the reference app), so
 * `npm start` and `npm run preview` need no second command. The proxy keeps calls same-origin
 * (the CSP stays 'self'), and it takes every `/api` path, so an unknown one gets the server's JSON
 * 404, never the app's index.html. The shapes app makes no calls.
 */
export async function apiProxy(mode: string): Promise<Record<string, ProxyOptions> | undefined> {
  const reference = mode === 'reference';
  if (mode === 'shapes') return undefined;
  let target = reference ? process.env.REFERENCE_API_URL : process.env.API_URL;
  if (!target) {
    const server = reference
      ? await (await import('./tests/server/referenceApi.ts')).startReferenceApiServer()
      : await (
          await import('./server/apiServer.ts')
        ).startApiServer({
          handlers: (await import('./server/handlers.ts')).handlers,
        });
    target = server.url;
  }
  // `/api`, `/api/…` and `/api?…`, not `/apiary`: a regular expression key (Vite's proxy syntax).
  return { '^/api(?:/|\\?|$)': { target, changeOrigin: true } };
}

/**
 * A smaller stand-in for Vite's preload helper, the wrapper Vite puts around every lazy import
 * (each screen's view) to fetch the chunk's own dependencies and CSS alongside it. Vite's handles
 * CSP nonces, `vite:preloadError` events, relative bases and browsers without modulepreload, and
 * weighs ~0.55 KB gz of the first load; this app needs none of that (no inline nonces, an absolute
 * base, an es2022 target, and its own handling of a failed view: the error state and a retry), so
 * this one does only the fetching: a modulepreload link per JS dependency, a stylesheet link per
 * CSS dependency (awaited, so a view never shows unstyled), each once, a failure forgotten so that
 * the retry fetches again. Build only; docs/BENCHMARKS.md ("Bundle") has the measured saving.
 */
export function smallPreloadHelper(): Plugin {
  let base = '/';
  return {
    name: 'small-preload-helper',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      base = config.base;
    },
    load(id) {
      if (id !== '\0vite/preload-helper.js') return undefined;
      return `const seen = {};
export const __vitePreload = (load, deps) =>
  deps && deps.length
    ? Promise.all(
        deps.map((dep) => {
          const href = ${JSON.stringify(base)} + dep;
          if (seen[href]) return seen[href];
          const link = document.createElement('link');
          const css = dep.endsWith('.css');
          link.rel = css ? 'stylesheet' : 'modulepreload';
          link.crossOrigin = '';
          link.href = href;
          document.head.append(link);
          return (seen[href] = css
            ? new Promise((resolve, reject) => {
                link.onload = resolve;
                link.onerror = () => {
                  delete seen[href];
                  link.remove();
                  reject(new Error('Unable to preload CSS for ' + href));
                };
              })
            : Promise.resolve());
        }),
      ).then(load)
    : load();
`;
    },
  };
}

/**
 * react-router keeps its whole runtime in one module whose top-level statements have effects a
 * bundler must keep (contexts made by a call and then given a `displayName`, a version stamp on
 * `window`, a class's `contextType`): importing one function from it (our history) keeps most of
 * it. This marks those statements free of effects, so that what we do not use is dropped. Only
 * react-router's own files are touched; what it loses is React DevTools' names for its contexts,
 * the `window.__reactRouterVersion` stamp and RSC error handling in its data routers (which an SPA
 * never uses). Measured in docs/BENCHMARKS.md ("react-router's cost").
 */
export function pureReactRouter(): Plugin {
  return {
    name: 'pure-react-router',
    apply: 'build',
    transform(code, id) {
      if (!/node_modules\/react-router\/dist\/(development|production)\/[^/]+\.mjs$/.test(id)) return undefined;
      return (
        code
          // `var X = f(…)` / `new F(…)` at the top level: contexts, forwardRef/memo components, sets, URLs.
          .replace(/^(var [\w$]+ = )(new [\w$.]+\(|[\w$.]+\()/gm, '$1/* @__PURE__ */ $2')
          .replace(/^\w+\.(displayName|contextType) = [^;\n]+;$/gm, '')
          .replace(
            /^try \{\n {2}if \(isBrowser\d*\) \{\n {4}window\.__reactRouterVersion = [\s\S]*?\n\} catch \(e\) \{\n\}$/m,
            '',
          )
      );
    },
  };
}

/**
 * Chromium keeps each script's source in memory for as long as the page lives, one byte per
 * character while the text is all ASCII, two (UTF-16) as soon as it holds one other character. The
 * minifier writes escapes such as `'\ufffd'` as the character itself, and one such character in
 * the routing code doubled the retained source of the initial chunk (+281 KB of heap for a 281 KB
 * chunk, measured with a heap snapshot of the bench's routing-only app). `charset: 'ascii'` makes
 * the bundler write every non-ASCII character of the code as an escape.
 */
export function asciiOutput(): Plugin {
  return {
    name: 'ascii-output',
    apply: 'build',
    config: () => ({ build: { rolldownOptions: { output: { charset: 'ascii' } } } }),
  };
}

/**
 * `vite build` builds the product. `vite build --mode reference` builds the reference app from
 * tests/reference (test code, never part of the product build) for the real-browser tests;
 * `--mode shapes` builds tests/shapes the same way.
 * BASE_PATH sets Vite's `base`, to prove that deep links work under a base path.
 */
export default defineConfig(async ({ mode, command }): Promise<UserConfig> => {
  const reference = mode === 'reference';
  // Test apps built from tests/<mode>: the reference app, and the shapes app (the second
  // reference machine: history, final states, a timer, an invoked actor) for the path tests.
  const testApp = reference || mode === 'shapes' || mode === 'minimal' ? mode : undefined;
  // The minimal shape machines of the path generator live with it, in tests/paths/shapes.
  const testRoot = testApp === 'minimal' ? 'paths/shapes' : testApp;
  const base = process.env.BASE_PATH ?? '/';
  const proxy = command === 'serve' ? await apiProxy(mode) : undefined;
  return {
    base,
    server: { proxy },
    preview: { proxy },
    root: testRoot ? fileURLToPath(new URL(`./tests/${testRoot}`, import.meta.url)) : undefined,
    publicDir: fileURLToPath(new URL('./public', import.meta.url)),
    plugins: [
      react(),
      serveMalformedUrls(),
      contentSecurityPolicy(),
      smallPreloadHelper(),
      pureReactRouter(),
      asciiOutput(),
    ],
    build: {
      outDir: testApp
        ? fileURLToPath(new URL(`./dist-${testApp}${base === '/' ? '' : '-base'}`, import.meta.url))
        : 'dist',
      emptyOutDir: true,
      target: 'es2022',
      // Every browser that runs this es2022 build but Safari 16 preloads modules natively; there
      // a lazy screen's dependencies load one after the other, which the idle preload hides.
      modulePreload: { polyfill: false },
    },
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
            include: ['tests/{routing,machines,views,dev,api,persistence}/**/*.test.ts'],
            environment: 'node',
            // Beside the browser project in npm test (scripts/test.ts): see the dom project.
            testTimeout: 20_000,
          },
        },
        {
          // The gates themselves: lint boundaries, the bundle budget (builds, so slower).
          extends: true,
          test: {
            name: 'tools',
            include: ['tests/{lint,scripts}/**/*.test.ts'],
            environment: 'node',
            // Isolated: the copy test (newScreen.test.ts) runs ESLint's API on a temporary copy of
            // the repository, and what ESLint's plugins cache from it broke the lint-boundary tests
            // that came after it in the same worker (every message without a rule id).
            isolate: true,
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
            // npm test runs two jobs at once (scripts/test.ts), on a shared 2-core machine: 5 s (the
            // default) failed a render test and a graph export test there at load 12-30.
            testTimeout: 20_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'paths',
            include: ['tests/paths/**/*.test.ts'],
            // Chromium files run in the browser project; the soak walks only in their own run.
            exclude: ['tests/paths/**/*.browser.test.ts', 'tests/paths/**/*.soak.test.ts'],
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
            setupFiles: ['tests/dom/setup.ts'],
            testTimeout: 20_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'browser',
            // The Chromium-level path tests share the built apps and servers of the browser tests.
            include: ['tests/browser/**/*.test.ts', 'tests/paths/**/*.browser.test.ts'],
            environment: 'node',
            globalSetup: ['tests/browser/globalSetup.ts'],
            testTimeout: 30_000,
            hookTimeout: 120_000,
            fileParallelism: false,
            // The files share one worker's module cache: playwright-core and the machines are imported
            // once, not once per file (~1 s each on a loaded 2-core machine). No browser file keeps
            // state in a shared module: each launches its own browser in its own module scope.
            isolate: false,
            // Tests in a describe.concurrent block (each on a page of its own) run this many at once:
            // more only queues CPU work on 2 cores and stretches each test towards its timeout.
            maxConcurrency: 3,
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
                  include: ['tests/paths/**/*.soak.test.ts'],
                  environment: 'node' as const,
                  globalSetup: ['tests/browser/globalSetup.ts'],
                  testTimeout: 600_000,
                  hookTimeout: 120_000,
                  fileParallelism: false,
                },
              },
            ]
          : []),
      ],
    },
  };
});
