import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runSideBySide } from '../src/sideBySide';

const work = mkdtempSync(join(tmpdir(), 'side-by-side-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A shell command running a Node script (the quoting a product's package.json needs none of). */
const node = (script: string) => `node -e ${JSON.stringify(script)}`;

describe('statechart-side-by-side', () => {
  it('runs its commands at once: each waits for a file the other writes', async () => {
    const a = join(work, 'a');
    const b = join(work, 'b');
    // Each writes its file, then waits (up to 20 s, on what it waits for) for the other's: run one
    // after the other, the first would give up and exit 2.
    const waitFor = (mine: string, theirs: string) =>
      node(
        `const fs = require('node:fs'); fs.writeFileSync(${JSON.stringify(mine)}, ''); const until = Date.now() + 20000;` +
          ` const poll = () => fs.existsSync(${JSON.stringify(theirs)}) ? process.exit(0) : Date.now() > until ? process.exit(2) : setTimeout(poll, 20); poll();`,
      );
    const written: string[] = [];
    const outcomes = await runSideBySide([waitFor(a, b), waitFor(b, a)], (text) => written.push(text));
    expect(
      outcomes.map(({ code }) => code),
      'each command found the file the other wrote (exit 2: it never came; the commands ran one after the other)',
    ).toEqual([0, 0]);
  }, 30_000);

  it("shows a later command's output whole once it ends, and returns every exit code", async () => {
    const written: string[] = [];
    const outcomes = await runSideBySide(
      [node('process.exit(0)'), node("console.log('one'); console.log('two'); process.exit(3)")],
      (text) => written.push(text),
    );
    expect(outcomes.map(({ code }) => code)).toEqual([0, 3]);
    // The first command's output goes to the terminal as it comes; only the second's is written here.
    expect(written, 'one block for the second command: its line, exit code and output').toHaveLength(1);
    expect(written[0]).toMatch(/── node -e .* \(exit 3, [\d.]+ s\) ──\none\ntwo\n$/);
  });

  it('counts a command the shell cannot run as failed', async () => {
    const outcomes = await runSideBySide([node('process.exit(0)'), 'statechart-no-such-command-here'], () => {});
    expect(outcomes[1]?.code, 'the shell answers 127 for a command it cannot find').toBe(127);
  });
});
