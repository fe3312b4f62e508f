/**
 * 2. Navigation latency, 3. memory, 4. initial load, in real Chromium: ours (bench/apps/ours: the
 * generated machine in the product's shell) vs a plain react-router-dom app (bench/apps/plain:
 * declarative BrowserRouter, the same screens), both built with Vite's JS API and served side by
 * side in one process, measured interleaved in rounds so that drift hits both alike.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { gzipSize } from '../scripts/bundle-budget';
import { buildAndServe, type ServedApp } from '../scripts/built-app';
import { CHROMIUM_ARGS, ensureChromium } from '../scripts/chromium';

const SIZES = [3, 1_000];
/** BENCH_QUICK=1: a smoke run of the harness with small counts (figures not for the record). */
const QUICK = process.env.BENCH_QUICK === '1';
/** Rounds per size; each round does REPS × (Next, Next, Back, Back, Jump) in each app. */
const ROUNDS = QUICK ? 2 : 25;
const REPS = QUICK ? 2 : 10;
/** Heap after 100 and 10,000 navigations; the middle point tells a leak (still growing) from warm-up. */
const MEMORY_NAVIGATIONS = QUICK ? [100, 250, 400] : [100, 5_000, 10_000];
const LOADS = QUICK ? 3 : 30;

type AppName = 'ours' | 'plain';
interface Sample {
  kind: 'click' | 'pop';
  committed: number;
  painted: number;
}

/**
 * In the page, before the app: timestamps the trigger (the click or popstate event's own
 * timeStamp, in the capture phase, before any app code), then "committed" when the expected
 * heading is in the DOM (a MutationObserver, so in the task that committed it), then "painted"
 * a frame later (requestAnimationFrame, then a task after that frame).
 */
function harness() {
  const bench = {
    start: 0,
    kind: 'click' as 'click' | 'pop',
    expect: '',
    done: Promise.resolve(undefined as unknown),
    resolve: (() => {}) as (sample: unknown) => void,
    samples: [] as unknown[],
  };
  Object.assign(window, { __bench: bench });
  document.addEventListener(
    'click',
    (event) => {
      bench.start = event.timeStamp;
      bench.kind = 'click';
    },
    true,
  );
  window.addEventListener(
    'popstate',
    (event) => {
      bench.start = event.timeStamp;
      bench.kind = 'pop';
    },
    true,
  );
  let committedAt = 0;
  new MutationObserver(() => {
    if (!bench.expect || committedAt) return;
    if (document.querySelector('main h1')?.textContent !== bench.expect) return;
    committedAt = performance.now();
    const start = bench.start;
    const kind = bench.kind;
    requestAnimationFrame(() =>
      setTimeout(() => {
        const sample = { kind, committed: committedAt - start, painted: performance.now() - start };
        bench.expect = '';
        committedAt = 0;
        bench.resolve(sample);
      }),
    );
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

interface BenchWindow {
  __bench: { expect: string; done: Promise<Sample>; resolve: (sample: Sample) => void };
}

/** Arms the harness for the heading `expect`; returns the centre of the link to click, if any. */
function arm(page: Page, expect: string, linkId?: string) {
  return page.evaluate(
    ({ expect, linkId }) => {
      const bench = (window as unknown as BenchWindow).__bench;
      bench.expect = expect;
      bench.done = new Promise((resolve) => (bench.resolve = resolve));
      if (!linkId) return null;
      const box = document.getElementById(linkId)?.getBoundingClientRect();
      return box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null;
    },
    { expect, linkId },
  );
}
const settled = (page: Page) => page.evaluate(() => (window as unknown as BenchWindow).__bench.done);
const headingOf = (page: Page) => page.evaluate(() => document.querySelector('main h1')?.textContent ?? '');

async function click(page: Page, linkId: 'next' | 'jump'): Promise<Sample> {
  // The heading the link leads to is the link's target screen: read it from the href.
  const target = await page.evaluate((id) => {
    const href = (document.getElementById(id) as HTMLAnchorElement).pathname;
    const k = href === '/' ? 0 : Number(href.split('/')[1]?.slice(1));
    return `Screen ${k}`;
  }, linkId);
  const at = await arm(page, target, linkId);
  if (!at) throw new Error(`no #${linkId} link on ${page.url()}`);
  await page.mouse.click(at.x, at.y);
  return settled(page);
}

async function back(page: Page, expect: string): Promise<Sample> {
  await arm(page, expect);
  await page.evaluate(() => history.back());
  return settled(page);
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const ratio = (ours: number, plain: number) => `${(ours / plain).toFixed(2)}×`;

async function openApp(browser: Browser, app: ServedApp): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  // tsx compiles with keepNames: functions sent to the page call its __name helper.
  await page.addInitScript('globalThis.__name = (target) => target;');
  await page.addInitScript(harness);
  await page.goto(app.origin + '/');
  await page.waitForFunction(() => (window as unknown as { __benchReady?: boolean }).__benchReady === true);
  await page.locator('main h1').waitFor();
  return page;
}

async function latency(browser: Browser, apps: Record<AppName, ServedApp>) {
  const pages = { ours: await openApp(browser, apps.ours), plain: await openApp(browser, apps.plain) };
  const samples: Record<AppName, Sample[]> = { ours: [], plain: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order: AppName[] = round % 2 ? ['plain', 'ours'] : ['ours', 'plain'];
    for (const name of order) {
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

/** JS heap after a forced GC, after `count` in-page navigations (Next clicks and Backs). */
async function heapAfter(browser: Browser, app: ServedApp, counts: number[]): Promise<number[]> {
  const page = await openApp(browser, app);
  const cdp = await page.context().newCDPSession(page);
  const heaps: number[] = [];
  let done = 0;
  for (const count of counts) {
    await page.evaluate(async (n) => {
      const bench = (window as unknown as BenchWindow).__bench;
      const heading = () => document.querySelector('main h1')?.textContent ?? '';
      const wait = (expect: string) => {
        bench.expect = expect;
        return new Promise<unknown>((resolve) => (bench.resolve = resolve));
      };
      for (let i = 0; i < n; i += 2) {
        const before = heading();
        const link = document.getElementById('next') as HTMLAnchorElement;
        const k = link.pathname === '/' ? 0 : Number(link.pathname.split('/')[1]?.slice(1));
        const clicked = wait(`Screen ${k}`);
        link.click();
        await clicked;
        const backed = wait(before);
        history.back();
        await backed;
      }
    }, count - done);
    done = count;
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    heaps.push(usedSize);
  }
  await page.context().close();
  return heaps;
}

/** First contentful paint and the JS the first load fetched (gzip -9 of each file), median of LOADS. */
async function initialLoad(browser: Browser, apps: Record<AppName, ServedApp>) {
  const fcps: Record<AppName, number[]> = { ours: [], plain: [] };
  const js: Record<AppName, number> = { ours: 0, plain: 0 };
  for (let i = 0; i < LOADS; i++) {
    for (const name of (i % 2 ? ['plain', 'ours'] : ['ours', 'plain']) as AppName[]) {
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
  return { fcp: { ours: quantile(fcps.ours, 0.5), plain: quantile(fcps.plain, 0.5) }, js };
}

export async function run(): Promise<string> {
  const root = fileURLToPath(new URL('.', import.meta.url));
  const browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_ARGS });
  const latencyRows: string[] = [];
  const paintedNotes: string[] = [];
  const memoryRows: string[] = [];
  const loadRows: string[] = [];
  let verdicts: string[] = [];
  let memoryNote = '';
  try {
    for (const size of SIZES) {
      const define = { __BENCH_ROUTES__: String(size) };
      const apps = {
        ours: await buildAndServe({ root: join(root, 'apps/ours'), define }),
        plain: await buildAndServe({ root: join(root, 'apps/plain'), define }),
      };
      try {
        console.log(`bench: navigation, ${size} routes…`);
        const samples = await latency(browser, apps);
        for (const kind of ['click', 'pop'] as const) {
          const pick = (name: AppName, field: 'committed' | 'painted') =>
            samples[name].filter((sample) => sample.kind === kind).map((sample) => sample[field]);
          const count = pick('ours', 'committed').length;
          const stat = (name: AppName, field: 'committed' | 'painted', q: number) => quantile(pick(name, field), q);
          latencyRows.push(
            `| ${size.toLocaleString('en')} | ${kind === 'click' ? 'click' : 'popstate (Back)'} → committed | ${count} | ${ms(stat('ours', 'committed', 0.5))} / ${ms(stat('plain', 'committed', 0.5))} | ${ms(stat('ours', 'committed', 0.95))} / ${ms(stat('plain', 'committed', 0.95))} | ${ratio(stat('ours', 'committed', 0.95), stat('plain', 'committed', 0.95))} |`,
            `| ${size.toLocaleString('en')} | ${kind === 'click' ? 'click' : 'popstate (Back)'} → painted | ${count} | ${ms(stat('ours', 'painted', 0.5))} / ${ms(stat('plain', 'painted', 0.5))} | ${ms(stat('ours', 'painted', 0.95))} / ${ms(stat('plain', 'painted', 0.95))} | ${ratio(stat('ours', 'painted', 0.95), stat('plain', 'painted', 0.95))} |`,
          );
          if (kind === 'pop') {
            const p95 = stat('ours', 'committed', 0.95) / stat('plain', 'committed', 0.95);
            verdicts.push(
              `${size.toLocaleString('en')} routes: popstate → committed p95 ${ratio(stat('ours', 'committed', 0.95), stat('plain', 'committed', 0.95))} the plain app's (target ≤ 1.05×: ${p95 <= 1.05 ? '**met**' : `**missed** by ${((p95 - 1.05) * 100).toFixed(0)} points`}); popstate → painted p50 ${ms(stat('ours', 'painted', 0.5))} vs ${ms(stat('plain', 'painted', 0.5))}.`,
            );
          }
          if (kind === 'click') {
            const p95 = stat('ours', 'committed', 0.95) / stat('plain', 'committed', 0.95);
            const painted = stat('ours', 'painted', 0.5);
            verdicts.push(
              `${size.toLocaleString('en')} routes: click → committed p95 ${ratio(stat('ours', 'committed', 0.95), stat('plain', 'committed', 0.95))} the plain app's (target ≤ 1.05×: ${p95 <= 1.05 ? '**met**' : `**missed** by ${((p95 - 1.05) * 100).toFixed(0)} points`}); click → painted p50 ${ms(painted)} (target ≤ 8 ms: ${painted <= 8 ? '**met**' : `**missed** by ${ms(painted - 8)}`}).`,
            );
            // How often a frame of the old screen was painted first: commit later than the next frame.
            const late = (name: AppName) => {
              const list = samples[name].filter((sample) => sample.kind === 'click');
              return list.filter((sample) => sample.committed > 16.7).length / list.length;
            };
            paintedNotes.push(
              `${size.toLocaleString('en')} routes: clicks committed later than one frame (16.7 ms) after the click: ours ${(late('ours') * 100).toFixed(0)}%, plain ${(late('plain') * 100).toFixed(0)}%.`,
            );
          }
        }
        if (size === SIZES[SIZES.length - 1]) {
          console.log(`bench: memory, ${size} routes…`);
          const ours = await heapAfter(browser, apps.ours, MEMORY_NAVIGATIONS);
          const plain = await heapAfter(browser, apps.plain, MEMORY_NAVIGATIONS);
          const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MB`;
          const growth = (heaps: number[], from = 0) => (heaps[2] ?? NaN) - (heaps[from] ?? NaN);
          const row = (name: string, heaps: number[]) =>
            `| ${name} | ${size.toLocaleString('en')} | ${heaps.map(mb).join(' | ')} | ${mb(growth(heaps))} | ${mb(growth(heaps, 1))} |`;
          memoryRows.push(row('ours', ours), row('plain react-router-dom', plain));
          const met = growth(ours) <= Math.max(growth(plain), 0) + 0.1 * 2 ** 20;
          memoryNote = `Here the last ${((MEMORY_NAVIGATIONS[2] ?? 0) - (MEMORY_NAVIGATIONS[1] ?? 0)).toLocaleString('en')} navigations added ${mb(growth(ours, 1))} to ours and ${mb(growth(plain, 1))} to the plain app, against ${mb(growth(ours) - growth(ours, 1))} and ${mb(growth(plain) - growth(plain, 1))} in the first ${(MEMORY_NAVIGATIONS[1] ?? 0).toLocaleString('en')}: ${growth(ours, 1) < 0.25 * growth(ours) ? 'the growth is front-loaded (warm-up), not a steady leak' : 'ours keeps growing: look for a leak'}.`;
          verdicts.push(
            `Memory: growth from ${MEMORY_NAVIGATIONS[0]} to ${(MEMORY_NAVIGATIONS[2] ?? 0).toLocaleString('en')} navigations ours ${mb(growth(ours))} vs plain ${mb(growth(plain))} (target: no larger than the plain app's, 0.1 MB allowed for GC noise: ${met ? '**met**' : `**missed** by ${mb(growth(ours) - growth(plain))}`}); over the last ${((MEMORY_NAVIGATIONS[2] ?? 0) - (MEMORY_NAVIGATIONS[1] ?? 0)).toLocaleString('en')}: ours ${mb(growth(ours, 1))}, plain ${mb(growth(plain, 1))}.`,
          );
        }
        console.log(`bench: initial load, ${size} routes…`);
        const load = await initialLoad(browser, apps);
        loadRows.push(
          `| ${size.toLocaleString('en')} | ${ms(load.fcp.ours)} / ${ms(load.fcp.plain)} | ${ratio(load.fcp.ours, load.fcp.plain)} | ${(load.js.ours / 1024).toFixed(1)} KB / ${(load.js.plain / 1024).toFixed(1)} KB | ${ratio(load.js.ours, load.js.plain)} |`,
        );
      } finally {
        await Promise.all([apps.ours.close(), apps.plain.close()]);
      }
    }
  } finally {
    await browser.close();
  }
  const perKind = ROUNDS * REPS;
  verdicts = verdicts.map((line) => `- ${line}`);
  return `## 2. Navigation latency (real Chromium)

Ours (bench/apps/ours: the generated machine in the product's shell and views, with its focus, title
and announcement work) vs a plain react-router-dom app (bench/apps/plain: declarative BrowserRouter,
a \`<Route>\` per screen, the same screens and shell markup, no focus or title handling), each built
with Vite's JS API, served side by side, both open in one headless Chromium, interleaved in ${ROUNDS}
rounds (alternating which goes first) of ${REPS} × (Next, Next, Back, Back, Jump): ${perKind * 3} clicks
and ${perKind * 2} Backs per app and size. Clicks are real mouse input (CDP). Times start at the
event's own timeStamp (click or popstate, captured before app code); **committed** = the new
screen's heading is in the DOM (MutationObserver); **painted** = a frame later (requestAnimationFrame,
then a task).

| routes | navigation | n (ours) | p50 ours / plain | p95 ours / plain | p95 ratio |
| --- | --- | --- | --- | --- | --- |
${latencyRows.join('\n')}

${paintedNotes.map((line) => `- ${line}`).join('\n')}

## 3. Memory

JS heap (CDP \`Runtime.getHeapUsage\` after two \`HeapProfiler.collectGarbage\`) after ${MEMORY_NAVIGATIONS.map((n) => n.toLocaleString('en')).join(', ')}
in-page navigations (alternating a Next click and Back, each awaited to the painted frame), each app in a fresh page.

| app | routes | ${MEMORY_NAVIGATIONS.map((n) => `heap after ${n.toLocaleString('en')}`).join(' | ')} | growth ${MEMORY_NAVIGATIONS[0]} → ${(MEMORY_NAVIGATIONS[2] ?? 0).toLocaleString('en')} | growth ${(MEMORY_NAVIGATIONS[1] ?? 0).toLocaleString('en')} → ${(MEMORY_NAVIGATIONS[2] ?? 0).toLocaleString('en')} |
| --- | --- | --- | --- | --- | --- | --- |
${memoryRows.join('\n')}

## 4. Initial load

First contentful paint (median of ${LOADS} cold loads each, interleaved, fresh context) and total JS
fetched by the first load (gzip -9 of each .js file the page loaded).

| routes | FCP ours / plain | FCP ratio | total JS ours / plain | JS ratio |
| --- | --- | --- | --- | --- |
${loadRows.join('\n')}

### Targets

${verdicts.join('\n')}

### Why the misses

- **Click → painted p50 ≤ 8 ms.** Ours commits in the click's own task (committed p50 above, and
  almost no click commits later than a frame), so the first frame painted after the click shows the
  new screen. What remains is the wait for that frame: headless Chromium paints at 60 Hz, so a frame
  comes on average ~8 ms after an arbitrary moment, plus the task after it that observes it. On this
  machine that puts click → painted near committed + 8–10 ms for any router that commits in the
  click's task; the plain app, which commits in a later task (startTransition), pays a frame more.
- **Popstate → committed at 3 routes.** Ours does its whole navigation in the popstate task: URL →
  route events → the machine's transition, the React commit, and the shell's effects (title, focus
  on the new heading, which forces a layout, and scroll restoration), all counted in "committed".
  The plain app commits in a later task with no focus, title or scroll work, so its commit lands
  sooner after popstate, but its frame is not painted any earlier: compare the painted rows. A CPU
  profile of 400 navigations of this app (CDP Profiler, 2026-11-22) puts the largest share in
  \`focus()\` on the new heading (~0.7 ms each, the forced style and layout), which the contract
  requires; moving it after the commit would improve this figure without painting sooner.
- **Memory.** The middle column tells growth that continues (a leak) from growth that stops
  (caches and JIT warming up), on heaps of 4–7 MB where ours also holds a machine of 1,000 states
  and its route table. ${memoryNote}
- **Initial load** has no target; its FCP medians swing by tens of ms between runs on this shared
  machine. Ours loads ~13 KB gz more JS (xstate, @xstate/react and our code; the plain app has
  react-router-dom whole) and builds the machine, its route table and the actor before the first
  render.`;
}
