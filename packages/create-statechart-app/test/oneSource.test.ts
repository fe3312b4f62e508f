import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DOTTED,
  filesBelow,
  ownFiles,
  productFiles,
  TEMPLATE_OUT,
  TEMPLATE_OWN,
  TEMPLATE_SOURCE,
} from '../../../scripts/template';

/**
 * The template a new product starts from is the repository's product: the same files, byte for
 * byte, but for the named few in scripts/template.ts's TEMPLATE_OWN. What differs otherwise fails
 * here, naming the file and what to change.
 */
const root = join(import.meta.dirname, '../../..');
const stored = (file: string) => (file.startsWith('.') && DOTTED.includes(file.slice(1)) ? file.slice(1) : file);
const manifest = (file: string) =>
  JSON.parse(readFileSync(file, 'utf8')) as {
    scripts: Record<string, string>;
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };

describe("create-statechart-app's template is the repository's product", () => {
  it('holds every product file of the root, byte for byte, and nothing else but its own named files', () => {
    const expected = new Map<string, string>();
    for (const file of productFiles()) expected.set(stored(file), join(root, file));
    for (const file of ownFiles()) expected.set(file, join(TEMPLATE_SOURCE, file));
    const built = filesBelow(TEMPLATE_OUT).sort();
    const stale = `the template is stale or was edited: run npm run build:packages (it assembles ${TEMPLATE_OUT} from the root's product, scripts/template.ts)`;
    expect(built, stale).toEqual([...expected.keys()].sort());
    const differing = built.filter(
      (file) => readFileSync(join(TEMPLATE_OUT, file), 'utf8') !== readFileSync(expected.get(file)!, 'utf8'),
    );
    expect(differing, stale).toEqual([]);
  });

  it('owns only the files TEMPLATE_OWN names, each with its reason', () => {
    expect(
      ownFiles(),
      `packages/create-statechart-app/template holds only what a made product must have differently from the root: move any other file to the root's product, or name it in TEMPLATE_OWN (scripts/template.ts) with its reason`,
    ).toEqual(Object.keys(TEMPLATE_OWN).sort());
    for (const [file, reason] of Object.entries(TEMPLATE_OWN)) expect(reason.length, file).toBeGreaterThan(20);
  });

  it("asks for the same versions as the repository's product, for every dependency both name", () => {
    const own = manifest(join(TEMPLATE_SOURCE, 'package.json'));
    const rootManifest = manifest(join(root, 'package.json'));
    const rootVersions = { ...rootManifest.dependencies, ...rootManifest.devDependencies };
    // The product's runtime dependencies are the root's, exactly: the root's dependencies are the product's.
    expect(Object.keys(own.dependencies).sort(), 'dependencies: the template and the root name the same').toEqual(
      Object.keys(rootManifest.dependencies).sort(),
    );
    const drift = Object.entries({ ...own.dependencies, ...own.devDependencies })
      .filter(([name, version]) => !name.startsWith('@statechart/') && rootVersions[name] !== version)
      .map(
        ([name, version]) =>
          `${name}: ${version} in packages/create-statechart-app/template/package.json, ${rootVersions[name] ?? 'absent'} in package.json`,
      );
    expect(drift, 'make the template ask for what the repository tests with').toEqual([]);
  });

  it('gives a made product the scripts its docs and generators name', () => {
    const { scripts } = manifest(join(TEMPLATE_SOURCE, 'package.json'));
    for (const script of ['start', 'build', 'preview', 'test', 'lint', 'format', 'new:screen', 'machine:export'])
      expect(scripts[script], `the template's package.json has no "${script}" script`).toBeTruthy();
  });
});
