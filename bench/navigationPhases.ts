/**
 * Where a navigation's time goes, per phase, for the apps of the navigation bench at 3 routes:
 * `npx tsx bench/navigationPhases.ts` (not part of `npm run bench`: a diagnosis, not a record).
 * In the page, beside the bench's harness: the event's timeStamp, a capture listener (the input's
 * wait before any listener), a window listener that runs after React's (the handlers and, through
 * the microtask checkpoint after React's listener, React's commit), the MutationObserver, and
 * `pushState`, `replaceState` and `removeChild` wrapped (their time and count). The apps run
 * interleaved in rounds, like the bench.
 *
 * APPS=routing,xstate,xstateKeyed (default: ours routing only, the 40-line XState floor and that
 * floor with a view per screen) names apps under bench/apps; `base:routing` builds the same app
 * from BASE (a worktree of an earlier commit, its packages built) to compare a change against it
 * in one run. Its node_modules must resolve @statechart/* to the worktree's own packages: a plain
 * symlink to this checkout's node_modules resolves them to this checkout's (the workspace links
 * are relative), comparing the change with itself; link each other entry and make
 * node_modules/@statechart/<name> → ../../packages/<name>; `oursStill` is the product shell's app in a page that prefers reduced
 * motion. ROUNDS=10 rounds of 10 × (Next, Next, Back, Back) per app. The main-thread CPU column is
 * the navigation bench's (bench/browser.ts `Sample.cpu`).
 */
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import type { ServedApp } from '../scripts/built-app';
import { CHROMIUM_ARGS, ensureChromium } from '@statechart/paths/chromium';
import { back, click, headingOf, openApp, quantile, serveBenchApp, type Sample } from './browser';

type Marks = Record<string, number>;
interface PhaseWindow {
  __phases: { log: Marks[]; next(): void };
}

/** In the page, before the app (and after the bench's harness, so its capture listener runs first). */
function phases() {
  const log: Marks[] = [];
  let now: Marks = {};
  const phaseWindow = window as unknown as PhaseWindow;
  phaseWindow.__phases = {
    log,
    next() {
      now = {};
      log.push(now);
    },
  };
  const mark = (name: string) => {
    if (!(name in now)) now[name] = performance.now();
  };
  const add = (name: string, value: number) => (now[name] = (now[name] ?? 0) + value);
  const onTrigger = (event: Event) => {
    now.trigger = event.timeStamp;
    mark('listeners');
  };
  document.addEventListener('click', onTrigger, true);
  window.addEventListener('popstate', onTrigger, true);
  // Registered before the app's: on popstate (dispatched at window) this runs before it.
  window.addEventListener('click', () => mark('handled'));
  window.addEventListener('popstate', () => mark('handled'));
  const wrap = <T extends object>(target: T, name: keyof T & string) => {
    const original = target[name] as (...args: unknown[]) => unknown;
    Object.assign(target, {
      [name](this: unknown, ...args: unknown[]) {
        const start = performance.now();
        try {
          return original.apply(this, args);
        } finally {
          add(`${name} ms`, performance.now() - start);
          add(`${name} ×`, 1);
        }
      },
    });
  };
  wrap(History.prototype, 'pushState');
  wrap(History.prototype, 'replaceState');
  wrap(Node.prototype, 'removeChild');
  new MutationObserver(() => {
    mark('committed');
    add('mutation batches', 1);
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

const NAMES = (process.env.APPS ?? 'routing,xstate,xstateKeyed').split(',');
const ROUNDS = Number(process.env.ROUNDS ?? 10);
const BASE = process.env.BASE;

const browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_ARGS });
const apps: Record<string, ServedApp> = {};
const pages: Record<string, Page> = {};
const samples: Record<string, (Sample & { marks: Marks })[]> = {};
try {
  for (const name of NAMES) {
    // `oursStill`: the product shell's app in a page that prefers reduced motion (no view transitions).
    const still = name.endsWith('oursStill');
    const app = name.replace(/^base:/, '').replace(/^oursStill$/, 'ours');
    if (name.startsWith('base:') && !BASE) throw new Error(`${name}: set BASE to the worktree to build it from`);
    const dir = !name.startsWith('base:') ? undefined : join(BASE ?? '', 'bench/apps', app);
    apps[name] = await serveBenchApp(app, 3, { dir });
    const page = await openApp(browser, apps[name], { reducedMotion: still ? 'reduce' : undefined });
    await page.addInitScript(phases);
    await page.reload();
    await page.waitForFunction(() => (window as unknown as { __benchReady?: boolean }).__benchReady === true);
    pages[name] = page;
    samples[name] = [];
  }
  const measured = async (name: string, navigate: (page: Page) => Promise<Sample>) => {
    const page = pages[name] as Page;
    await page.evaluate(() => (window as unknown as PhaseWindow).__phases.next());
    const sample = await navigate(page);
    const marks = await page.evaluate(() => (window as unknown as PhaseWindow).__phases.log.at(-1) ?? {});
    samples[name]?.push({ ...sample, marks });
  };
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of NAMES) {
      const page = pages[name] as Page;
      for (let rep = 0; rep < 10; rep++) {
        const first = await headingOf(page);
        await measured(name, (page) => click(page, 'next'));
        const second = await headingOf(page);
        await measured(name, (page) => click(page, 'next'));
        await measured(name, (page) => back(page, second));
        await measured(name, (page) => back(page, first));
      }
    }
  }
} finally {
  await browser.close();
  for (const app of Object.values(apps)) await app.close();
}

const cell = (values: number[]) =>
  `${quantile(values, 0.5).toFixed(2)} / ${quantile(values, 0.95).toFixed(2)} / ${(values.reduce((sum, value) => sum + value, 0) / values.length).toFixed(2)}`;
const columns: [string, (sample: Sample & { marks: Marks }) => number][] = [
  ['committed', (sample) => sample.committed],
  ['main-thread CPU', (sample) => sample.cpu],
  ['wait for listeners', ({ marks }) => (marks.listeners ?? NaN) - (marks.trigger ?? NaN)],
  // A click's handled mark comes after React's listener and commit; a popstate's before the app's listener.
  ['listeners → handled', ({ marks }) => (marks.handled ?? NaN) - (marks.listeners ?? NaN)],
  ['handled → committed', ({ marks }) => (marks.committed ?? NaN) - (marks.handled ?? NaN)],
  ['pushState', ({ marks }) => marks['pushState ms'] ?? 0],
  ['removeChild', ({ marks }) => marks['removeChild ms'] ?? 0],
  ['writes', ({ marks }) => (marks['pushState ×'] ?? 0) + (marks['replaceState ×'] ?? 0)],
  ['mutation batches', ({ marks }) => marks['mutation batches'] ?? 0],
];
console.log(
  `ms, p50 / p95 / mean; load average ${(await import('node:os'))
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
console.log(`| app | kind | n | ${columns.map(([name]) => name).join(' | ')} |`);
for (const name of NAMES) {
  for (const kind of ['click', 'pop'] as const) {
    const list = (samples[name] ?? []).filter((sample) => sample.kind === kind);
    console.log(`| ${name} | ${kind} | ${list.length} | ${columns.map(([, of]) => cell(list.map(of))).join(' | ')} |`);
  }
}
