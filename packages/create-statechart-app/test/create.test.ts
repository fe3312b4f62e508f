import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bareSpecifiers, packageName } from '../../../scripts/imports';

/**
 * What `create-statechart-app <folder>` writes, without installing it (`npm run test:create`
 * installs one from the packed tarballs, builds it and opens it in Chromium: .ci/run).
 */
const here = fileURLToPath(new URL('..', import.meta.url));
const bin = join(here, 'bin', 'create-statechart-app.mjs');
// Assembled by npm run build:packages from the repository's product (scripts/template.ts).
const template = join(here, 'dist', 'template');
const work = mkdtempSync(join(tmpdir(), 'create-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Manifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}
const manifestOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
const create = (folder: string) =>
  execFileSync(process.execPath, [bin, folder], { cwd: work, encoding: 'utf8', stdio: 'pipe' });
const filesIn = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => statSync(join(dir, file)).isFile());

describe('create-statechart-app', () => {
  it('writes a product named after its folder, on the framework at its own version', () => {
    create('My App');
    const product = join(work, 'My App');
    const manifest = manifestOf(product);
    expect(manifest.name).toBe('my-app');
    const framework = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies }).filter(([name]) =>
      name.startsWith('@statechart/'),
    );
    expect(framework.length).toBeGreaterThan(0);
    for (const [name, version] of framework) expect(version, name).toBe(manifestOf(here).version);
    for (const file of [
      '.gitignore',
      '.ci/run',
      'README.md',
      'machines/appMachine.ts',
      'src/main.tsx',
      'vite.config.ts',
      '.prettierrc.json',
      '.prettierignore',
      'eslint.config.js',
    ]) {
      expect(existsSync(join(product, file)), `${file} in the new product`).toBe(true);
    }
    expect(statSync(join(product, '.ci/run')).mode & 0o111, '.ci/run is executable').not.toBe(0);
    expect(readFileSync(join(product, 'README.md'), 'utf8')).toContain('npm install && npm start');
  });

  it('never writes into a folder that has files, and says so', () => {
    const full = join(work, 'full');
    mkdirSync(full);
    writeFileSync(join(full, 'mine.txt'), 'keep me');
    expect(() => create('full')).toThrow(/is not empty: give a new folder/);
    expect(readdirSync(full)).toEqual(['mine.txt']);
  });

  it("declares every package the template's files import", () => {
    const manifest = manifestOf(template);
    const declared = new Set(Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }));
    const missing = filesIn(template)
      .filter((file) => /\.(tsx?|mjs|js)$/.test(file))
      .flatMap((file) =>
        bareSpecifiers(readFileSync(join(template, file), 'utf8'))
          .map(packageName)
          .filter((name) => !name.startsWith('node:') && !builtinModules.includes(name) && !declared.has(name))
          .map((name) => `${file} imports ${name}: add it to packages/create-statechart-app/template/package.json`),
      );
    expect([...new Set(missing)]).toEqual([]);
  });

  it("versions every framework package together (this package's version is the framework's)", () => {
    const packages = join(here, '..');
    const versions = readdirSync(packages)
      .filter((name) => existsSync(join(packages, name, 'package.json')))
      .map((name) => `${manifestOf(join(packages, name)).name}@${manifestOf(join(packages, name)).version}`);
    const distinct = new Set(versions.map((entry) => entry.split('@').pop()));
    expect(
      distinct.size,
      `versions differ: ${versions.join(', ')} (npm run version:packages <version> sets them all)`,
    ).toBe(1);
    expect(relative(packages, here)).toBe('create-statechart-app');
  });
});
