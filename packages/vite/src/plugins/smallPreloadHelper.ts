import MagicString from 'magic-string';
import type { Plugin } from 'vite';

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
