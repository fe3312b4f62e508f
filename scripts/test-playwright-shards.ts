/**
 * The Playwright Test adapter's split run, end to end (in `npm run test:playwright`, so .ci/run):
 * the shapes' walks (packages/paths/test/playwright/split) run as two CI machines would, with
 * `--shard=1/2` and `--shard=2/2` (each `fullyParallel` over two workers), each recording into a
 * directory of its own; the merge job (gate.spec.ts) then passes on their union and fails, naming
 * the missing shard, on the first shard's records alone. docs/paths.md's CI matrix is this run.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildAndPreview } from '@statechart/paths/chromium';

const CONFIG = 'packages/paths/test/playwright/split/playwright.config.ts';
const scratch = mkdtempSync(join(tmpdir(), 'playwright-shards-'));

interface Run {
  ok: boolean;
  output: string;
}

/** `npx playwright test` with the split config, its output kept (and printed once it ends). */
function playwright(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      'npx',
      ['playwright', 'test', '-c', CONFIG, ...args],
      { env: { ...process.env, ...env }, maxBuffer: 1 << 26 },
      (error, stdout, stderr) => resolve({ ok: !error, output: `${stdout}${stderr}` }),
    );
  });
}

function fail(message: string, run?: Run): never {
  if (run) console.error(run.output);
  console.error(`\ntest-playwright-shards: ${message}\n(work folder kept: ${scratch})`);
  process.exit(1);
}

const started = Date.now();
const { origin, server } = await buildAndPreview('packages/paths/test/shapes/vite.config.ts');
try {
  const env = { MINIMAL_URL: origin };
  const dirs = [1, 2].map((index) => join(scratch, `shard-${index}`));
  for (const [i, dir] of dirs.entries()) {
    const run = await playwright(['walks.spec.ts', `--shard=${i + 1}/2`], { ...env, PATHS_RECORDS: dir });
    if (!run.ok) fail(`shard ${i + 1}/2 of the split walks failed (its output is above)`, run);
    console.log(`shard ${i + 1}/2: ${readdirSync(dir).length} walk records in ${dir}`);
  }

  const all = join(scratch, 'merged');
  for (const dir of dirs) cpSync(dir, all, { recursive: true });
  const merged = await playwright(['gate.spec.ts'], { ...env, PATHS_RECORDS: all });
  if (!merged.ok) fail('the merged gate failed on both shards\u2019 records (its output is above)', merged);
  console.log(`merged gate on ${readdirSync(all).length} records of both shards: passed`);

  const first = join(scratch, 'first-only');
  cpSync(dirs[0] as string, first, { recursive: true });
  const lost = await playwright(['gate.spec.ts'], { ...env, PATHS_RECORDS: first });
  if (lost.ok) fail('the gate passed on shard 1/2\u2019s records alone: a missing shard must fail it', lost);
  if (!lost.output.includes('shard 2/2 left no record')) {
    fail(
      'the gate failed without shard 2/2\u2019s records, but did not name that shard ("shard 2/2 left no record")',
      lost,
    );
  }
  console.log('gate on shard 1/2\u2019s records alone: failed, naming shard 2/2 (as it must)');
  console.log(`split Playwright run: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  rmSync(scratch, { recursive: true, force: true });
} finally {
  await server.close();
}
