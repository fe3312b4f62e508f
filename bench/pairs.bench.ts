/**
 * Transition-pair coverage, measured: suite size and generation time with and without pairs on
 * the reference machines and a generated 200-state machine.
 */
import { pairPaths, generateOptions, makeSpec, pathsOf, type MachineSpec } from '@statechart/paths';
import { referenceSpec } from '../examples/reference/paths';
import { shapesSpec } from '../examples/shapes/paths';
import { generatedMachine } from './paths.bench';

function time<T>(work: () => T): { result: T; ms: number } {
  const start = performance.now();
  const result = work();
  return { result, ms: performance.now() - start };
}

export async function run(): Promise<string> {
  const specs: MachineSpec[] = [
    referenceSpec,
    shapesSpec,
    makeSpec({
      name: 'generated, 200 routable states',
      productName: 'generated',
      machine: generatedMachine(200),
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
  return `## Transition-pair coverage

The path suite as \`npm run test:paths\` generates it (states, transitions and history states),
then with the opt-in pair criterion (\`PATHS_COVERAGE=pairs\`): every pair of consecutive
transitions the sample events can take, from every state the suite reaches (URL-driven routes as
the first of a pair from the initial state only, as second from everywhere). Pairs grow with
states × events: on the generated machine (routes only) every state can be followed by every
route. Time is generation only, one run.

| machine | default suite | time | transition pairs | suite with pairs | time |
| --- | --- | --- | --- | --- | --- |
${rows.join('\n')}`;
}
