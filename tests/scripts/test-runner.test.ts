import { describe, expect, it } from 'vitest';
import { runJobs, type Job } from '../../scripts/test';

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
});
