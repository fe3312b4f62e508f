/**
 * `npm test`: every gate and every Vitest project, in two lanes that run at once.
 *
 * The browser project is the suite's critical path: its files run one after the other (they share
 * the API servers' behaviour, see vite.config.ts) and most of their time is spent waiting on
 * Chromium, so a 2-core machine has a core to spare while they run. The other lane uses it: the
 * Node and jsdom projects, then lint (tsc, ESLint, Prettier), then the advisory audit. Run one
 * after the other (as `npm test` used to), the same work took the sum of both lanes.
 *
 * The browser lane streams its output as it goes; the other lane's is printed, whole, when it
 * ends, so the two never interleave. Every step runs even when an earlier one failed (one run shows
 * every failure); the exit code is non-zero when any step failed, and the summary names it.
 */
import { spawn } from 'node:child_process';

interface Step {
  name: string;
  command: string[];
}

interface Outcome {
  name: string;
  code: number;
  seconds: number;
}

const vitest = ['npx', 'vitest', 'run'];
const lanes: { name: string; stream: boolean; steps: Step[] }[] = [
  {
    name: 'browser',
    stream: true,
    steps: [{ name: 'vitest: browser project (Chromium)', command: [...vitest, '--project', 'browser'] }],
  },
  {
    name: 'node',
    stream: false,
    steps: [
      // Every project but the browser one: a project added to vite.config.ts runs here by itself.
      { name: 'vitest: every other project', command: [...vitest, '--project', '!browser'] },
      { name: 'lint (tsc, ESLint, Prettier)', command: ['npm', 'run', 'lint'] },
      { name: 'audit', command: ['npm', 'run', 'audit'] },
    ],
  },
];

function run(step: Step, stream: boolean, output: string[]): Promise<number> {
  return new Promise((resolve) => {
    const [command = '', ...args] = step.command;
    const child = stream
      ? spawn(command, args, { stdio: 'inherit' })
      : // Colours stay on in the buffered lane when the output is a terminal.
        spawn(command, args, {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { FORCE_COLOR: process.stdout.isTTY ? '1' : '0', ...process.env },
        });
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.on('error', (error: Error) => {
      output.push(`${step.command.join(' ')} could not start: ${error.message}\n`);
      resolve(1);
    });
    child.on('close', (code: number | null, signal: NodeJS.Signals | null) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function runLane(lane: (typeof lanes)[number]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const step of lane.steps) {
    const output: string[] = [];
    const start = performance.now();
    const code = await run(step, lane.stream, output);
    outcomes.push({ name: step.name, code, seconds: (performance.now() - start) / 1000 });
    if (!lane.stream) {
      process.stdout.write(`\n── ${step.name} (${code === 0 ? 'passed' : `FAILED, exit code ${code}`}) ──\n`);
      process.stdout.write(output.join(''));
    }
  }
  return outcomes;
}

const start = performance.now();
const outcomes = (await Promise.all(lanes.map(runLane))).flat();
const failed = outcomes.filter((outcome) => outcome.code !== 0);
console.log(`\nnpm test: ${((performance.now() - start) / 1000).toFixed(0)} s wall, two lanes at once`);
for (const outcome of outcomes) {
  console.log(`  ${outcome.code === 0 ? 'passed' : 'FAILED'}  ${outcome.name} (${outcome.seconds.toFixed(0)} s)`);
}
if (failed.length) {
  console.error(`\n${failed.map((outcome) => outcome.name).join(', ')} failed: see its output above.`);
  process.exit(1);
}
