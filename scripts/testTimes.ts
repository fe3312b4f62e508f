import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The last measured run of each test loop on this machine (`npm test`, a new product's `npm test`),
 * kept beside the lint caches (node_modules/.cache: a fresh clone has none): the benchmark page's
 * "Test loops" section reads them (bench/testLoops.bench.ts), so that a loop is measured where it
 * runs anyway and never run a second time by the bench.
 */
export interface TestTime {
  /** ISO date and time the run ended. */
  at: string;
  commit: string;
  seconds: number;
  passed: boolean;
  cores: number;
  /** The 1-minute load average at the start and at the end. */
  load: [number, number];
  /** The jobs' own times, where the loop runs several. */
  jobs?: { name: string; seconds: number }[];
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const TEST_TIMES = join(root, 'node_modules/.cache/statechart/test-times.json');

export function readTestTimes(): Record<string, TestTime> {
  try {
    return JSON.parse(readFileSync(TEST_TIMES, 'utf8')) as Record<string, TestTime>;
  } catch {
    return {};
  }
}

/** Records a loop's run; `startLoad` is the load average when it started. */
export function recordTestTime(
  name: string,
  run: Omit<TestTime, 'at' | 'commit' | 'cores' | 'load'>,
  startLoad: number,
) {
  let commit = 'unknown commit';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    // Not a git checkout: the record says so.
  }
  const times = readTestTimes();
  times[name] = {
    ...run,
    at: new Date().toISOString(),
    commit,
    cores: cpus().length,
    load: [startLoad, loadavg()[0] ?? 0],
  };
  try {
    mkdirSync(dirname(TEST_TIMES), { recursive: true });
    writeFileSync(TEST_TIMES, `${JSON.stringify(times, null, 2)}\n`);
  } catch {
    // A read-only checkout: the figures are a convenience, the run's outcome is what counts.
  }
}
