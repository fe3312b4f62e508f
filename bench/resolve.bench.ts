/**
 * 1. URL → state resolution, per URL: our resolveUrl (segment trie, built once from the machine)
 * vs react-router's matchRoutes on the same table, at 10, 100, 1,000 and 10,000 routes.
 * Target: ours ≤ 10 µs per URL at every size, and flat (10,000 / 10 ≤ 2×).
 */
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { startsAtUrl, buildRouteTable, resolveUrl } from '@statechart/core';
import { generatedMachine, sampleUrls } from '../examples/generated/generated';
import { generatedScreens } from '../examples/generated/screenList';

const SIZES = [10, 100, 1_000, 10_000];

/** Mean µs per call of `work`, over batches of ≥ `minMs`, best of `repeats` (noise only adds). */
function microsPerCall(work: () => void, minMs: number, repeats = 5): number {
  for (let i = 0; i < 3; i++) work(); // warm up the JIT
  let best = Infinity;
  for (let r = 0; r < repeats; r++) {
    let calls = 0;
    const start = performance.now();
    let elapsed = 0;
    do {
      work();
      calls++;
      elapsed = performance.now() - start;
    } while (elapsed < minMs);
    best = Math.min(best, (elapsed * 1000) / calls);
  }
  return best;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const perRoute = (ms: number, size: number) => `${((ms * 1000) / size).toFixed(0)} µs`;

/**
 * Start-up as the app does it, per stage, median of several runs: the machine (routed()'s config
 * rewrite; the author's machine from keepRouteTypes() and the routed one are built only on first
 * use, which the app never makes), startsAtUrl() (the build the actor runs, with the boot state),
 * the table. Interleaved with the same start-up when the routed machine is built as well (touching
 * its `root`): one machine build more, as before issue 20's fifth session (then the author's).
 * Side by side in one run, the drift of a shared machine hits both.
 */
function startUpBuilds(size: number) {
  const runs = size >= 10_000 ? 3 : 7;
  const stages = { machine: [] as number[], boot: [] as number[], table: [] as number[], now: [] as number[] };
  const before: number[] = [];
  let table: ReturnType<typeof buildRouteTable> | undefined;
  for (let run = 0; run < runs * 2; run++) {
    const eager = run % 2 === 1;
    const start = performance.now();
    const machine = generatedMachine(size);
    if (eager) void machine.root;
    const built = performance.now();
    const booting = startsAtUrl(machine);
    const booted = performance.now();
    table = buildRouteTable(booting);
    const end = performance.now();
    if (eager) {
      before.push(end - start);
      continue;
    }
    stages.machine.push(built - start);
    stages.boot.push(booted - built);
    stages.table.push(end - booted);
    stages.now.push(end - start);
  }
  return {
    table: table as ReturnType<typeof buildRouteTable>,
    machineMs: median(stages.machine),
    bootMs: median(stages.boot),
    tableMs: median(stages.table),
    now: median(stages.now),
    before: median(before),
  };
}

const fmt = (us: number) => (us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(2)} µs`);

export async function run(): Promise<string> {
  const rows: string[] = [];
  const ours: number[] = [];
  for (const size of SIZES) {
    const startUp = startUpBuilds(size);
    const { table } = startUp;
    const routes: RouteObject[] = generatedScreens(size).map((screen) => ({ path: screen.path }));
    const urls = sampleUrls(size);
    // Same answers first: both find the same screen (or none) for every sample URL.
    for (const url of urls) {
      const mine = resolveUrl(table, url)[0]?.route.meta.path;
      const theirs = matchRoutes(routes, url)?.[0]?.route.path;
      if ((mine === '*' ? undefined : mine) !== theirs) throw new Error(`${url}: ours ${mine}, matchRoutes ${theirs}`);
    }
    const perUrlOurs =
      microsPerCall(() => {
        for (const url of urls) resolveUrl(table, url);
      }, 100) / urls.length;
    const perUrlRR =
      microsPerCall(
        () => {
          for (const url of urls) matchRoutes(routes, url);
        },
        size >= 1_000 ? 400 : 100,
        size >= 10_000 ? 2 : 5,
      ) / urls.length;
    ours.push(perUrlOurs);
    rows.push(
      `| ${size.toLocaleString('en')} | ${fmt(perUrlOurs)} | ${fmt(perUrlRR)} | ${(perUrlRR / perUrlOurs).toFixed(0)}× | ${startUp.now.toFixed(0)} ms | ${perRoute(startUp.machineMs, size)} + ${perRoute(startUp.bootMs, size)} + ${perRoute(startUp.tableMs, size)} | ${startUp.before.toFixed(0)} ms (${(startUp.before / startUp.now).toFixed(2)}×) |`,
    );
  }
  const flatness = (ours[ours.length - 1] ?? NaN) / (ours[0] ?? NaN);
  const worst = Math.max(...ours);
  return `## 1. URL → state resolution

Per URL, mean over the sample (${sampleUrls(10).length} URLs: first, middle and last screen, a screen with an int param, and one nothing matches),
best of several batches. Ours: \`resolveUrl\` on the route table built once from a generated machine
(\`routed()\`, one routable state per screen; examples/generated/generated.ts). react-router: \`matchRoutes\` on
the same paths. Both are checked to give the same answer first. Start-up: the median of 7 builds
(3 at 10,000 routes) of machine (\`routed()\`'s config rewrite: the author's machine, made through
\`keepRouteTypes()\` as the product's is, is built only on first use, which start-up never makes),
\`startsAtUrl()\` (the one build start-up makes) and route table, interleaved with as many that also
build one more machine of the same states (the routed one): what start-up cost when it built the
author's machine too.

| routes | ours (resolveUrl) | react-router matchRoutes | matchRoutes / ours | start-up build | per route: machine + startsAtUrl + table | with one machine built more (before) |
| --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

Target ≤ 10 µs per URL at every size: ${worst <= 10 ? `**met** (worst ${fmt(worst)})` : `**missed**: worst ${fmt(worst)}`}.
Flat (10,000 / 10 ≤ 2×): ${flatness <= 2 ? '**met**' : '**missed**'} (${flatness.toFixed(2)}×).`;
}
