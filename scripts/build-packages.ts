/**
 * `npm run build:packages` (also run by `prepare`, so `npm install` / `npm ci` leave every package
 * built): each package in packages/ to its `dist/`, as a user installs it.
 *
 * - JavaScript: each source file on its own through TypeScript's `transpileModule` (the sources
 *   are written for `isolatedModules`, so a file alone is enough), one output module per source
 *   module: an app's bundler tree-shakes the framework by module as it did the sources, and
 *   `sideEffects` keeps its meaning. Relative imports get their `.js`, so Node loads the Node-only
 *   entries (the Vite plugin, the API server, the bins) with no loader. Statements stay in their
 *   order: rolldown (tried first) hoists a module's own imports above its packages' ones, which
 *   reorders the modules in an app's first chunk and cost 0.5 KB gzip in `npm run budget`;
 *   tsdown needs Node 22.
 * - Declarations: `tsc -b` over the packages' tsconfig.build.json projects (dependency order, and
 *   only what changed on a second run).
 * - Stylesheets are copied beside the modules that import them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { assembleTemplate } from './template';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const packagesDir = join(root, 'packages');

/** Every package folder with a package.json and sources to build (create-statechart-app has none). */
export function packageDirs(): string[] {
  return readdirSync(packagesDir)
    .map((name) => join(packagesDir, name))
    .filter((dir) => existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'tsconfig.build.json')));
}

const COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  jsx: ts.JsxEmit.ReactJSX,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  sourceMap: true,
};

/** `'./views'` → `'./views.js'`, `'./stock'` → `'./stock/index.js'`, when that source file exists. */
function withExtension(specifier: string, fromDir: string): string {
  if (!specifier.startsWith('.') || /\.(js|css|json)$/.test(specifier)) return specifier;
  const base = join(fromDir, specifier);
  if (['.ts', '.tsx'].some((ext) => existsSync(base + ext))) return `${specifier}.js`;
  if (['index.ts', 'index.tsx'].some((file) => existsSync(join(base, file)))) return `${specifier}/index.js`;
  return specifier;
}

const IMPORT_SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"\n]+)\2/g;

/**
 * Writes `text` unless the file holds it already: a build run while another process reads dist/
 * (the API report test in npm test, beside the browser job's example builds) rewrites nothing that
 * did not change, so no reader ever sees a file cut short mid-write.
 */
function writeIfChanged(file: string, text: string): void {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return;
  writeFileSync(file, text);
}

function buildJs(dir: string): void {
  const src = join(dir, 'src');
  for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    const from = join(src, file);
    const to = join(dir, 'dist', file);
    mkdirSync(dirname(to), { recursive: true });
    if (file.endsWith('.css')) {
      writeIfChanged(to, readFileSync(from, 'utf8'));
      continue;
    }
    if (!/\.tsx?$/.test(file) || file.endsWith('.d.ts')) continue;
    const out = to.replace(/\.tsx?$/, '.js');
    const { outputText, sourceMapText } = ts.transpileModule(readFileSync(from, 'utf8'), {
      compilerOptions: COMPILER_OPTIONS,
      fileName: from,
    });
    const code = outputText.replace(
      IMPORT_SPECIFIER,
      (_, lead: string, quote: string, specifier: string) =>
        `${lead}${quote}${withExtension(specifier, dirname(from))}${quote}`,
    );
    writeIfChanged(out, code);
    if (sourceMapText) {
      const map = JSON.parse(sourceMapText) as { sources: string[] };
      map.sources = [relative(dirname(out), from)];
      writeIfChanged(`${out}.map`, JSON.stringify(map));
    }
  }
}

/** What a dist/ file was built from: `a/b.js`, `a/b.js.map`, `a/b.d.ts`, `a/b.d.ts.map` → `a/b`; a stylesheet is its own source. */
const BUILT_FROM = /(\.js|\.js\.map|\.d\.ts|\.d\.ts\.map)$/;

/**
 * Removes what the build no longer writes: a dist/ file whose source is gone (a renamed or split
 * module) would otherwise stay, be packed, and be importable by a test or a user that still names
 * it (a stale core dist/url.d.ts once hid a wrong path here that a clean clone caught). tsc's
 * build info stays: it is what makes the next `tsc -b` incremental.
 */
export function pruneStale(dir: string): string[] {
  const dist = join(dir, 'dist');
  const src = join(dir, 'src');
  if (!existsSync(dist)) return [];
  const removed: string[] = [];
  for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
    const path = join(dist, file);
    if (!statSync(path).isFile() || file.endsWith('.tsbuildinfo')) continue;
    const stem = file.replace(BUILT_FROM, '');
    const sources = stem === file ? [file] : [`${stem}.ts`, `${stem}.tsx`];
    if (sources.some((source) => existsSync(join(src, source)))) continue;
    rmSync(path);
    removed.push(relative(root, path));
  }
  // Folders left empty by the removal (deepest first).
  for (const folder of readdirSync(dist, { recursive: true, encoding: 'utf8' }).sort().reverse()) {
    const path = join(dist, folder);
    if (statSync(path).isDirectory() && readdirSync(path).length === 0) rmSync(path, { recursive: true });
  }
  return removed;
}

export async function buildPackages(options: { clean?: boolean; quiet?: boolean } = {}): Promise<void> {
  const dirs = packageDirs();
  if (options.clean) for (const dir of dirs) rmSync(join(dir, 'dist'), { recursive: true, force: true });
  const started = Date.now();
  // Declarations first: tsc -b stops on a type error, and a package whose types do not build
  // must not look built.
  const projects = dirs.map((dir) => relative(root, join(dir, 'tsconfig.build.json')));
  execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b', ...projects], {
    cwd: root,
    stdio: options.quiet ? 'pipe' : 'inherit',
  });
  for (const dir of dirs) buildJs(dir);
  const stale = dirs.flatMap(pruneStale);
  if (stale.length && !options.quiet)
    console.log(`Removed ${stale.length} file(s) of dist/ whose source is gone: ${stale.join(', ')}`);
  // create-statechart-app's template: the repository's product, assembled (scripts/template.ts).
  assembleTemplate();
  if (!options.quiet)
    console.log(
      `Built ${dirs.length} packages into their dist/, and create-statechart-app's template, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildPackages({ clean: process.argv.includes('--clean') });
}
