import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The framework's packages as a product elsewhere would install them: each one's package.json,
 * exports and README, and every import of a package by name (in the product, the examples, the
 * benches, the tools and the packages themselves) naming one of its exports. Derived from
 * packages/ and the tracked files: a new package or entry is checked without editing this.
 */
interface PackageJson {
  name: string;
  version: string;
  exports: Record<string, string>;
  files: string[];
  dependencies?: Record<string, string>;
}

const names = readdirSync('packages').filter((name) => existsSync(join('packages', name, 'package.json')));
const packageOf = (name: string) =>
  JSON.parse(readFileSync(join('packages', name, 'package.json'), 'utf8')) as PackageJson;
const sources = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(tsx?|mjs|js)$/.test(file) && existsSync(file));
const found = (pattern: RegExp) =>
  sources.flatMap((file) =>
    // A pattern with alternatives has a (name, entry) pair of groups per alternative: one pair matched.
    [...readFileSync(file, 'utf8').matchAll(pattern)].map(([, name, entry, otherName, otherEntry]) => ({
      file,
      name: (name ?? otherName)!,
      entry: (entry ?? otherEntry)!,
    })),
  );
/** Every `@statechart/<name>/<entry>` a file names in an import: its own, and those a generator writes. */
const imports = found(/(?:from |import\()\s*'@statechart\/([a-z-]+)\/([^']+)'/g);
/** The file's own imports only (a statement at the start of a line, or a dynamic import). */
const ownImports = found(
  /^(?:import|export|\})[^\n]*? from '@statechart\/([a-z-]+)\/([^']+)'|import\('@statechart\/([a-z-]+)\/([^']+)'\)/gm,
);

describe('the workspace packages', () => {
  it('each have a name, a version, exports that exist and ship, and a README', () => {
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const pkg = packageOf(name);
      expect(pkg.name, `packages/${name}/package.json`).toBe(`@statechart/${name}`);
      expect(pkg.version).toMatch(/^\d+\.\d+\.\d+/);
      expect(Object.keys(pkg.exports).length, `${pkg.name} exports nothing`).toBeGreaterThan(0);
      for (const [entry, target] of Object.entries(pkg.exports)) {
        expect(
          existsSync(join('packages', name, target)),
          `${pkg.name} exports ${entry} → ${target}, which is missing`,
        ).toBe(true);
        const shipped = pkg.files.some((folder) => target.replace(/^\.\//, '').startsWith(`${folder}/`));
        expect(
          shipped,
          `${pkg.name}: ${target} is not under "files" (${pkg.files.join(', ')}): npm pack would drop it`,
        ).toBe(true);
      }
      expect(readFileSync(join('packages', name, 'README.md'), 'utf8')).toMatch(new RegExp(`^# ${pkg.name}\\n`));
    }
  });

  it('are imported only by their exports, wherever they are imported', () => {
    const unknown = imports.filter(
      ({ name, entry }) => !names.includes(name) || !(`./${entry}` in packageOf(name).exports),
    );
    expect(
      unknown.map(
        ({ file, name, entry }) => `${file} imports @statechart/${name}/${entry}, which is not in its exports`,
      ),
      'import a package only by an entry of its package.json "exports" (add the entry there if it is public API)',
    ).toEqual([]);
  });

  it('declare the packages their source imports as dependencies, so that npm installs them', () => {
    const missing = ownImports
      .filter(({ file }) => /^packages\/[^/]+\/(src|bin)\//.test(file))
      .filter(({ file, name }) => {
        const owner = file.split('/')[1]!;
        return owner !== name && !(`@statechart/${name}` in (packageOf(owner).dependencies ?? {}));
      })
      .map(
        ({ file, name }) =>
          `${file} imports @statechart/${name}: add it to packages/${file.split('/')[1]}/package.json dependencies`,
      );
    expect([...new Set(missing)]).toEqual([]);
  });
});
