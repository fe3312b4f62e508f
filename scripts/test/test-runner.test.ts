import { describe, expect, it } from 'vitest';
import { failureDigest, runJobs, type Job } from '../test';

const sh = (name: string, script: string): Job => ({ name, command: ['sh', '-c', script] });

describe('npm test’s job runner (scripts/test.ts)', () => {
  it('runs every job even when one fails, and reports each exit code with its output', async () => {
    let printed = '';
    const outcomes = await runJobs(
      [sh('fails', 'echo broken; exit 3'), sh('passes', 'echo fine'), sh('after', 'echo later')],
      2,
      (text) => (printed += text),
    );
    expect(Object.fromEntries(outcomes.map((o) => [o.name, o.code]))).toEqual({ fails: 3, passes: 0, after: 0 });
    expect(printed).toContain('── fails (FAILED, exit code 3) ──\nbroken');
    expect(printed).toContain('── after (passed) ──\nlater');
  });

  it('runs at most `slots` jobs at once, a freed slot taking the next job', async () => {
    // Each job records how many run beside it in a shared directory.
    const dir = `/tmp/runjobs-${process.pid}`;
    const job = (name: string): Job =>
      sh(name, `mkdir -p ${dir}; touch ${dir}/${name}; ls ${dir} | wc -l; sleep 0.3; rm ${dir}/${name}`);
    let printed = '';
    const outcomes = await runJobs([job('a'), job('b'), job('c'), job('d')], 2, (text) => (printed += text));
    expect(outcomes.map((o) => o.code)).toEqual([0, 0, 0, 0]);
    const counts = [...printed.matchAll(/──\n\s*(\d+)/g)].map((match) => Number(match[1]));
    expect(counts).toHaveLength(4);
    expect(Math.max(...counts)).toBe(2);
  });

  it('reports a command that cannot start as failed', async () => {
    const [outcome] = await runJobs([{ name: 'missing', command: ['no-such-command-here'] }], 1, () => {});
    expect(outcome?.code).toBe(1);
  });

  it('sums up a failure in a few lines: each failed test, its error and its cause, else the last lines', () => {
    const vitest = [
      ' \x1b[31m✓\x1b[39m  unit  tests/a.test.ts (3 tests) 20ms',
      ' FAIL   browser  tests/b.test.ts > a view chunk > loads later',
      'AssertionError: expected 3 to be less than or equal to 2',
      ' ❯ tests/b.test.ts:369:30',
      ' FAIL   paths  tests/c.test.ts > walk 1',
      '',
      'Error: the app did not reach the state the model is in',
      ' FAIL   paths  tests/d.test.ts > walk 2',
      'Error: A random walk failed; replay it alone: PATHS_SEED=1 PATHS_PATH="0" npx vitest run tests/d.test.ts',
      'Property failed after 36 tests',
      ' ❯ tests/paths/walk.ts:38:13',
      'Caused by: Error: the URL is / but href(snapshot) is /records/new',
      '  after: typed /records/new → go(-1)',
      ' Test Files  2 failed | 1 passed (3)',
    ].join('\n');
    expect(failureDigest(vitest)).toEqual([
      'FAIL browser tests/b.test.ts > a view chunk > loads later',
      '    AssertionError: expected 3 to be less than or equal to 2',
      'FAIL paths tests/c.test.ts > walk 1',
      '    Error: the app did not reach the state the model is in',
      'FAIL paths tests/d.test.ts > walk 2',
      '    Error: A random walk failed; replay it alone: PATHS_SEED=1 PATHS_PATH="0" npx vitest run tests/d.test.ts',
      '    Caused by: Error: the URL is / but href(snapshot) is /records/new',
    ]);
    const tsc = Array.from({ length: 20 }, (_, i) => `src/x.ts(${i},1): error TS2322`).join('\n');
    expect(failureDigest(tsc)).toHaveLength(12);
    expect(failureDigest(tsc).at(-1)).toBe('src/x.ts(19,1): error TS2322');
  });
});
