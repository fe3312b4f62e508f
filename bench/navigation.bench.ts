/**
 * 2. Navigation latency, 3. memory, 4. initial load, in real Chromium: ours (bench/apps/ours: the
 * generated machine in the product's shell), ours routing only (bench/apps/routing: the same
 * routing in the baselines' plain shell), a plain react-router-dom app (bench/apps/plain) and
 * TanStack Router (bench/apps/tanstack), all with the same screens, built with Vite's JS API and
 * served side by side in one process, measured interleaved in rounds so that drift hits all alike.
 * The targets compare ours routing only with the better of the two baselines; the shell's cost is
 * ours − ours routing only.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { gzipSize } from '../scripts/bundle-budget';
import { buildAndServe, type ServedApp } from '../scripts/built-app';
import { CHROMIUM_ARGS, ensureChromium } from '../scripts/chromium';
import { asciiOutput, pureReactRouter } from '../vite.config';
import { back, click, headingOf, heapAfter, ms, openApp, quantile, type Sample } from './browser';
import { initialJsByPackage } from './packages';

const SIZES = [3, 1_000];
/** BENCH_QUICK=1: a smoke run of the harness with small counts (figures not for the record). */
const QUICK = process.env.BENCH_QUICK === '1';
/** Rounds per size; each round does REPS × (Next, Next, Back, Back, Jump) in each app. */
const ROUNDS = QUICK ? 2 : 20;
const REPS = QUICK ? 2 : 10;
/** Heap after 100 and 10,000 navigations; the middle point tells a leak (still growing) from warm-up. */
/** Heap after load, after 100 navigations (warm) and 5,000 more: the growth over those 5,000 is the target's. */
const MEMORY_NAVIGATIONS = QUICK ? [0, 100, 400] : [0, 100, 5_100];
const LOADS = QUICK ? 3 : 25;
/** One frame at 60 Hz, the painted target's tolerance. */
const FRAME = 1000 / 60;

const APPS = {
  ours: 'ours (product shell)',
  routing: 'ours, routing only',
  plain: 'react-router-dom',
  tanstack: 'TanStack Router',
  xstate: '40-line XState router',
} as const;
type AppName = keyof typeof APPS;
const NAMES = Object.keys(APPS) as AppName[];
/** Back is compared with every peer, the XState floor included; clicks with that floor (issue 20). */
const PEERS = ['plain', 'tanstack', 'xstate'] as const;
const FLOOR = 'xstate' as const;
/** The order of round `k`: rotated each round, so that no app always goes first. */
const orderOf = (k: number) => NAMES.map((_, i) => NAMES[(i + k) % NAMES.length] as AppName);

async function latency(browser: Browser, apps: Record<AppName, ServedApp>) {
  const pages = {} as Record<AppName, Page>;
  for (const name of NAMES) pages[name] = await openApp(browser, apps[name]);
  const samples = Object.fromEntries(NAMES.map((name) => [name, [] as Sample[]])) as Record<AppName, Sample[]>;
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of orderOf(round)) {
      const page = pages[name];
      for (let rep = 0; rep < REPS; rep++) {
        const first = await headingOf(page);
        samples[name].push(await click(page, 'next'));
        const second = await headingOf(page);
        samples[name].push(await click(page, 'next'));
        samples[name].push(await back(page, second));
        samples[name].push(await back(page, first));
        samples[name].push(await click(page, 'jump'));
      }
    }
  }
  await Promise.all(Object.values(pages).map((page) => page.context().close()));
  return samples;
}

/** First contentful paint (median of LOADS cold loads, interleaved) and the JS the first load fetched. */
async function initialLoad(browser: Browser, apps: Record<AppName, ServedApp>) {
  const fcps = Object.fromEntries(NAMES.map((name) => [name, [] as number[]])) as Record<AppName, number[]>;
  const js = {} as Record<AppName, number>;
  for (let i = 0; i < LOADS; i++) {
    for (const name of orderOf(i)) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(apps[name].origin + '/');
      await page.locator('main h1').waitFor();
      const { fcp, scripts } = await page.evaluate(async () => {
        const entry = await new Promise<PerformanceEntry | undefined>((resolve) => {
          const found = performance.getEntriesByName('first-contentful-paint')[0];
          if (found) return resolve(found);
          new PerformanceObserver((list) => resolve(list.getEntries()[0])).observe({ type: 'paint', buffered: true });
        });
        const scripts = performance
          .getEntriesByType('resource')
          .map((resource) => new URL(resource.name).pathname)
          .filter((path) => path.endsWith('.js'));
        return { fcp: entry?.startTime ?? NaN, scripts };
      });
      fcps[name].push(fcp);
      js[name] = scripts.reduce(
        (sum, path) => sum + gzipSize(readFileSync(join(apps[name].outDir, path.replace(/^\//, '')))),
        0,
      );
      await context.close();
    }
  }
  const fcp = Object.fromEntries(NAMES.map((name) => [name, quantile(fcps[name], 0.5)])) as Record<AppName, number>;
  return { fcp, js };
}

/**
 * What the targets' misses come from, as measured in the run of 2026-11-22 (kept in the report; the
 * figures above it are this run's). Re-read it against each new run.
 */
const WHY = `### Why the misses (run of 2026-11-23, issue 20)

- **The run was on a saturated machine**: load average ~15 on 2 cores (four other engineers' tests
  and builds). Interleaving keeps the comparison fair, but p95s are set by scheduling stalls more
  than by routing; the p50s say more. Re-run on a quiet machine before acting on a p95 ratio.
- **Clicks, against the 40-line XState router.** Committed p50: ours (routing only) 4.4 ms and
  3.7 ms against the floor's 2.7 and 2.9 (3 and 1,000 routes); p95 1.89× and 1.24×. The floor does
  only \`send\` + \`pushState\`: no URL is parsed, no href computed, its links are plain
  \`<a>\`s with handlers. Ours, per click: the link's URL resolved (\`resolveLink\`, \`resolveUrl\`:
  two URL parses and the trie), \`getTransitionData\` (the probe is gone from this path),
  \`send\`, \`href()\` of the new snapshot, and every \`<Link>\` recomputing its href in its
  \`useSelector\`. What would close it: links that keep their href until their own part of the
  state changes (a selector on that part, not on the snapshot), and a click that sends the route
  event it already knows instead of re-reading its own URL.
- **Back, against the best peer.** The XState floor is best here (p95 2.9 and 3.0 ms) and ours
  misses by 2.4× and 2.6×, but against the two router libraries ours is within 1.25×
  (react-router-dom 5.5 ms at 3 routes) and below both at 1,000 routes (7.9 ms vs TanStack 8.0,
  react-router-dom 16.8). The suspected cost was measured and removed: a one-part accepted move
  no longer runs the \`getMicrosteps\` probe (a whole pure macrostep) but \`getTransitionData\`
  (the guards only). What remains is the same per-navigation work as a click.
- **Memory.** Heap snapshots diffed in node (docs/routing.md, "Memory") show nothing kept per
  navigation: the growth over the first thousands of navigations is XState memoising per state
  node on a state's first visit (~240 KB for 1,000 states) and V8's compiled code for a larger
  hot path (~450 KB, then flat). Over these 5,000 navigations: ours 0.48 MB, react-router-dom 0.34,
  the XState floor 0.33, TanStack 0.74. tests/routing/memory.test.ts fails if anything starts being
  kept per navigation. Heap after load (4.94 MB vs TanStack's 3.87): the app's machine is built
  three times (createMachine, routed(), startsAtUrl()), the last kept with its 1,000 states, each
  with a scoped in-place route transition, and XState's root-level route transitions.
- **First contentful paint at 1,000 routes** (512 ms vs TanStack's 420; at 3 routes ours is the
  fastest, 372 vs 416): the three machine builds run before the first render (section 1 gives each
  per route: startsAtUrl's rebuild is as costly as routed()'s). Composing routed() and
  startsAtUrl() on the config so that XState builds the app's machine once would remove two of
  them.
- **Initial JS: met** (85.4 KB against TanStack Router's 92.1) since \`pureReactRouter()\` lets the
  bundler drop the react-router code our one history function does not reach ("react-router's
  cost" below). The package table above comes from bench/packages.ts, which builds without that
  transform, so it still shows react-router at 10.7 KB: its total is the untransformed build's.`;

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** A difference in KB with its sign, ± when it rounds to zero. */
const signed = (bytes: number) =>
  `${Math.abs(bytes) < 0.05 * 1024 ? '±' : bytes > 0 ? '+' : '−'}${kb(Math.abs(bytes))}`;
const verdict = (met: boolean, missed: string) => (met ? '**met**' : `**missed** by ${missed}`);

export async function run(): Promise<string> {
  const root = fileURLToPath(new URL('.', import.meta.url));
  const browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_ARGS });
  const latencyRows: string[] = [];
  const notes: string[] = [];
  const memoryRows: string[] = [];
  const loadRows: string[] = [];
  const verdicts: string[] = [];
  const shell: string[] = [];
  try {
    for (const size of SIZES) {
      const define = { __BENCH_ROUTES__: String(size) };
      const apps = {} as Record<AppName, ServedApp>;
      // Ours are built with our build's plugins (vite.config.ts: react-router's transform, ASCII
      // output); peers as they ship.
      for (const name of NAMES) {
        const plugins = name === 'ours' || name === 'routing' ? [pureReactRouter(), asciiOutput()] : [];
        apps[name] = await buildAndServe({ root: join(root, 'apps', name), define, plugins });
      }
      const at = size.toLocaleString('en');
      try {
        console.log(`bench: navigation, ${size} routes…`);
        const samples = await latency(browser, apps);
        for (const kind of ['click', 'pop'] as const) {
          const pick = (name: AppName, field: 'committed' | 'painted') =>
            samples[name].filter((sample) => sample.kind === kind).map((sample) => sample[field]);
          const stat = (name: AppName, field: 'committed' | 'painted', q: number) => quantile(pick(name, field), q);
          const label = kind === 'click' ? 'click' : 'popstate (Back)';
          for (const field of ['committed', 'painted'] as const) {
            const best95 = Math.min(...PEERS.map((peer) => stat(peer, field, 0.95)));
            latencyRows.push(
              `| ${at} | ${label} → ${field} | ${pick('routing', field).length} | ${NAMES.map((name) => `${ms(stat(name, field, 0.5))} / ${ms(stat(name, field, 0.95))}`).join(' | ')} | ${(stat('routing', field, 0.95) / best95).toFixed(2)}× |`,
            );
          }
          const better = (field: 'committed' | 'painted', q: number) =>
            PEERS.reduce((best, peer) => (stat(peer, field, q) < stat(best, field, q) ? peer : best));
          // Issue 20: a click within 1.05× the XState floor; Back at or below the best peer, the floor included.
          const peer95 = kind === 'click' ? FLOOR : better('committed', 0.95);
          const limit = kind === 'click' ? 1.05 : 1;
          const ratio95 = stat('routing', 'committed', 0.95) / stat(peer95, 'committed', 0.95);
          verdicts.push(
            `${at} routes: ${label} → committed p95, routing only ${ms(stat('routing', 'committed', 0.95))} = ${ratio95.toFixed(2)}× ${kind === 'click' ? 'the XState floor' : 'the best peer'} (${APPS[peer95]}, ${ms(stat(peer95, 'committed', 0.95))}); target ≤ ${limit.toFixed(2)}×: ${verdict(ratio95 <= limit, `${((ratio95 - limit) * 100).toFixed(0)} points (${ms(stat('routing', 'committed', 0.95) - limit * stat(peer95, 'committed', 0.95))})`)}.`,
          );
          if (kind === 'click') {
            const peer50 = better('painted', 0.5);
            const gap = stat('routing', 'painted', 0.5) - stat(peer50, 'painted', 0.5);
            verdicts.push(
              `${at} routes: click → painted p50, routing only ${ms(stat('routing', 'painted', 0.5))} vs the better peer's ${ms(stat(peer50, 'painted', 0.5))} (${APPS[peer50]}); target within one frame (${ms(FRAME)}): ${verdict(gap <= FRAME, ms(gap - FRAME))}.`,
            );
            const late = (name: AppName) => {
              const list = samples[name].filter((sample) => sample.kind === 'click');
              return `${((list.filter((sample) => sample.committed > FRAME).length / list.length) * 100).toFixed(0)}%`;
            };
            notes.push(
              `${at} routes: clicks committed later than one frame after the click: ${NAMES.map((name) => `${APPS[name]} ${late(name)}`).join(', ')}.`,
            );
          }
          shell.push(
            `${at} routes, ${label}: the shell adds ${ms(stat('ours', 'committed', 0.5) - stat('routing', 'committed', 0.5))} to committed p50 and ${ms(stat('ours', 'painted', 0.5) - stat('routing', 'painted', 0.5))} to painted p50.`,
          );
        }
        if (size === SIZES[SIZES.length - 1]) {
          console.log(`bench: memory, ${size} routes…`);
          // Heap is per page (each in its own context and renderer), so the apps run side by side.
          const memoryApps = ['routing', 'plain', 'tanstack', 'ours', 'xstate'] as const;
          const heaps = await Promise.all(memoryApps.map((name) => heapAfter(browser, apps[name], MEMORY_NAVIGATIONS)));
          const growth = (list: number[]) => (list[2] ?? NaN) - (list[1] ?? NaN);
          memoryApps.forEach((name, i) => {
            const list = heaps[i] as number[];
            memoryRows.push(`| ${APPS[name]} | ${at} | ${list.map(mb).join(' | ')} | ${mb(growth(list))} |`);
          });
          const [routing, plain, tanstack] = heaps as [number[], number[], number[]];
          const span = ((MEMORY_NAVIGATIONS[2] ?? 0) - (MEMORY_NAVIGATIONS[1] ?? 0)).toLocaleString('en');
          verdicts.push(
            `Memory: heap growth over ${span} navigations (after ${MEMORY_NAVIGATIONS[1]} to warm up), routing only ${mb(growth(routing))} vs react-router-dom ${mb(growth(plain))}; target ≤ react-router-dom's: ${verdict(growth(routing) <= growth(plain), mb(growth(routing) - growth(plain)))}.`,
            `Memory: heap after load, routing only ${mb(routing[0] ?? NaN)} vs TanStack Router ${mb(tanstack[0] ?? NaN)}; target ≤ TanStack's: ${verdict((routing[0] ?? NaN) <= (tanstack[0] ?? NaN), mb((routing[0] ?? NaN) - (tanstack[0] ?? NaN)))}.`,
          );
        }
        console.log(`bench: initial load, ${size} routes…`);
        const load = await initialLoad(browser, apps);
        loadRows.push(`| ${at} | ${NAMES.map((name) => `${ms(load.fcp[name])} | ${kb(load.js[name])}`).join(' | ')} |`);
        if (size === SIZES[SIZES.length - 1]) {
          verdicts.push(
            `${at} routes: first contentful paint, routing only ${ms(load.fcp.routing)} vs TanStack Router ${ms(load.fcp.tanstack)}; target ≤ TanStack's: ${verdict(load.fcp.routing <= load.fcp.tanstack, ms(load.fcp.routing - load.fcp.tanstack))}.`,
          );
        } else {
          verdicts.push(
            `${at} routes: initial JS, routing only ${kb(load.js.routing)} vs TanStack Router ${kb(load.js.tanstack)}; target ≤ TanStack's: ${verdict(load.js.routing <= load.js.tanstack, kb(load.js.routing - load.js.tanstack))}.`,
          );
        }
      } finally {
        await Promise.all(Object.values(apps).map((app) => app.close()));
      }
    }
  } finally {
    await browser.close();
  }
  const define = { __BENCH_ROUTES__: '3' };
  const byPackage = {
    routing: await initialJsByPackage({
      root: join(root, 'apps/routing'),
      define,
      plugins: [pureReactRouter(), asciiOutput()],
    }),
    tanstack: await initialJsByPackage({ root: join(root, 'apps/tanstack'), define }),
    plain: await initialJsByPackage({ root: join(root, 'apps/plain'), define }),
  };
  const packages = [...new Set(Object.values(byPackage).flatMap((sizes) => [...sizes.keys()]))].sort(
    (a, b) => (byPackage.routing.get(b) ?? 0) - (byPackage.routing.get(a) ?? 0) || a.localeCompare(b),
  );
  const total = (sizes: Map<string, number>) => [...sizes.values()].reduce((sum, value) => sum + value, 0);
  const get = (name: keyof typeof byPackage, pkg: string) => byPackage[name].get(pkg) ?? 0;
  const packageRows = packages.map(
    (pkg) =>
      `| ${pkg} | ${kb(get('routing', pkg))} | ${kb(get('tanstack', pkg))} | ${kb(get('plain', pkg))} | ${signed(get('routing', pkg) - get('tanstack', pkg))} |`,
  );
  const perKind = ROUNDS * REPS;
  return `## 2. Navigation latency (real Chromium)

Four apps with the same generated screens, each built with Vite's JS API and served side by side,
all open in one headless Chromium, interleaved in ${ROUNDS} rounds (the order rotating each round) of
${REPS} × (Next, Next, Back, Back, Jump): ${perKind * 3} clicks and ${perKind * 2} Backs per app and size:

- **${APPS.ours}** (bench/apps/ours): the generated machine in the product's shell, with its title,
  announcement, focus and scroll work after each navigation;
- **${APPS.routing}** (bench/apps/routing): the same machine, route table, URL sync and views in the
  baselines' plain shell markup, without the shell's effects: routing compared like for like;
- **${APPS.plain}** (bench/apps/plain): declarative \`BrowserRouter\`, a \`<Route>\` per screen;
- **${APPS.tanstack}** (bench/apps/tanstack): \`@tanstack/react-router\`, code-based routes, no codegen,
  no preloading (its default).

Clicks are real mouse input (CDP). Times start at the event's own timeStamp (click or popstate,
captured before app code); **committed** = the new screen's heading is in the DOM
(MutationObserver); **painted** = a frame later (requestAnimationFrame, then a task). Cells are p50 / p95.

| routes | navigation | n | ${NAMES.map((name) => APPS[name]).join(' | ')} | routing only p95 ÷ best peer |
| --- | --- | --- | ${NAMES.map(() => '---').join(' | ')} | --- |
${latencyRows.join('\n')}

${notes.map((line) => `- ${line}`).join('\n')}

The shell's cost (ours − routing only):

${shell.map((line) => `- ${line}`).join('\n')}

## 3. Memory

JS heap (CDP \`Runtime.getHeapUsage\` after two \`HeapProfiler.collectGarbage\`) after load and after ${MEMORY_NAVIGATIONS.slice(
    1,
  )
    .map((n) => n.toLocaleString('en'))
    .join(
      ' and ',
    )} in-page navigations (alternating a Next click and Back, each awaited to the painted frame), each app in
a fresh page of its own context, the apps side by side.

| app | routes | ${MEMORY_NAVIGATIONS.map((n) => (n === 0 ? 'heap after load' : `heap after ${n.toLocaleString('en')}`)).join(' | ')} | growth ${(MEMORY_NAVIGATIONS[1] ?? 0).toLocaleString('en')} → ${(MEMORY_NAVIGATIONS[2] ?? 0).toLocaleString('en')} |
| --- | --- | --- | --- | --- | --- |
${memoryRows.join('\n')}

## 4. Initial load

First contentful paint (median of ${LOADS} cold loads each, interleaved, fresh context) and the JS the
first load fetched (gzip -9 of each .js file the page loaded).

| routes | ${NAMES.map((name) => `${APPS[name]}: FCP | JS`).join(' | ')} |
| --- | ${NAMES.map(() => '--- | ---').join(' | ')} |
${loadRows.join('\n')}

Initial JS by package, 3 routes (bench/packages.ts: each byte of the initial chunks attributed to a
package by the source map, each package's share of the gzipped total being its share of the bytes;
approximate per package, exact in total):

| package | ours, routing only | TanStack Router | react-router-dom | routing only − TanStack |
| --- | --- | --- | --- | --- |
${packageRows.join('\n')}
| **total** | **${kb(total(byPackage.routing))}** | **${kb(total(byPackage.tanstack))}** | **${kb(total(byPackage.plain))}** | **${signed(total(byPackage.routing) - total(byPackage.tanstack))}** |

### Targets

${verdicts.map((line) => `- ${line}`).join('\n')}

${WHY}`;
}
