/**
 * A product's test loop as it grows (issue 45): create-statechart-app's template with 0, 30, 100
 * and 200 flat screens added by its generator (scripts/outside/scaleProduct.ts), each step timed:
 * tsc, the build, each path level and the other test files (Vitest's own per-file durations, read
 * from the product's npm test output), each side of it and the whole `npm test`. Goals: the whole loop within 60 s at 100 screens and
 * within 90 s at 200, on 2 cores. `SCALE_SCREENS=0,30 npm run bench -- scale` measures fewer sizes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { run as runIn } from '../scripts/outside/product';
import { addScreens, createScaleProduct } from '../scripts/outside/scaleProduct';

const SIZES = (process.env.SCALE_SCREENS ?? '0,30,100,200').split(',').map(Number);
const GOALS: Record<number, number> = { 100: 60, 200: 90 };

/** The product's test files, by what each proves: a column each. */
const FILES: { column: string; file: string }[] = [
  { column: 'machine paths', file: 'tests/paths/machine.test.ts' },
  { column: 'DOM paths', file: 'tests/paths/dom.test.tsx' },
  { column: 'Chromium paths', file: 'tests/paths/chromium.browser.test.ts' },
  { column: 'walks', file: 'tests/paths/walk.test.ts' },
  { column: 'axe', file: 'tests/browser/a11y.test.ts' },
  { column: 'browser', file: 'tests/browser/product.test.ts' },
];

const seconds = (start: number) => (performance.now() - start) / 1000;
const load = () => loadavg()[0] ?? 0;

function timed(command: string, args: string[], cwd: string): number {
  const start = performance.now();
  runIn(command, args, cwd);
  return seconds(start);
}

interface Row {
  screens: number;
  tsc: number;
  build: number;
  files: Record<string, number>;
  /** The other test files together (machine unit tests, the placeholder gate). */
  others: number;
  /** Each side of the product's npm test (statechart-side-by-side's last lines): Chromium, and tsc with the rest. */
  lanes: number[];
  loop: number;
  tests: number;
  load: [number, number];
}

/**
 * What Vitest's default reporter prints per test file (`✓ paths-dom tests/paths/dom.test.tsx (5
 * tests) 41105ms`), for both of the product's Vitest processes; and the tests passed, summed
 * over their summaries. Read from the product's own npm test, as it runs (no reporter added).
 */
function readOutput(output: string): { files: Map<string, number>; tests: number; lanes: number[] } {
  const text = stripVTControlCharacters(output);
  const files = new Map<string, number>();
  for (const [, file, ms] of text.matchAll(/^\s*✓\s+\S+\s+(tests\/\S+)\s+\(\d+ tests?[^)]*\)\s+(\d+)ms/gm)) {
    if (file && ms) files.set(file, Number(ms) / 1000);
  }
  const tests = [...text.matchAll(/^\s*Tests\s+(\d+) passed/gm)].reduce((sum, [, n]) => sum + Number(n), 0);
  const lanes = [...text.matchAll(/^passed in ([\d.]+) s: /gm)].map(([, took]) => Number(took));
  return { files, tests, lanes };
}

function measure(dir: string, screens: number): Row {
  const before = load();
  // The whole check, alone and from nothing (no build info read or left): the loop's `tsc -b`
  // then starts from what the previous size's loop left, as a person's next npm test does.
  const tsc = timed('npx', ['tsc', '--noEmit', '-p', '.', '--incremental', 'false'], dir);
  const build = timed('npx', ['vite', 'build'], dir);
  const start = performance.now();
  let output: string;
  try {
    output = runIn('npm', ['test'], dir);
  } catch (error) {
    // Vitest's summary of what failed: the lines naming a failed test and their first error line.
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    const failed = stripVTControlCharacters(`${stdout}${stderr}`)
      .split('\n')
      .filter((line) => /^\s*(FAIL|×|Error|AssertionError)\b/.test(line))
      .slice(0, 20);
    throw new Error(`the product's npm test failed with ${screens} screens (kept in ${dir}):\n${failed.join('\n')}`);
  }
  const loop = seconds(start);
  const { files: took, tests, lanes } = readOutput(output);
  const files: Record<string, number> = {};
  let others = 0;
  for (const [file, time] of took) {
    const known = FILES.find((candidate) => candidate.file === file);
    if (known) files[known.column] = time;
    else others += time;
  }
  const row: Row = { screens, tsc, build, files, others, lanes, loop, tests, load: [before, load()] };
  console.log(`scale: ${JSON.stringify(row)}`);
  return row;
}

const s = (value: number | undefined) => (value === undefined ? '—' : `${value.toFixed(1)} s`);
const verdict = ({ screens, loop }: Row) => {
  const goal = GOALS[screens];
  if (goal === undefined) return '';
  return loop <= goal ? ` (goal ${goal} s: met)` : ` (goal ${goal} s: missed by ${(loop - goal).toFixed(0)} s)`;
};

export async function run(): Promise<string> {
  const work = mkdtempSync(join(tmpdir(), 'statechart-scale-'));
  const dir = join(work, 'product');
  const rows: Row[] = [];
  /** A size whose npm test failed: no figure, and what failed (its product is kept to look at). */
  let failure = '';
  createScaleProduct(dir);
  let made = 0;
  for (const screens of [...SIZES].sort((a, b) => a - b)) {
    if (screens > made) await addScreens(dir, made + 1, screens);
    made = screens;
    try {
      rows.push(measure(dir, screens));
    } catch (error) {
      failure = `\n\n**${screens} screens: not a figure**: ${error instanceof Error ? error.message : String(error)}`;
      break;
    }
  }
  if (!failure) rmSync(work, { recursive: true, force: true });
  return `## A product at scale (\`bench/scale.bench.ts\`)

create-statechart-app's template (a copy written by its bin outside the repository, on this
workspace's built packages) with N flat screens added by its generator (\`new:screen <id> <path>\`,
words written for the placeholders; scripts/outside/scaleProduct.ts): one product grown from 0
screens, each step timed at each size. tsc (a whole check from nothing) and build are timed alone;
the whole loop is the product's \`npm test\`: two sides at once (\`statechart-side-by-side\`), its
Chromium tests (the browser project: the build in its setup, axe, the browser test, the Chromium
paths) beside \`tsc -b\` (from the build info the previous size's loop left, as after a day's edits)
and its other tests; the lanes' column is each side's time. The files' columns are Vitest's own
durations within the loop (each side runs its files one after another). Goals: the loop within
60 s at 100 screens, 90 s at 200, on 2 cores. The machine is shared: the load (1-minute average,
before → after each size) is beside each row; compare rows within this table.

| screens | tsc | build | ${FILES.map(({ column }) => column).join(' | ')} | other files | lanes: Chromium, the rest | whole loop | tests | load |
| --- | --- | --- | ${FILES.map(() => '---').join(' | ')} | --- | --- | --- | --- | --- |
${rows
  .map(
    (row) =>
      `| ${row.screens} | ${s(row.tsc)} | ${s(row.build)} | ${FILES.map(({ column }) => s(row.files[column])).join(' | ')} | ${s(row.others)} | ${row.lanes.map(s).join(', ')} | **${s(row.loop)}**${verdict(row)} | ${row.tests} | ${row.load.map((n) => n.toFixed(1)).join(' → ')} |`,
  )
  .join('\n')}${failure}`;
}
