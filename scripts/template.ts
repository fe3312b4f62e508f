/**
 * create-statechart-app's template is this repository's product, not a copy of it.
 *
 * The product lives at the repository's root (src/, machines/, tests/, …), where it is developed
 * and tested with its own configs. The template a new product starts from is assembled from those
 * files at build time (`npm run build:packages`, and create-statechart-app's `prepack`) into
 * packages/create-statechart-app/dist/template, with the few files where a made product must
 * differ from this repository taken from packages/create-statechart-app/template/ (TEMPLATE_OWN,
 * each with its reason). packages/create-statechart-app/test/oneSource.test.ts fails on anything
 * else that differs.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const TEMPLATE_SOURCE = join(root, 'packages/create-statechart-app/template');
export const TEMPLATE_OUT = join(root, 'packages/create-statechart-app/dist/template');

/**
 * The repository's product, path by path (folders whole): what a new product starts with. A file
 * added under one of these folders is in the next template by itself.
 */
export const PRODUCT_PATHS = [
  'index.html',
  'vite.config.ts',
  'vitest.config.ts',
  '.prettierrc.json',
  'public',
  'server',
  'src',
  'machines',
  'tests',
  // The committed export of the product's machine (tests/machines/machineExport.test.ts); the
  // examples' exports beside it are not the product's.
  'docs/machine/appMachine.json',
  'docs/machine/appMachine.mmd',
  'docs/machine/appMachine.svg',
];

/**
 * The template's own files: where a made product differs from this repository's root, because the
 * root is also the framework's workspace. Nothing else may differ.
 */
export const TEMPLATE_OWN: Record<string, string> = {
  'package.json':
    "the product's manifest alone: the root's is also the workspace's (workspaces, the framework's scripts and tools)",
  'README.md': "the product's README alone: the root's also introduces the framework and this repository",
  'tsconfig.json':
    'the product\'s files only, against the packages as installed (the root checks the whole workspace against the packages\' sources: customConditions "source")',
  'eslint.config.js': "the product's rules alone: the root's adds the framework's import boundaries between packages",
  gitignore: "the product's build outputs alone (stored without its dot: npm pack would drop .gitignore)",
  prettierignore: "the product's generated files alone (without its dot, as gitignore)",
  'ci/run': "the product's CI: npm ci and npm test (the root's runs the framework's suites too)",
};

/** Files whose names start with a dot are stored without it in the template (npm pack's rules); the create command puts it back. */
export const DOTTED = ['gitignore', 'prettierignore', 'prettierrc.json', 'ci'];
const undotted = (path: string) => (path.startsWith('.') && DOTTED.includes(path.slice(1)) ? path.slice(1) : path);

const SKIPPED = /(^|\/)(node_modules|dist|test-results|\.vite)(\/|$)/;

/** Every file below `dir` (relative paths), leaving out build outputs. */
export function filesBelow(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  if (statSync(dir).isFile()) return [prefix];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => (prefix ? `${prefix}/${file}` : file))
    .filter((file) => !SKIPPED.test(file) && statSync(join(dir, file.slice(prefix ? prefix.length + 1 : 0))).isFile());
}

/** The product's files at the root, relative to the root. */
export function productFiles(): string[] {
  return PRODUCT_PATHS.flatMap((path) => filesBelow(join(root, path), path)).sort();
}

/** The template's own files (packages/create-statechart-app/template), relative to it. */
export function ownFiles(): string[] {
  return filesBelow(TEMPLATE_SOURCE).sort();
}

/** Assembles the template: the root's product files, then the template's own files over them. */
export function assembleTemplate(out = TEMPLATE_OUT): void {
  const own = ownFiles();
  const unnamed = own.filter((file) => !(file in TEMPLATE_OWN));
  if (unnamed.length)
    throw new Error(
      `packages/create-statechart-app/template has ${unnamed.join(', ')}, which scripts/template.ts's TEMPLATE_OWN does not name: a file a new product needs belongs in the repository's product (the root), or, where a made product must differ from the root, name it in TEMPLATE_OWN with the reason`,
    );
  rmSync(out, { recursive: true, force: true });
  for (const file of productFiles()) {
    const to = join(out, undotted(file));
    mkdirSync(dirname(to), { recursive: true });
    cpSync(join(root, file), to);
  }
  cpSync(TEMPLATE_SOURCE, out, { recursive: true });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) assembleTemplate();
