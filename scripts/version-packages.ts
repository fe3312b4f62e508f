/**
 * `npm run version:packages [<version>]` (after `npm install`: it runs the changesets CLI installed
 * there): the next version of every framework package, from the change files in .changeset/.
 *
 * 1. `changeset version`: the packages are one `fixed` group (.changeset/config.json), so all of
 *    them take the same version; each change file becomes a section of its packages' CHANGELOG.md,
 *    and the packages' dependencies on one another name the new version. The change files are
 *    deleted.
 * 2. The root product and the examples are private workspaces that changesets leaves alone
 *    (`privatePackages.version: false`, so they get no version or CHANGELOG of their own), but
 *    they depend on the packages by exact version: npm would look for the new version in the
 *    registry unless their specs name it too. The template's specs are not touched:
 *    create-statechart-app writes its own version into a new product's package.json.
 * 3. `npm install --package-lock-only`: package-lock.json names the new versions.
 *
 * With a version argument, it first checks that the change files lead there (a breaking change is
 * `minor` while the packages are 0.x), and changes nothing if they do not.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  [field: string]: unknown;
}

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

const readManifest = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Manifest;

/** The changesets CLI installed at `root`, run under this Node: no npx look-up, no network. */
function changeset(root: string, args: string[]): void {
  const bin = join(root, 'node_modules/@changesets/cli/bin.js');
  if (!existsSync(bin)) {
    throw new Error(`${bin} is missing: run \`npm install\` in ${root} first (the changesets CLI is a devDependency).`);
  }
  execFileSync(process.execPath, [bin, ...args], { cwd: root, stdio: 'inherit' });
}

const BUMPS = ['patch', 'minor', 'major'] as const;

/**
 * The version the change files in .changeset/ lead to, or undefined when there are none: the
 * largest bump any of them asks for, applied to the packages' one version (a fixed group). Read
 * here rather than with `changeset status`, which needs a git branch named as the config's
 * baseBranch and fails outside one (a scratch copy, a release branch).
 */
export function plannedVersion(root: string): string | undefined {
  const folder = join(root, '.changeset');
  const bumps = readdirSync(folder)
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .flatMap((name) => {
      const front = /^---\n([\s\S]*?)\n---/.exec(readFileSync(join(folder, name), 'utf8'))?.[1] ?? '';
      return [...front.matchAll(/:\s*(patch|minor|major)\s*$/gm)].map((match) =>
        BUMPS.indexOf(match[1] as (typeof BUMPS)[number]),
      );
    });
  if (bumps.length === 0) return undefined;
  const [major, minor, patch] = readManifest(join(root, 'packages/core/package.json'))
    .version.split(/[.-]/)
    .map(Number) as [number, number, number];
  const bump = Math.max(...bumps);
  return bump === 2 ? `${major + 1}.0.0` : bump === 1 ? `${major}.${minor + 1}.0` : `${major}.${minor}.${patch + 1}`;
}

/** The manifests changesets does not version but which depend on the packages: the root's and the examples'. */
function privateManifests(root: string): string[] {
  const examples = join(root, 'examples');
  return [
    join(root, 'package.json'),
    ...(existsSync(examples) ? readdirSync(examples) : [])
      .map((name) => join(examples, name, 'package.json'))
      .filter((file) => existsSync(file)),
  ];
}

/**
 * Runs steps 1 and 2 at `root` (a clone of this repository, after `npm install`), and step 3
 * unless `lockfile` is false; returns the new version.
 */
export function versionPackages(
  root: string,
  { expected, lockfile = true }: { expected?: string; lockfile?: boolean } = {},
): string {
  const planned = plannedVersion(root);
  if (!planned)
    throw new Error(
      `no change files in ${join(root, '.changeset')}: write one per change first (.changeset/README.md).`,
    );
  if (expected && expected !== planned) {
    throw new Error(
      `the change files in .changeset/ lead to ${planned}, not ${expected}: change their bump types (minor, patch) or run without a version. Nothing was changed.`,
    );
  }

  changeset(root, ['version']);
  const version = readManifest(join(root, 'packages/core/package.json')).version;
  if (version !== planned)
    throw new Error(
      `changeset version made ${version}, where the change files read ${planned}: check .changeset/config.json's fixed group`,
    );
  const ours = new Set(
    readdirSync(join(root, 'packages')).flatMap((name) => {
      const file = join(root, 'packages', name, 'package.json');
      return existsSync(file) ? [readManifest(file).name] : [];
    }),
  );
  for (const file of privateManifests(root)) {
    const manifest = readManifest(file);
    let changed = false;
    for (const field of DEPENDENCY_FIELDS) {
      const deps = manifest[field] as Record<string, string> | undefined;
      for (const name of Object.keys(deps ?? {})) {
        // Only exact versions: a range, "*" or a file: spec says something else on purpose.
        if (ours.has(name) && /^\d+\.\d+\.\d+/.test(deps![name]!) && deps![name] !== version) {
          deps![name] = version;
          changed = true;
        }
      }
    }
    if (changed) writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
  }

  if (lockfile) {
    execFileSync('npm', ['install', '--package-lock-only', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  return version;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const expected = process.argv[2];
  if (expected && !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(expected)) {
    console.error(`Usage: npm run version:packages [<version>]   (e.g. 0.2.0; "${expected}" is not a version)`);
    process.exit(1);
  }
  try {
    const version = versionPackages(process.cwd(), { expected });
    console.log(
      `Every package is ${version}: read packages/*/CHANGELOG.md, then npm install (builds the packages) and npm test.`,
    );
  } catch (error) {
    console.error(`version:packages: ${(error as Error).message}`);
    process.exit(1);
  }
}
