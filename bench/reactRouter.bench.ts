/**
 * react-router's cost in our initial JS, for the one function we use (its browser history): the
 * routing-only bench app (bench/apps/routing, 3 routes) built as it ships, once per way of
 * trimming it (issue 20): as is; react-router's production build instead of the development one
 * its export map gives bundlers; a narrower entry (react-router, not react-router-dom, which adds
 * react-router/dom); the transform marking its module-level statements free of effects
 * (pureReactRouter, vite.config.ts); and all three. Gzip -9 of the chunks the first load fetches.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { gzipSize } from '../scripts/bundle-budget';
import { initialChunks } from './packages';

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

/** Initial JS (gzip) of the routing-only app, and the bytes of react-router's modules in it (before gzip). */
async function measure(variant: Variant): Promise<{ initial: number; reactRouter: number }> {
  const chunks = await initialChunks({
    root: join(root, 'apps/routing'),
    define: { __BENCH_ROUTES__: '3' },
    plugins: variant.plugins,
    alias: variant.alias,
  });
  let total = 0;
  let reactRouter = 0;
  for (const chunk of chunks) {
    total += gzipSize(Buffer.from(chunk.code));
    for (const [id, module] of Object.entries(chunk.modules)) {
      if (/node_modules\/react-router(-dom)?\//.test(id)) reactRouter += module.renderedLength;
    }
  }
  return { initial: total, reactRouter };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function run(): Promise<string> {
  const rows: string[] = [];
  let base: { initial: number; reactRouter: number } | undefined;
  for (const variant of VARIANTS) {
    const { initial, reactRouter } = await measure(variant);
    base ??= { initial, reactRouter };
    rows.push(
      `| ${variant.name} | ${kb(initial)} | ${(initial - base.initial) / 1024 > -0.05 && initial !== base.initial ? '+' : ''}${kb(initial - base.initial)} | ${kb(reactRouter)} |`,
    );
  }
  return `## react-router's cost for one history function

The routing-only bench app (3 routes) built as it ships, once per way of trimming react-router
(bench/reactRouter.bench.ts): initial JS (gzip -9 of the chunks the first load fetches), its
change from "as is", and react-router's minified bytes in it (before gzip).

| build | initial JS | change | react-router (minified) |
| --- | --- | --- | --- |
${rows.join('\n')}`;
}
