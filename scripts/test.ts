/**
 * `npm test`: every gate and every Vitest project, two at a time.
 *
 * The browser project's files run one after the other (they share the examples' API server, see
 * vitest.framework.config.ts; within a file, tests that steer it run side by side with servers of their own)
 * and spend much of their time waiting on Chromium, so a 2-core machine has room beside them. The other jobs fill it: the other Vitest projects, then tsc, ESLint, Prettier
 * and the advisory audit, each taken by whichever slot frees first, longest first. One after the
 * other (as `npm test` used to run them) the same work took the sum of all of them; now the wall
 * time is the longer of the browser project and the rest packed beside it (docs/decisions/0010-npm-test-two-lanes.md).
 *
 * The browser project streams its output as it goes (it is the one to watch); every other job's
 * output is printed whole when it ends, so that none interleave. Every job runs even when another
 * failed (one run shows every failure); the exit code is non-zero when any failed, and the summary
 * at the end names each failed test with the first line of its error (failureDigest).
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { recordTestTime } from './testTimes';

export interface Job {
  name: string;
  command: string[];
  stream?: boolean;
}

export interface Outcome {
  name: string;
  code: number;
  seconds: number;
  /** Everything the job printed (a streamed job's too). */
  output: string;
}

const SLOTS = 2;
/** Where the lint tools keep their caches: gone with node_modules, never committed. */
const CACHE = 'node_modules/.cache';
/** The framework's tests' config; the root's vitest.config.ts is the product's. */
const FRAMEWORK = 'vitest.framework.config.ts';

// Longest first (measured: docs/decisions/0010-npm-test-two-lanes.md), so that the short ones fill the gaps at the end.
const jobs: Job[] = [
  {
    name: 'vitest: browser projects (Chromium)',
    // browser-history-api: the adapter-dependent files again with window.navigation hidden (vitest.framework.config.ts).
    command: [
      'npx',
      'vitest',
      'run',
      '--config',
      FRAMEWORK,
      '--project',
      'browser',
      '--project',
      'browser-history-api',
    ],
    stream: true,
  },
  // Every project but the browser ones: a project added to the framework's config runs here by itself.
  {
    name: 'vitest: every other project',
    // One pattern: two negated --project flags would each let the other's project through.
    command: ['npx', 'vitest', 'run', '--config', FRAMEWORK, '--project', '!browser*'],
  },
  // The product's tests with the product's own config (vitest.config.ts), as a made product runs
  // them: what create-statechart-app ships is what runs here.
  { name: "vitest: the product's tests (vitest.config.ts)", command: ['npx', 'vitest', 'run'] },
  // ESLint before tsc: the longer of the two on a fresh clone (CI: 36 s and 25 s). The lint tools
  // keep what they found per file under node_modules/.cache (a fresh clone starts without, so CI
  // checks every file) and check again only the files changed since: measured on the shared 2-core
  // machine, ESLint 19 → 1.7 s, tsc 15.4 → 5.6 s, Prettier 11 → 1.4 s on a second run. tsc's build
  // info keeps the errors it found (reported again until fixed); ESLint's cache is by content, and
  // none of its rules reads types: a file's results depend on the file (import/no-cycle is found
  // again from the file that closes a cycle, and tsc reports an import that a deleted file broke).
  {
    name: 'lint: ESLint',
    command: ['npx', 'eslint', '--cache', '--cache-location', `${CACHE}/eslint/`, '--cache-strategy', 'content', '.'],
  },
  {
    name: 'lint: tsc',
    command: [
      'npx',
      'tsc',
      '--noEmit',
      '-p',
      '.',
      '--incremental',
      '--tsBuildInfoFile',
      `${CACHE}/tsc/tsconfig.tsbuildinfo`,
    ],
  },
  {
    name: 'lint: Prettier',
    command: ['npx', 'prettier', '--check', '--cache', '--cache-location', `${CACHE}/prettier/.prettier-cache`, '.'],
  },
  // Unused files, exports and dependencies (knip.jsonc says what it cannot see and why). Its cache,
  // by file content: 4.9 s without, 2.2 s with, on the shared 2-core machine.
  { name: 'lint: knip', command: ['npx', 'knip', '--cache', '--cache-location', `${CACHE}/knip`] },
  { name: 'audit', command: ['npm', 'run', 'audit'] },
];

function run(job: Job, output: string[]): Promise<number> {
  return new Promise((resolve) => {
    const [command = '', ...args] = job.command;
    // Colours stay on when the output goes to a terminal, piped or not.
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { FORCE_COLOR: process.stdout.isTTY ? '1' : '0', ...process.env },
    });
    const keep = (chunk: Buffer) => {
      output.push(chunk.toString());
      // A streamed job is shown as it goes; it is kept too, for the summary of failures.
      if (job.stream) process.stdout.write(chunk);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('error', (error: Error) => {
      output.push(`${job.command.join(' ')} could not start: ${error.message}\n`);
      resolve(1);
    });
    child.on('close', (code: number | null, signal: NodeJS.Signals | null) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const MAX_DIGEST_LINES = 12;

/**
 * What failed, in a few lines: a long run's log is often read from its end (a CI page shows the
 * tail), where the output of a job that failed early is long gone. For Vitest, each failed test's
 * name (its `FAIL` line), the first line of its error and of its cause if any; for any other tool,
 * its last lines.
 */
export function failureDigest(output: string): string[] {
  const lines = stripVTControlCharacters(output).split('\n');
  const digest: string[] = [];
  lines.forEach((line, index) => {
    if (!/^\s*FAIL\s/.test(line)) return;
    digest.push(line.trim().replace(/\s+/g, ' '));
    const reason = lines.slice(index + 1, index + 4).find((next) => next.trim() && !/^\s*FAIL\s/.test(next));
    if (reason) digest.push(`    ${reason.trim()}`);
    // An error that wraps another (a failed property and the walk's own error) names its cause.
    const next = lines.findIndex((later, at) => at > index && /^\s*FAIL\s/.test(later));
    const cause = lines.slice(index + 1, next === -1 ? undefined : next).find((later) => /^\s*Caused by:/.test(later));
    if (cause) digest.push(`    ${cause.trim()}`);
  });
  const shown = digest.length ? digest : lines.filter((line) => line.trim()).slice(-MAX_DIGEST_LINES);
  return shown.length > MAX_DIGEST_LINES * 2
    ? [...shown.slice(0, MAX_DIGEST_LINES * 2), `    … and more: see the job's output above`]
    : shown;
}

/**
 * Runs the jobs `slots` at a time, in their order, each taken by the slot that frees first; every
 * job runs whatever the others did. Resolves with each job's exit code and time, in finishing order.
 */
export async function runJobs(
  list: Job[],
  slots: number,
  write: (text: string) => void = (text) => process.stdout.write(text),
): Promise<Outcome[]> {
  const queue = [...list];
  const outcomes: Outcome[] = [];
  const slot = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const output: string[] = [];
      const start = performance.now();
      const code = await run(job, output);
      outcomes.push({ name: job.name, code, seconds: (performance.now() - start) / 1000, output: output.join('') });
      if (!job.stream)
        write(`\n── ${job.name} (${code === 0 ? 'passed' : `FAILED, exit code ${code}`}) ──\n${output.join('')}`);
    }
  };
  await Promise.all(Array.from({ length: slots }, slot));
  return outcomes;
}

async function main() {
  const start = performance.now();
  const startLoad = loadavg()[0] ?? 0;
  const outcomes = await runJobs(jobs, SLOTS);
  const failed = outcomes.filter((outcome) => outcome.code !== 0);
  const seconds = (performance.now() - start) / 1000;
  recordTestTime(
    'npm test',
    {
      seconds,
      passed: failed.length === 0,
      jobs: outcomes.map(({ name, seconds: jobSeconds }) => ({ name, seconds: jobSeconds })),
    },
    startLoad,
  );
  console.log(`\nnpm test: ${seconds.toFixed(0)} s wall, ${SLOTS} jobs at a time`);
  for (const outcome of outcomes) {
    console.log(`  ${outcome.code === 0 ? 'passed' : 'FAILED'}  ${outcome.name} (${outcome.seconds.toFixed(0)} s)`);
  }
  if (failed.length) {
    for (const outcome of failed)
      console.error(`\n${outcome.name} failed:\n  ${failureDigest(outcome.output).join('\n  ')}`);
    console.error(`\n${failed.map((outcome) => outcome.name).join(', ')} failed: see its output above.`);
    process.exit(1);
  }
}

// Run as a script (`tsx scripts/test.ts`), not when a test imports runJobs.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
