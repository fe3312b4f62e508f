/**
 * `npm run test:upgrade` (in .ci/run: a few minutes, too slow for `npm test`): a product made from
 * the previous release's tarballs takes the current packages the way docs/upgrading.md says, and
 * its own `npm test` passes.
 *
 * 1. The previous release is what its users installed: the tarballs kept in
 *    scripts/outside/releases/<version>/ (never rebuilt). create-statechart-app from that tarball
 *    writes the product, whose `@statechart/*` specs name the tarballs; `npm install`.
 * 2. The next release is the current tree as `npm run version:packages` would make it: a scratch
 *    copy of the working tree (with the dist/ that `npm run build:packages` just wrote), where `changeset version` runs (the same function as the command:
 *    versions, dependency specs, and each package's CHANGELOG.md with its new section), then
 *    `npm pack`. So the tarballs hold what a release made now would ship, changelog included,
 *    and differ in version from the old ones, as a real upgrade does. Nothing in the repository is
 *    versioned.
 * 3. The upgrade runs the tarball block of docs/upgrading.md as written there (its FROM and TO set
 *    to the two versions), then the product's own `npm test`. Where a breaking change needs an edit
 *    of the product's files, the edit is below, copied from the CHANGELOG's before/after, and
 *    printed as it is made (none is needed for a product fresh from the template).
 *
 * Each step prints its time; the work folder is removed when everything passed and kept (its path
 * printed) when something failed.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { createProduct, pointAtTarballs, run as runIn, step as stepIn, took } from './outside/product';
import { versionPackages } from './version-packages';

const root = process.cwd();
const releases = join(root, 'scripts/outside/releases');
/** The newest kept release: the one a product of the previous version was made from. */
const previous = readdirSync(releases)
  .filter((name) => /^\d+\.\d+\.\d+$/.test(name))
  .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
  .at(-1);
if (!previous) throw new Error(`no release's tarballs in ${releases} (a folder per version, e.g. 0.1.0/)`);

const work = mkdtempSync(join(tmpdir(), 'statechart-upgrade-'));
const product = join(work, 'my-app');
// One folder of tarballs, old and new side by side, as docs/upgrading.md asks of a user.
const tarballs = join(work, 'tarballs');
const next = join(work, 'next');

const step = <T>(name: string, body: () => T) => stepIn(name, work, body);
const run = (command: string, args: string[], cwd = product, env?: NodeJS.ProcessEnv) => runIn(command, args, cwd, env);

/** The shell block that follows docs/upgrading.md's marker comment for this test. */
function documentedUpgrade(): string {
  const doc = readFileSync(join(root, 'docs/upgrading.md'), 'utf8');
  const marker = doc.indexOf('<!-- test:upgrade runs this block');
  const block = /```sh\n([\s\S]*?)```/.exec(doc.slice(marker))?.[1];
  if (marker < 0 || !block) {
    throw new Error(
      'docs/upgrading.md has no "<!-- test:upgrade runs this block … -->" followed by a ```sh block: the upgrade from tarballs must be written there for this test to follow it.',
    );
  }
  return block;
}

/** Every file under `dir`, relative to it, outside node_modules. */
const listFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(sep).includes('node_modules'));

let passed = false;
try {
  step(`product from ${previous}'s tarballs (create-statechart-app ${previous}, file: specs)`, () => {
    mkdirSync(tarballs);
    cpSync(join(releases, previous), tarballs, { recursive: true, filter: (file) => !file.endsWith('.md') });
    console.log(createProduct(tarballs, product, work));
    pointAtTarballs(product, tarballs);
  });
  step(`npm install (${previous})`, () => run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline']));

  step('npm run build:packages (the current tree)', () => run('npm', ['run', 'build:packages'], root));
  const version = step('the next version in a scratch copy: changeset version, then npm pack', () => {
    // The working tree as it is (tracked and new files, not ignored ones), and the packages' built
    // dist/: packing runs the packages' own prepack scripts, which may read any of it.
    const files = runIn('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], root).split('\0');
    for (const file of files) if (file && existsSync(join(root, file))) cpSync(join(root, file), join(next, file));
    for (const name of readdirSync(join(root, 'packages'))) {
      const dist = join(root, 'packages', name, 'dist');
      if (existsSync(dist)) cpSync(dist, join(next, 'packages', name, 'dist'), { recursive: true });
    }
    // The changesets CLI and Prettier (which formats the CHANGELOGs) from the repository's install.
    symlinkSync(join(root, 'node_modules'), join(next, 'node_modules'));
    const version = versionPackages(next, { lockfile: false });
    if (version === previous)
      throw new Error(`the change files in .changeset/ lead to ${version}, the previous release's version`);
    const packages = readdirSync(join(next, 'packages')).filter((name) =>
      existsSync(join(next, 'packages', name, 'package.json')),
    );
    run(
      'npm',
      ['pack', ...packages.map((name) => `./packages/${name}`), '--pack-destination', tarballs, '--silent'],
      next,
    );
    console.log(`  ${packages.length} packages at ${version}`);
    return version;
  });

  step(`docs/upgrading.md's tarball block, FROM=${previous} TO=${version}`, () => {
    const block = documentedUpgrade().replace(/FROM=\S+ TO=\S+/, `FROM=${previous} TO=${version}`);
    console.log(block.trimEnd().replace(/^\s*/gm, '  $ '));
    // Offline-first and quiet, as the other installs here: what the commands do is unchanged.
    run('sh', ['-ec', block], product, {
      ...process.env,
      npm_config_prefer_offline: 'true',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
    });
    const manifest = readFileSync(join(product, 'package.json'), 'utf8');
    if (manifest.includes(`-${previous}.tgz`)) {
      throw new Error(
        `${product}/package.json still names ${previous} tarballs after the documented steps:\n${manifest}`,
      );
    }
    const installed = JSON.parse(readFileSync(join(product, 'node_modules/@statechart/core/package.json'), 'utf8')) as {
      version: string;
    };
    if (installed.version !== version)
      throw new Error(`@statechart/core ${installed.version} is installed, not ${version}`);
  });

  step('each package ships its CHANGELOG.md with the new section', () => {
    const missing = readdirSync(join(product, 'node_modules/@statechart')).filter((name) => {
      const file = join(product, 'node_modules/@statechart', name, 'CHANGELOG.md');
      return !existsSync(file) || !readFileSync(file, 'utf8').includes(`\n## ${version}\n`);
    });
    if (missing.length) {
      throw new Error(
        `no CHANGELOG.md with a "## ${version}" section in node_modules/@statechart/{${missing.join(',')}}: check "files" in their package.json`,
      );
    }
    console.log(`  node_modules/@statechart/*/CHANGELOG.md: each has "## ${version}"`);
  });

  step(`docs/upgrading.md step 4: a fresh product from create-statechart-app ${version}, compared`, () => {
    const fresh = join(work, 'fresh');
    const create = join(tarballs, `create-statechart-app-${version}.tgz`);
    run('npm', ['exec', '--yes', `--package=${create}`, '--', 'create-statechart-app', fresh], work);
    const added = listFiles(fresh).filter((file) => !existsSync(join(product, file)));
    console.log(
      `  a fresh ${version} product has ${added.length} file(s) this one lacks${added.length ? `: ${added.join(', ')}` : ''}`,
    );
  });

  const load = loadavg()[0] ?? 0;
  const output = step("the product's own npm test", () => run('npm', ['test']));
  const summary = output.split('\n').filter((line) => /^\s*(Test Files|Tests)\s/.test(stripVTControlCharacters(line)));
  if (summary.length === 0) throw new Error(`npm test printed no Vitest summary:\n${output}`);
  console.log(summary.map((line) => `  ${stripVTControlCharacters(line).trim()}`).join('\n'));
  console.log(`  (load ${load.toFixed(1)} when it started)`);
  passed = true;
} finally {
  console.log(
    `\n${passed ? 'Upgrade passed' : 'Upgrade FAILED'}: ${previous} → the current tree\n  ${took.join('\n  ')}`,
  );
  if (passed) rmSync(work, { recursive: true, force: true });
  else console.log(`The product, both sets of tarballs and the versioned copy are kept in ${work}`);
}
