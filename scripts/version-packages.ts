/**
 * `npm run version:packages <version>`: every framework package (packages/*, create-statechart-app
 * too) takes the same version, every `@statechart/*` dependency on them (the packages', the
 * examples', the product's, the template's) names it, and CHANGELOG.md's "Unreleased" section
 * becomes that version's. The packages move together: a product takes one framework version, never
 * a mix (docs/upgrading.md).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const version = process.argv[2];
if (!version || !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version)) {
  console.error('Usage: npm run version:packages <version>   (e.g. 0.2.0)');
  process.exit(1);
}

const manifests = [
  'package.json',
  ...['packages', 'examples'].flatMap((parent) =>
    readdirSync(parent)
      .map((name) => join(parent, name, 'package.json'))
      .filter((file) => existsSync(file)),
  ),
  'packages/create-statechart-app/template/package.json',
];
for (const file of manifests) {
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> & { name: string };
  if (file.startsWith('packages/') && !file.includes('/template/')) manifest.version = version;
  for (const field of ['dependencies', 'devDependencies', 'peerDependencies']) {
    const deps = manifest[field] as Record<string, string> | undefined;
    for (const name of Object.keys(deps ?? {})) if (name.startsWith('@statechart/')) deps![name] = version;
  }
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
}

const changelog = readFileSync('CHANGELOG.md', 'utf8');
if (!changelog.includes('\n## Unreleased\n')) {
  console.error('CHANGELOG.md has no "## Unreleased" section: write what changed there first.');
  process.exit(1);
}
const date = new Date().toISOString().slice(0, 10);
writeFileSync('CHANGELOG.md', changelog.replace('\n## Unreleased\n', `\n## Unreleased\n\n## ${version} (${date})\n`));
console.log(`Every package is ${version}; run npm install to update package-lock.json, then npm test.`);
