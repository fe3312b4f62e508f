/**
 * Transition-pair coverage, measured: suite size and generation time with and without pairs on
 * the reference machines and a generated 200-state machine. Writes its own section of
 * docs/BENCHMARKS.md, between `<!-- bench:pairs -->` markers. `npx tsx scripts/pairs-bench.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { generatedMachine } from '../bench/paths.bench';
import { pairPaths, generateOptions, makeSpec, pathsOf, type MachineSpec } from '@statechart/paths';
import { referenceSpec } from '../examples/reference/paths';
import { shapesSpec } from '../examples/shapes/paths';

function time<T>(work: () => T): { result: T; ms: number } {
  const start = performance.now();
  const result = work();
  return { result, ms: performance.now() - start };
}

const generated = generatedMachine(200);
const specs: MachineSpec[] = [
  referenceSpec,
  shapesSpec,
  makeSpec({
    name: 'generated, 200 routable states',
    productName: 'generated',
    machine: generated,
    params: { '*': ['/no/such/page'] },
    search: {},
    events: [],
    urls: [],
    executors: {},
    assertions: {},
  }),
];

const rows: string[] = [];
for (const spec of specs) {
  const options = generateOptions(spec);
  const base = time(() => pathsOf(spec, options));
  const pairs = time(() => pairPaths(spec.machine, options, base.result));
  const steps = (paths: { steps: unknown[] }[]) => paths.reduce((sum, path) => sum + path.steps.length, 0);
  const row = [
    spec.name,
    `${base.result.length} paths, ${steps(base.result)} steps`,
    `${Math.round(base.ms)} ms`,
    pairs.result.universe.length,
    `${base.result.length + pairs.result.paths.length} paths, ${steps(base.result) + steps(pairs.result.paths)} steps`,
    `${Math.round(base.ms + pairs.ms)} ms`,
  ].join(' | ');
  rows.push(`| ${row} |`);
  console.log(rows[rows.length - 1]);
}

const section = `<!-- bench:pairs -->
## Transition-pair coverage (\`scripts/pairs-bench.ts\`)

The path suite as \`npm run test:paths\` generates it (states, transitions and history states),
then with the opt-in pair criterion (\`PATHS_COVERAGE=pairs\`): every pair of consecutive
transitions the sample events can take, from every state the suite reaches (URL-driven routes as
the first of a pair from the initial state only, as second from everywhere). Pairs grow with
states × events: on the generated machine (routes only) every state can be followed by every
route. Time is generation only, one run on the shared 2-core machine.

| machine | default suite | time | transition pairs | suite with pairs | time |
| --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

_(\`npx tsx scripts/pairs-bench.ts\`, ${new Date().toISOString().slice(0, 10)}, load average ${loadavg()[0]?.toFixed(0)} on 2 cores: compare the columns with each other, not with the other sections)_
<!-- /bench:pairs -->`;

const file = 'docs/BENCHMARKS.md';
const text = readFileSync(file, 'utf8');
const pattern = /<!-- bench:pairs -->[\s\S]*?<!-- \/bench:pairs -->/;
writeFileSync(file, pattern.test(text) ? text.replace(pattern, section) : `${text.trimEnd()}\n\n${section}\n`);
