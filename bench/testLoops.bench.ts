/**
 * The test loops' wall time against their goals (issues 33 and 44): `npm test` (everything this
 * repository holds) within 4 minutes on 2 cores, a new product's own `npm test` within 60 s, and
 * within 90 s once it has the six features of a team's first weeks. Not run here:
 * each loop records its last run on this machine when it runs anyway (scripts/testTimes.ts;
 * `npm test`, and `npm run test:create` for a product made by create-statechart-app), and this
 * section reports those records with their date, commit and load.
 */
import { readTestTimes, type TestTime } from '../scripts/testTimes';

const GOALS: { name: string; command: string; goal: number }[] = [
  { name: 'npm test', command: '`npm test`', goal: 240 },
  { name: "a new product's npm test", command: '`npm test` in a product made by `npm run test:create`', goal: 60 },
  {
    name: "a product's npm test, six features in",
    command: '`npm test` in that product after its first weeks (scripts/outside/firstWeeks.ts)',
    goal: 90,
  },
];

const row = (name: string, command: string, goal: number, time: TestTime | undefined) =>
  time
    ? `| ${command} | ${time.seconds.toFixed(0)} s | ${goal} s | ${time.passed ? (time.seconds <= goal ? '**met**' : `**missed** by ${(time.seconds - goal).toFixed(0)} s`) : 'the run failed: not a figure'} | ${time.at.slice(0, 16).replace('T', ' ')} UTC, ${time.commit}, ${time.cores} cores, load ${time.load.map((n) => n.toFixed(1)).join(' → ')} |`
    : `| ${command} | not measured on this machine yet: run it once | ${goal} s | — | — |`;

export async function run(): Promise<string> {
  const times = readTestTimes();
  const jobs = times['npm test']?.jobs ?? [];
  return `## Test loops

What a team waits for, many times a day: each loop's last run on this machine, recorded by the loop
itself (scripts/testTimes.ts), against the goal of issue 33. \`npm test\` runs two jobs at a time
(scripts/test.ts): the Chromium projects beside the rest.

| loop | wall | goal | verdict | measured |
| --- | --- | --- | --- | --- |
${GOALS.map(({ name, command, goal }) => row(name, command, goal, times[name])).join('\n')}
${jobs.length ? `\nThe jobs of that \`npm test\` run: ${jobs.map((job) => `${job.name} ${job.seconds.toFixed(0)} s`).join('; ')}.\n` : ''}`;
}
