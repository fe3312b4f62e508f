import { execFileSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bareSpecifiers, importSpecifiers, packageName } from '../imports';

/**
 * The framework's packages as a product elsewhere would install them: each one's package.json,
 * exports and README, every import of a package by name naming one of its exports, and every
 * package (the examples too) declaring what its files import. Derived from packages/, examples/
 * and the tracked files: a new package, entry or import is checked without editing this.
 */
type Target = string | { source?: string; types?: string; default?: string };
interface PackageJson {
  name: string;
  version: string;
  exports?: Record<string, Target>;
  files?: string[];
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
const dirsIn = (parent: string) =>
  readdirSync(parent)
    .map((name) => join(parent, name))
    .filter((dir) => existsSync(join(dir, 'package.json')));
const packageDirs = dirsIn('packages');
const byName = new Map(packageDirs.map((dir) => [read(join(dir, 'package.json')).name, dir]));
const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(tsx?|mjs|js)$/.test(file) && existsSync(file));

/** The package names a file imports: statements at a line's start and dynamic imports, not text in strings. */
const importsOf = (file: string): string[] => bareSpecifiers(readFileSync(file, 'utf8'));
const isBuiltin = (name: string) => name.startsWith('node:') || builtinModules.includes(name);
/** Entries of `exports` that a product may import: `.` and its subpaths, at most 20 in all. */
const MAX_ENTRIES = 20;

describe('the workspace packages', () => {
  it('each have a name, a version, exports built and shipped, and a README', () => {
    expect(packageDirs.length).toBeGreaterThan(0);
    for (const dir of packageDirs) {
      const pkg = read(join(dir, 'package.json'));
      const name = dir.split('/')[1]!;
      expect(pkg.name, `${dir}/package.json`).toMatch(new RegExp(`^(@statechart/${name}|${name})$`));
      expect(pkg.version).toMatch(/^\d+\.\d+\.\d+/);
      expect(readFileSync(join(dir, 'README.md'), 'utf8')).toMatch(new RegExp(`^# ${pkg.name}\\n`));
      for (const [entry, target] of Object.entries(pkg.exports ?? {})) {
        const files = typeof target === 'string' ? { default: target } : target;
        expect(
          files.default,
          `${pkg.name} exports ${entry} without a "default" (what a user's app loads)`,
        ).toBeDefined();
        if (files.default?.endsWith('.js')) {
          expect(files.types, `${pkg.name} exports ${entry} without "types": add the .d.ts tsc writes`).toBeDefined();
        }
        for (const [condition, file] of Object.entries(files)) {
          expect(
            existsSync(join(dir, file!)),
            `${pkg.name} exports ${entry} (${condition}) → ${file}, which is missing (npm run build:packages writes dist/)`,
          ).toBe(true);
          const shipped = (pkg.files ?? []).some((folder) => file!.replace(/^\.\//, '').startsWith(`${folder}/`));
          expect(shipped, `${pkg.name}: ${file} is not under "files": npm pack would drop it`).toBe(true);
        }
        if (typeof target !== 'string' && target.source) {
          expect(Object.keys(target)[0], `${pkg.name} ${entry}: "source" must come first, for tsc and Vite`).toBe(
            'source',
          );
        }
      }
    }
  });

  it('each run their own tests, and only those, with npm test -w <name>', () => {
    for (const dir of packageDirs) {
      const pkg = read(join(dir, 'package.json')) as PackageJson & { scripts?: Record<string, string> };
      // A path filter: --dir does not narrow projects whose include globs name other packages.
      expect(pkg.scripts?.test, `${dir}/package.json "test"`).toBe(
        `cd ../.. && vitest run -c vitest.framework.config.ts ${dir}/`,
      );
    }
  });

  it(`have one curated entry each, and at most ${MAX_ENTRIES} entries in all`, () => {
    const entries = packageDirs.flatMap((dir) => {
      const pkg = read(join(dir, 'package.json'));
      return Object.keys(pkg.exports ?? {}).map((entry) => `${pkg.name}${entry.slice(1)}`);
    });
    expect(
      entries.length,
      `entries: ${entries.join(', ')}. A subpath is for another runtime or an asset only; everything else goes through the package's src/index.ts`,
    ).toBeLessThanOrEqual(MAX_ENTRIES);
    for (const dir of packageDirs) {
      const pkg = read(join(dir, 'package.json'));
      if (pkg.exports) expect(Object.keys(pkg.exports), `${pkg.name}: its main entry`).toContain('.');
    }
  });

  it('are imported only by their exports, wherever they are imported', () => {
    const unknown = tracked.flatMap((file) =>
      importsOf(file)
        .filter((specifier) => byName.has(packageName(specifier)))
        .filter((specifier) => {
          const name = packageName(specifier);
          const entry = `.${specifier.slice(name.length)}`;
          return !(entry in (read(join(byName.get(name)!, 'package.json')).exports ?? {}));
        })
        .map((specifier) => `${file} imports ${specifier}, which is not in its package's exports`),
    );
    expect(
      unknown,
      'import a package only by an entry of its package.json "exports" (add the entry there only for another runtime or an asset)',
    ).toEqual([]);
  });

  it('declare what their shipped files import, and the examples what theirs import', () => {
    const owners = [
      ...packageDirs.map((dir) => ({ dir, shipped: [`${dir}/src/`, `${dir}/bin/`] })),
      ...dirsIn('examples').map((dir) => ({ dir, shipped: [`${dir}/`], dev: true })),
    ];
    const missing = owners.flatMap(({ dir, shipped, dev }: { dir: string; shipped: string[]; dev?: boolean }) => {
      const pkg = read(join(dir, 'package.json'));
      // An example is an app: its tests and tools count too (devDependencies); a package ships src and bin.
      const declared = new Set([
        pkg.name,
        ...Object.keys({
          ...pkg.dependencies,
          ...pkg.peerDependencies,
          ...pkg.optionalDependencies,
          ...(dev ? pkg.devDependencies : {}),
        }),
      ]);
      return tracked
        .filter((file) => shipped.some((prefix) => file.startsWith(prefix)))
        .flatMap((file) =>
          importsOf(file)
            .map(packageName)
            .filter((name) => !isBuiltin(name) && !declared.has(name))
            .map((name) => `${file} imports ${name}: add it to ${dir}/package.json (dependencies or peerDependencies)`),
        );
    });
    expect([...new Set(missing)]).toEqual([]);
  });

  it('declare no dependency or peer dependency that their shipped files do not import', () => {
    const unused = packageDirs.flatMap((dir) => {
      const pkg = read(join(dir, 'package.json'));
      const imported = importedBy(shippedFiles(dir));
      const kept = DECLARED_UNIMPORTED[pkg.name] ?? {};
      return (['dependencies', 'peerDependencies', 'optionalDependencies'] as const).flatMap((field) =>
        Object.keys(pkg[field] ?? {})
          .filter((name) => !imported.has(name) && !(name in kept))
          .map(
            (name) =>
              `${pkg.name} declares ${name} in ${dir}/package.json "${field}", but nothing in ${dir}/src or ${dir}/bin imports it: ` +
              'remove it (a product that uses it declares it itself), or, when the package needs it without importing it, ' +
              'add it to DECLARED_UNIMPORTED in scripts/test/workspace.test.ts with the reason',
          ),
      );
    });
    expect(unused).toEqual([]);
  });

  it('keep DECLARED_UNIMPORTED true: each entry declared and still not imported', () => {
    const stale = Object.entries(DECLARED_UNIMPORTED).flatMap(([name, kept]) => {
      const dir = byName.get(name);
      if (!dir) return [`DECLARED_UNIMPORTED names ${name}, which is no package in packages/`];
      const pkg = read(join(dir, 'package.json'));
      const declared = { ...pkg.dependencies, ...pkg.peerDependencies, ...pkg.optionalDependencies };
      const imported = importedBy(shippedFiles(dir));
      return Object.keys(kept).flatMap((dependency) =>
        !(dependency in declared)
          ? [`DECLARED_UNIMPORTED: ${name} no longer declares ${dependency}: take the entry out`]
          : imported.has(dependency)
            ? [`DECLARED_UNIMPORTED: ${name} imports ${dependency} now: take the entry out`]
            : [],
      );
    });
    expect(stale).toEqual([]);
  });
});

/**
 * Dependencies a package declares without importing them, each with its reason. The check above
 * fails on any other, and the one after it on an entry here that no longer holds.
 */
const DECLARED_UNIMPORTED: Record<string, Record<string, string>> = {
  '@statechart/cli': {
    // Its generators write `import { assign } from 'xstate'` (and XState 5's `setup` syntax) into the
    // product's machine files: the peer range says which XState the code it writes is for.
    xstate: 'the code it writes imports it',
  },
};

/** A package's shipped files: its src/ and bin/. */
const shippedFiles = (dir: string) =>
  tracked.filter((file) => file.startsWith(`${dir}/src/`) || file.startsWith(`${dir}/bin/`));

/**
 * The packages the files import by name; a .tsx file imports react too (`react/jsx-runtime`, which
 * TypeScript's `jsx: react-jsx` writes for its JSX).
 */
const importedBy = (files: string[]) =>
  new Set(files.flatMap((file) => [...importsOf(file).map(packageName), ...(file.endsWith('.tsx') ? ['react'] : [])]));

/** The files an entry's module graph reaches through relative imports (static and dynamic). */
function reachedFrom(entryFile: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const relative = importSpecifiers(readFileSync(file, 'utf8'))
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => join(file, '..', specifier));
    for (const base of relative) {
      const found = ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((candidate) => existsSync(candidate));
      if (found) visit(found);
    }
  };
  visit(entryFile);
  return [...seen];
}

describe('runtimes apart', () => {
  // Each entry, and what its code may not import: the browser's entries nothing of Node, nor test
  // runners; the generator nothing of a test runner or a browser driver (its runners have entries
  // of their own: /vitest, /chromium, /playwright).
  const forbidden: [entry: string, what: RegExp, why: string][] = [
    [
      'packages/core/src/index.ts',
      /^(node:|vitest|playwright|@playwright|jsdom|react)/,
      'pure XState: no Node, no React',
    ],
    ['packages/react/src/index.ts', /^(node:|vitest|playwright|@playwright|jsdom)/, 'runs in the browser'],
    [
      'packages/calls/src/index.ts',
      /^(node:|vitest|playwright|@playwright|jsdom)/,
      'runs in the browser (the server is /server)',
    ],
    ['packages/forms/src/index.ts', /^(node:|vitest|playwright|@playwright|jsdom)/, 'runs in the browser'],
    [
      'packages/devtools/src/index.ts',
      /^(node:|vitest|playwright|@playwright|jsdom)/,
      'runs in the browser (the export is /export)',
    ],
    [
      'packages/paths/src/index.ts',
      /^(vitest|playwright|@playwright|jsdom|@testing-library)/,
      'the generator, usable without a test runner or a browser',
    ],
  ];
  for (const [entry, what, why] of forbidden) {
    it(`keep ${entry} free of what its runtime lacks (${why})`, () => {
      const found = reachedFrom(entry).flatMap((file) =>
        importsOf(file)
          .filter((specifier) => what.test(specifier))
          .map((specifier) => `${file} imports ${specifier}`),
      );
      expect(found, `${entry}: ${why}; move the import behind another entry`).toEqual([]);
    });
  }
});
