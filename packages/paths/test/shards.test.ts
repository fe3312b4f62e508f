import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { judgeRecords, type WalkRecord } from '../src/records';
import { generateSuite } from '../src/suite';
import { domSpecs, machineSpecs } from './split/specs';

const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'paths-shards-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs one shard of the split run (packages/paths/test/split) with Vitest's own --shard, into its own directory. */
async function shard(index: number) {
  const records = join(scratch, `shard-${index}`);
  await run('npx', ['vitest', 'run', '-c', 'packages/paths/test/split/vitest.config.ts', `--shard=${index}/2`], {
    env: { ...process.env, PATHS_RECORDS: records },
    maxBuffer: 1 << 24,
  });
  return records;
}

/** The merge job: every shard's records in one directory, as a CI merge job downloads them. */
function merged(dirs: string[], name: string) {
  const into = join(scratch, name);
  for (const dir of dirs) cpSync(dir, into, { recursive: true });
  return into;
}

describe('path tests split over Vitest shards, judged by one gate', () => {
  // Both shards at once, as two CI machines would: each is a Vitest run of its own.
  const shards = Promise.all([shard(1), shard(2)]);

  it('passes the merged gate when --shard=1/2 and --shard=2/2 both ran, at machine and DOM level', async () => {
    const dir = merged(await shards, 'all');
    for (const spec of machineSpecs) judgeRecords(await generateSuite(spec, 'machine'), dir);
    for (const spec of domSpecs) judgeRecords(await generateSuite(spec, 'dom'), dir);
  }, 120_000);

  it("fails the merged gate, naming the part, when one shard's records are missing", async () => {
    const [first, second] = await shards;
    const dir = merged([first as string], 'first only');
    // The parts the second shard ran (Vitest shards by file: which part it got is its choice).
    const lost = new Set(
      readdirSync(second as string).map(
        (file) => (JSON.parse(readFileSync(join(second as string, file), 'utf8')) as WalkRecord).shard.index,
      ),
    );
    const failures: string[] = [];
    for (const [specs, level] of [
      [machineSpecs, 'machine'],
      [domSpecs, 'dom'],
    ] as const) {
      for (const spec of specs) {
        try {
          judgeRecords(await generateSuite(spec, level), dir);
        } catch (error) {
          failures.push(String(error));
        }
      }
    }
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) {
      expect(failure).toMatch(/is not judged/);
      expect([...lost].some((index) => failure.includes(`part ${index}/2 left no record`))).toBe(true);
    }
  }, 120_000);
});
