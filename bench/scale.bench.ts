/**
 * A product's test loop as it grows (issue 45): create-statechart-app's template with 0, 30, 100
 * and 200 flat screens added by its generator (scripts/outside/scaleProduct.ts), each step timed:
 * tsc, the build, each path level and the other test files (Vitest's own per-file durations, from
 * its JSON report), and the whole `npm test`. Goals: the whole loop within 60 s at 100 screens and
 * within 90 s at 200, on 2 cores. `SCALE_SCREENS=0,30 npm run bench -- scale` measures fewer sizes.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
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

interface VitestReport {
  success: boolean;
  numPassedTests: number;
  numFailedTests: number;
  testResults: { name: string; startTime: number; endTime: number; status: string }[];
}

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
  loop: number;
  tests: number;
  load: [number, number];
}

function measure(dir: string, screens: number): Row {
  const before = load();
  const tsc = timed('npx', ['tsc', '--noEmit', '-p', '.'], dir);
  const build = timed('npx', ['vite', 'build'], dir);
  const reportFile = join(dir, 'test-results', 'scale.json');
  const start = performance.now();
  try {
    runIn('npm', ['test', '--', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`], dir);
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
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as VitestReport;
  const files: Record<string, number> = {};
  let others = 0;
  for (const result of report.testResults) {
    const took = (result.endTime - result.startTime) / 1000;
    const known = FILES.find(({ file }) => relative(dir, result.name) === file);
    if (known) files[known.column] = took;
    else others += took;
  }
  const row = { screens, tsc, build, files, others, loop, tests: report.numPassedTests, load: [before, load()] };
  console.log(`scale: ${JSON.stringify(row)}`);
  return row as Row;
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
screens, each step timed at each size. tsc and build are timed alone; the files' columns are
Vitest's own durations within the whole loop (\`npm test\`: tsc, then every test file, with the
build in the browser project's setup); Vitest's one worker on 2 cores (its default, cores − 1)
runs the files one after another. Goals: the loop within 60 s at 100 screens, 90 s at 200, on
2 cores. The machine is shared: the load (1-minute average, before → after each size) is beside
each row; compare rows within this table.

| screens | tsc | build | ${FILES.map(({ column }) => column).join(' | ')} | other files | whole loop | tests | load |
| --- | --- | --- | ${FILES.map(() => '---').join(' | ')} | --- | --- | --- | --- |
${rows
  .map(
    (row) =>
      `| ${row.screens} | ${s(row.tsc)} | ${s(row.build)} | ${FILES.map(({ column }) => s(row.files[column])).join(' | ')} | ${s(row.others)} | **${s(row.loop)}**${verdict(row)} | ${row.tests} | ${row.load.map((n) => n.toFixed(1)).join(' → ')} |`,
  )
  .join('\n')}${failure}`;
}
