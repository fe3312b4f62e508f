/**
 * react-router's cost, for the one function we use (its browser history), where it loads: the
 * routing-only bench app (bench/apps/routing, 3 routes) built as it ships, once per way of trimming
 * it (issue 20): as is; react-router's production build instead of the development one its export
 * map gives bundlers; a narrower entry (react-router, not react-router-dom, which adds
 * react-router/dom); the transform marking its module-level statements free of effects
 * (pureReactRouter); and all three. react-router is in no chunk of the first load where the
 * browser has the Navigation API: the History API adapter, and react-router with it, is a chunk of
 * its own that the app imports only where `window.navigation` is missing
 * (bench/apps/routing/browserHistory.ts, as mountApp does). So each build reports the first load
 * (what a Chromium fetches), the fallback chunk (what a browser without the Navigation API fetches
 * on top of it, before its first render) and react-router's share of each. Gzip -9.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { gzipSize } from '../scripts/bundle-budget';
import { buildChunks } from './packages';

/**
 * The transform the framework's Vite plugin applied until react-router's history left the first
 * load (the Navigation API adapter): kept here to measure what it saved, not shipped.
 */
/*
 * react-router keeps its whole runtime in one module whose top-level statements have effects a
 * bundler must keep (contexts made by a call and then given a `displayName`, a version stamp on
 * `window`, a class's `contextType`): importing one function from it (our history) keeps most of
 * it. This marks those statements free of effects, so that what we do not use is dropped. Only
 * react-router's own files are touched; what it loses is React DevTools' names for its contexts,
 * the `window.__reactRouterVersion` stamp and RSC error handling in its data routers (which an SPA
 * never uses). Measured in docs/BENCHMARKS.md ("react-router's cost for one history function").
 */
function pureReactRouter(): Plugin {
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

const root = fileURLToPath(new URL('.', import.meta.url));
const production = join(root, '../node_modules/react-router/dist/production/index.mjs');
const narrower = join(root, '../node_modules/react-router/dist/development/index.mjs');

interface Variant {
  name: string;
  plugins?: Plugin[];
  /** Exact module names only: `react-router/dom` must keep resolving as before. */
  alias?: { find: RegExp; replacement: string }[];
}
const VARIANTS: Variant[] = [
  { name: 'as is' },
  {
    name: 'production build (alias react-router → dist/production)',
    alias: [{ find: /^react-router$/, replacement: production }],
  },
  {
    name: 'narrower entry (react-router-dom → react-router)',
    alias: [{ find: /^react-router-dom$/, replacement: narrower }],
  },
  { name: 'module-level statements marked pure (transform)', plugins: [pureReactRouter()] },
  {
    name: 'all three',
    plugins: [pureReactRouter()],
    alias: [{ find: /^react-router(-dom)?$/, replacement: production }],
  },
];

/** The module the routing-only app imports only where `window.navigation` is missing. */
const FALLBACK = /bench\/apps\/routing\/browserHistory\.ts$/;
const isReactRouter = (id: string) => /node_modules\/react-router(-dom)?\//.test(id);

interface Measured {
  /** Gzip of the chunks the first load fetches. */
  initial: number;
  /** react-router's share of that gzip (by its modules' share of each chunk's code). */
  initialReactRouter: number;
  /** Gzip of the chunks the fallback's dynamic import fetches beyond the first load's. */
  fallback: number;
  /** react-router's share of that gzip. */
  fallbackReactRouter: number;
}

async function measure(variant: Variant): Promise<Measured> {
  const built = await buildChunks({
    root: join(root, 'apps/routing'),
    define: { __BENCH_ROUTES__: '3' },
    plugins: variant.plugins,
    alias: variant.alias,
  });
  const loaded = new Set(built.initial.map((chunk) => chunk.fileName));
  const entry = built.chunks.find(
    (chunk) => chunk.isDynamicEntry && Object.keys(chunk.modules).some((id) => FALLBACK.test(id)),
  );
  if (!entry) {
    throw new Error(
      `bench/reactRouter.bench.ts: no dynamic chunk holds bench/apps/routing/browserHistory.ts (variant "${variant.name}"): ` +
        'the routing app must import its History API adapter with import() where window.navigation is missing',
    );
  }
  const fallback = built.closure(entry.fileName).filter((chunk) => !loaded.has(chunk.fileName));
  // A chunk's gzip shared by its modules' rendered lengths (code after tree-shaking, before
  // minification): an estimate, as gzip is not additive. Not by source map: the pure-marking
  // transform returns no map, which would leave react-router's bytes unattributed.
  const sizes = (chunks: typeof fallback) => {
    let gzip = 0;
    let reactRouter = 0;
    for (const chunk of chunks) {
      const size = gzipSize(Buffer.from(chunk.code));
      const modules = Object.entries(chunk.modules);
      const total = modules.reduce((sum, [, module]) => sum + module.renderedLength, 0);
      const theirs = modules
        .filter(([id]) => isReactRouter(id))
        .reduce((sum, [, module]) => sum + module.renderedLength, 0);
      gzip += size;
      if (total > 0) reactRouter += (size * theirs) / total;
    }
    return { gzip, reactRouter };
  };
  const first = sizes(built.initial);
  const more = sizes(fallback);
  return {
    initial: first.gzip,
    initialReactRouter: first.reactRouter,
    fallback: more.gzip,
    fallbackReactRouter: more.reactRouter,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const signed = (bytes: number) => (bytes === 0 ? kb(0) : `${bytes > 0 ? '+' : '−'}${kb(Math.abs(bytes))}`);

export async function run(): Promise<string> {
  const rows: string[] = [];
  let base: Measured | undefined;
  for (const variant of VARIANTS) {
    const measured = await measure(variant);
    base ??= measured;
    rows.push(
      `| ${variant.name} | ${kb(measured.initial)} | ${kb(measured.initialReactRouter)} | ${kb(measured.fallback)} | ${signed(measured.fallback - base.fallback)} | ${kb(measured.fallbackReactRouter)} |`,
    );
  }
  return `## react-router's cost for one history function

The routing-only bench app (3 routes) built as it ships, once per way of trimming react-router
(bench/reactRouter.bench.ts). Where the browser has the Navigation API, the first load holds no
react-router; where \`window.navigation\` is missing, the app imports its History API adapter, and
react-router with it, in a chunk of its own before its first render: the fallback chunk, measured
here where it loads (gzip -9 of the chunks that import fetches beyond the first load's), its change
from "as is", and react-router's share of each (its modules' share of each chunk's code, applied to
the chunk's gzip: an estimate, gzip is not additive).

| build | first load (gzip) | react-router in it | fallback chunk (gzip) | change | react-router in it |
| --- | --- | --- | --- | --- | --- |
${rows.join('\n')}`;
}
