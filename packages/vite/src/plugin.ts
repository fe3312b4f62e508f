import react from '@vitejs/plugin-react';
import MagicString from 'magic-string';
import { dependencyUrls } from './dependencyUrls';
import { specSamples } from './samples';
import type { Connect, Plugin, PluginOption, ProxyOptions } from 'vite';

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
        // Under /api the API answers, malformed or not (`/api/%zz` is its JSON 404, never the app).
        if (spelledUnderApi(request.url)) return next();
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

/** The proxy's key: `/api`, `/api/…` and `/api?…`, not `/apiary` (a regular expression, Vite's proxy syntax). */
const API_PATTERN = /^\/api(?:\/|\?|$)/;

/**
 * Whether a request target names /api in any spelling a server might decode it to: its first path
 * segment, percent-decoded where it can be, is `api` or starts with `api/` (`/%61pi/x`, `/api%2fx`).
 */
export function spelledUnderApi(target: string | undefined): boolean {
  const path = (target ?? '/').split(/[?#]/, 1)[0] ?? '/';
  const first = path.split('/')[1] ?? '';
  let decoded = first;
  try {
    decoded = decodeURIComponent(first);
  } catch {
    // Malformed: judged as spelled.
  }
  return decoded === 'api' || decoded.startsWith('api/');
}

/**
 * With an API behind `/api`, every request spelled under /api is the API's: what the proxy forwards
 * (plain `/api/…`, malformed encodings such as `/api/%zz` too: the server answers its JSON 404),
 * and a JSON 404 here for any other spelling of it (`/%61pi/x`), never the app's index.html with a
 * 200, which a client would take for an answer.
 */
function apiPathsOnly(hasApi: () => boolean): Plugin {
  const notForwarded: Connect.NextHandleFunction = (request, response, next) => {
    const target = request.url;
    if (!hasApi() || !spelledUnderApi(target) || (API_PATTERN.test(target ?? '') && underApi(target))) return next();
    response.statusCode = 404;
    response.setHeader('content-type', 'application/json');
    response.setHeader('cache-control', 'no-store');
    response.end(JSON.stringify({ message: 'Nothing answers this /api path: the API takes /api/… spelled plainly' }));
  };
  return {
    name: 'api-paths-only',
    configureServer: (server) => void server.middlewares.use(notForwarded),
    configurePreviewServer: (server) => void server.middlewares.use(notForwarded),
  };
}

/**
 * `npm start` only (the dev server, never preview or a build): `/__control` redirects to the
 * development API server's page for making calls misbehave by hand (@statechart/calls's
 * controlPanel.ts), on the API server's own origin, where its control endpoints admit it.
 */
function callsByHand(devApi: () => string | undefined): Plugin {
  return {
    name: 'calls-by-hand',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const api = devApi();
        const path = (request.url ?? '').split('?', 1)[0];
        if (!api || (path !== '/__control' && path !== '/__control/')) return next();
        response.statusCode = 302;
        response.setHeader('location', `${api}/__control/`);
        response.setHeader('cache-control', 'no-store');
        response.end();
      });
      server.httpServer?.once('listening', () => {
        if (devApi()) server.config.logger.info(`  ➜  Calls by hand: /__control (slow, failing or silent calls)`);
      });
    },
  };
}

/**
 * Headers the dev and preview servers send with every answer, as a careful host would: no MIME
 * sniffing, and no framing by another origin. frame-ancestors cannot be set by the CSP meta tag, so
 * it goes as a header policy of its own (X-Frame-Options for older browsers); the rest of the
 * policy stays in the built index.html (a second copy in a header would report every violation twice).
 */
function securityHeaders(): Plugin {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Content-Security-Policy': "frame-ancestors 'none'",
  };
  const add: Connect.NextHandleFunction = (_request, response, next) => {
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    next();
  };
  return {
    name: 'security-headers',
    configureServer: (server) => void server.middlewares.use(add),
    configurePreviewServer: (server) => void server.middlewares.use(add),
  };
}

/**
 * The Content-Security-Policy of the built app: scripts, styles and everything else from our own
 * origin only; no inline scripts or styles, no eval, no plugins, no foreign base or form targets.
 * (frame-ancestors cannot be set by a meta tag: securityHeaders sends it as a header.)
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
 * Where the app's same-origin `/api` goes, in `vite` and `vite preview`: the URL in the environment
 * variable `apiUrlEnv` when set (a real backend, or the server the browser tests start), else the
 * server `startApi` starts here, in-process, with the app's handlers, so `npm start` and
 * `npm run preview` need no second command. The proxy keeps calls same-origin (the CSP stays
 * 'self'), and it takes every `/api` path, so an unknown one gets the server's JSON 404, never the
 * app's index.html. An app without `startApi` and without the variable makes no calls: no proxy.
 */
export async function apiProxy(options: StatechartAppOptions): Promise<Record<string, ProxyOptions> | undefined> {
  if (!options.startApi && !options.apiUrlEnv) return undefined;
  let target = process.env[options.apiUrlEnv ?? 'API_URL'];
  if (!target && options.startApi) target = (await options.startApi()).url;
  if (!target) return undefined;
  // `/api`, `/api/…` and `/api?…`, not `/apiary`: a regular expression key (Vite's proxy syntax).
  // What goes is what is under /api once normalised (`/api/%2e%2e/__control` is not): the rest
  // gets a 404 here (bypass returning false), never the API server.
  return {
    [API_PATTERN.source]: {
      target,
      changeOrigin: true,
      bypass: (request) => (underApi(request.url) ? undefined : false),
    },
  };
}

/**
 * A smaller stand-in for Vite's preload helper, the wrapper Vite puts around every lazy import
 * (each screen's view) to fetch the chunk's own dependencies and CSS alongside it. Vite's handles
 * CSP nonces, `vite:preloadError` events, relative bases and browsers without modulepreload, and
 * weighs ~0.55 KB gz of the first load; this app needs none of that (no inline nonces, an absolute
 * base, an es2022 target, and its own handling of a failed view: the error state and a retry), so
 * this one does only the fetching: a modulepreload link per JS dependency, a stylesheet link per
 * CSS dependency (awaited, so a view never shows unstyled), each once, a failure forgotten so that
 * the retry fetches again. A lazy import with nothing to preload is not wrapped at all
 * (unwrapEmptyPreloads). Build only; docs/BENCHMARKS.md ("Bundle") has the measured saving.
 */
export function smallPreloadHelper(): Plugin {
  let base = '/';
  let keepWrappers = false;
  return {
    name: 'small-preload-helper',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      base = config.base;
      const { modulePreload } = config.build;
      // A config's own resolveDependencies may add dependencies to any import: then Vite decides them all.
      keepWrappers = modulePreload !== false && modulePreload.resolveDependencies !== undefined;
    },
    // Before minification, which then drops the helper when no call is left (the foundation app's case).
    renderChunk(code, chunk, _options, meta) {
      if (keepWrappers || !code.includes(PRELOAD_MARKER)) return null;
      const unwrapped = unwrapEmptyPreloads(code, this.parse(code), chunk.fileName, meta.chunks);
      return unwrapped && { code: unwrapped.toString(), map: unwrapped.generateMap({ hires: 'boundary' }) };
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

const PRELOAD_MARKER = '__VITE_PRELOAD__';
const CSS = /\.(css|less|sass|scss|styl|stylus|pcss|postcss|sss)(?:$|\?)/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/**
 * Vite wraps every lazy `import()` in its preload helper, `__vitePreload(() => import('./x.js'),
 * __VITE_PRELOAD__)`, and fills in the chunk's dependencies once the bundle is written. A chunk
 * that imports nothing but the chunk asking for it, and no CSS, gets none (`[]`): the wrapper only
 * calls the import, yet keeps the helper in the first load. Those are unwrapped here, from the same
 * facts Vite reads (the chunks' imports and modules), so an app whose lazy chunks have no
 * dependencies (each view imports only from the entry) loads no helper at all. Conservative: a
 * call nested in another, or with another import in its factory, stays as Vite wrote it (Vite pairs
 * imports and markers by nesting). Returns undefined when nothing changed.
 */
export function unwrapEmptyPreloads(
  code: string,
  program: unknown,
  fileName: string,
  chunks: Record<string, { imports: readonly string[]; moduleIds: readonly string[] }>,
): MagicString | undefined {
  const calls: Node[] = [];
  const visit = (value: unknown, inCall: boolean): void => {
    if (Array.isArray(value)) return value.forEach((item) => visit(item, inCall));
    if (typeof value !== 'object' || value === null) return;
    const node = value as Node;
    const isCall = node.type === 'CallExpression' && isPreloadCall(node);
    if (isCall && !inCall) calls.push(node);
    for (const key in node) if (key !== 'type') visit(node[key], inCall || isCall);
  };
  visit(program, false);
  const s = new MagicString(code);
  const dir = fileName.slice(0, fileName.lastIndexOf('/') + 1);
  for (const call of calls) {
    const factory = (call.arguments as Node[])[0]!;
    const body = factory.body as Node;
    const imports: Node[] = [];
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) return value.forEach(collect);
      if (typeof value !== 'object' || value === null) return;
      const node = value as Node;
      if (node.type === 'ImportExpression') imports.push(node);
      if (node.type === 'CallExpression' && isPreloadCall(node)) imports.push(node, node);
      for (const key in node) if (key !== 'type') collect(node[key]);
    };
    collect(body);
    const source = imports.length === 1 ? (imports[0]!.source as Node & { value?: unknown }) : undefined;
    if (body.type === 'BlockStatement' || typeof source?.value !== 'string' || !source.value.startsWith('./')) continue;
    const target = chunks[dir + source.value.slice(2)];
    if (!target || target.imports.some((file) => file !== fileName) || target.moduleIds.some((id) => CSS.test(id)))
      continue;
    s.remove(call.start, body.start);
    s.remove(body.end, call.end);
  }
  return s.hasChanged() ? s : undefined;
}

function isPreloadCall(node: Node): boolean {
  const [factory, marker, ...rest] = node.arguments as Node[];
  return (
    (node.callee as Node).type === 'Identifier' &&
    /^__vitePreload/.test((node.callee as Node & { name: string }).name) &&
    factory?.type === 'ArrowFunctionExpression' &&
    (marker as (Node & { name?: string }) | undefined)?.name === PRELOAD_MARKER &&
    rest.length === 0
  );
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

/** Whether a request target is under `/api` once its dot segments (also percent-encoded ones) are resolved. */
export function underApi(target: string | undefined): boolean {
  const path = (target ?? '/').split(/[?#]/, 1)[0] ?? '/';
  const segments: string[] = [];
  for (const segment of path.split('/').slice(1)) {
    const plain = segment.replace(/%2e/gi, '.');
    if (plain === '..') segments.pop();
    else if (plain !== '.') segments.push(segment);
  }
  return !path.includes('\\') && segments[0] === 'api';
}

export interface StatechartAppOptions {
  /** Starts the development API server that `/api` goes to in `vite` and `vite preview` (serve only). */
  startApi?: () => Promise<{ url: string }>;
  /** The environment variable that, when set, names the backend `/api` goes to instead (default `API_URL`). */
  apiUrlEnv?: string;
  /**
   * The path spec whose sample events the inspector offers for events with a payload (`npm start`
   * only), relative to Vite's root: default `tests/paths/productPaths.ts`; `false` for none.
   */
  spec?: string | false;
}

/**
 * The framework's Vite plugin: everything a statechart app's `vite.config.ts` needs, composed.
 * React, the SPA fallback for malformed URLs, security headers, the CSP in the built index.html,
 * the small preload helper, ASCII output, the `/api` proxy, `?url` imports inside pre-bundled
 * packages in the dev server, and the build defaults (es2022, no modulepreload polyfill). `BASE_PATH` sets Vite's `base`, to prove that deep
 * links work under a base path.
 *
 * ```ts
 * export default defineConfig({ plugins: [statechartApp({ startApi: () => startApiServer({ handlers }) })] });
 * ```
 */
export function statechartApp(options: StatechartAppOptions = {}): PluginOption[] {
  let hasApi = false;
  /** The development API server's own origin, when this config started it (not a real backend's). */
  let devApi: string | undefined;
  let root = process.cwd();
  let base = '/';
  const defaults: Plugin = {
    name: 'statechart-app',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    async config(_config, { command }) {
      const proxy = command === 'serve' ? await apiProxy(options) : undefined;
      hasApi = proxy !== undefined;
      const target = proxy?.[API_PATTERN.source]?.target;
      devApi =
        options.startApi && !process.env[options.apiUrlEnv ?? 'API_URL'] && typeof target === 'string'
          ? target
          : undefined;
      return {
        base: process.env.BASE_PATH ?? '/',
        // No cross-origin access to the dev and preview servers (Vite's default admits any
        // localhost origin, so a page on another local port could call /api).
        server: { proxy, cors: false },
        preview: { proxy, cors: false },
        optimizeDeps: {
          rolldownOptions: {
            plugins: [
              dependencyUrls(
                () => root,
                () => base,
              ),
            ],
          },
        },
        build: {
          emptyOutDir: true,
          target: 'es2022',
          // Every browser that runs this es2022 build but Safari 16 preloads modules natively; there
          // a lazy screen's dependencies load one after the other, which the idle preload hides.
          modulePreload: { polyfill: false },
        },
      };
    },
  };
  return [
    react(),
    // First of the servers' middlewares: every answer carries its headers, also those a later
    // middleware ends itself (apiPathsOnly's JSON 404, the /__control redirect).
    securityHeaders(),
    callsByHand(() => devApi),
    specSamples(options.spec),
    apiPathsOnly(() => hasApi),
    serveMalformedUrls(),
    contentSecurityPolicy(),
    smallPreloadHelper(),
    asciiOutput(),
    defaults,
  ];
}
