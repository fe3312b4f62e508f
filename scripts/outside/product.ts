/**
 * A product outside this repository, as a user makes one: the framework packed into tarballs (what
 * a registry would serve), a product written by create-statechart-app from its tarball into a
 * folder outside the workspace, its `@statechart/*` dependencies pointed at the tarballs, and each
 * command run there with its time. Shared by `npm run test:create` (scripts/test-create-app.ts) and
 * `npm run test:upgrade` (scripts/test-upgrade.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What each step took, in the order they ran: printed at the end of a run. */
export const took: string[] = [];

/**
 * Runs one named step, printing its name before and its time after; on failure, prints the
 * command's output and where the product was kept, then throws.
 */
export function step<T>(name: string, keptIn: string, run: () => T): T {
  const start = performance.now();
  console.log(`\n▶ ${name}`);
  try {
    return run();
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: Buffer | string; stderr?: Buffer | string };
    console.error(`✗ ${name} failed (the product is kept in ${keptIn}):\n${stdout}${stderr}`);
    throw error;
  } finally {
    const seconds = ((performance.now() - start) / 1000).toFixed(1);
    took.push(`${name}: ${seconds} s`);
    console.log(`  (${seconds} s)`);
  }
}

/** Runs a command in a folder and returns what it printed; throws with its output when it fails. */
export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  return execFileSync(command, args, {
    cwd,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 << 20,
  });
}

/** Packs every workspace package of the repository at `root` into `destination`. */
export function packWorkspaces(root: string, destination: string): void {
  mkdirSync(destination, { recursive: true });
  run('npm', ['pack', '--workspaces', '--pack-destination', destination, '--silent'], root);
}

/** The tarball of a package in a folder of tarballs (`@statechart/core` → statechart-core-0.2.0.tgz). */
export function tarballOf(tarballs: string, name: string): string {
  const packed = readdirSync(tarballs);
  const prefix = `${name.replace('@', '').replace('/', '-')}-`;
  const file = packed.find((candidate) => candidate.startsWith(prefix) && /^\d/.test(candidate.slice(prefix.length)));
  if (!file) throw new Error(`no tarball for ${name} in ${tarballs} (${packed.join(', ')})`);
  return join(tarballs, file);
}

/** Runs create-statechart-app from its tarball (in `tarballs`) to write a new product in `product`. */
export function createProduct(tarballs: string, product: string, work: string): string {
  const unpacked = join(work, `create-${Date.now()}`);
  mkdirSync(unpacked);
  run('tar', ['xzf', tarballOf(tarballs, 'create-statechart-app'), '-C', unpacked], work);
  return run(process.execPath, [join(unpacked, 'package/bin/create-statechart-app.mjs'), product], work);
}

/**
 * Points a product's `@statechart/*` dependencies at the tarballs in `tarballs` (`file:` specs),
 * and overrides them everywhere (the packages depend on one another by version): what a product
 * installed from tarballs has, before the packages are published.
 */
export function pointAtTarballs(product: string, tarballs: string): void {
  const file = join(product, 'package.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
    overrides?: Record<string, string>;
  };
  const local = (name: string) => `file:${tarballOf(tarballs, name)}`;
  const framework = readdirSync(tarballs)
    .filter((file) => file.startsWith('statechart-'))
    .map((file) => `@statechart/${file.replace(/^statechart-/, '').replace(/-\d+\.\d+\.\d+.*$/, '')}`);
  for (const field of ['dependencies', 'devDependencies'] as const) {
    const deps = manifest[field] ?? {};
    for (const name of Object.keys(deps)) if (name.startsWith('@statechart/')) deps[name] = local(name);
  }
  manifest.overrides = Object.fromEntries(framework.map((name) => [name, local(name)]));
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
}
