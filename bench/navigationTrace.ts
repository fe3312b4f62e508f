/**
 * Where a navigation's main-thread CPU time goes, by the browser's own trace events, for apps of the
 * navigation bench at 3 routes: `npx tsx bench/navigationTrace.ts` (a diagnosis, not a record).
 * Each app's page does N in-page navigations (a Next click and Back, bench/browser.ts
 * `navigateInPage`) in ROUNDS rounds, the apps interleaved, under a Chromium trace
 * (`devtools.timeline`); the renderer main thread's complete events are nested by time and each
 * event's own thread time (`tdur` less its children's) is summed by name: style, layout, paint,
 * each JS function called from the browser (by name: UNMINIFIED=1 builds the apps unminified),
 * each event dispatched (by type). TOTAL is the top-level tasks' thread time.
 *
 *   APPS=routing,xstateKeyed,ours:still N=200 ROUNDS=4 npx tsx bench/navigationTrace.ts
 *
 * `name:still` opens the app in a page that prefers reduced motion (no view transitions, no CSS
 * transitions in the stylesheet's motion block). `base:name` builds the app from BASE (a worktree of
 * an earlier commit, its packages built, with node_modules of its own whose @statechart links point
 * at its packages) to compare a change against it in one run.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import type { Plugin } from 'vite';
import type { ServedApp } from '../scripts/built-app';
import { CHROMIUM_ARGS, ensureChromium } from '@statechart/paths/chromium';
import { navigateInPage, openApp, serveBenchApp } from './browser';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { type?: string; functionName?: string } };
}

const NAMES = (process.env.APPS ?? 'routing,xstateKeyed').split(',');
const N = Number(process.env.N ?? 200);
const ROUNDS = Number(process.env.ROUNDS ?? 4);
const BASE = process.env.BASE;
const unminified: Plugin = { name: 'unminified', config: () => ({ build: { minify: false } }) };
const CATEGORIES = ['devtools.timeline', 'toplevel', 'blink', 'v8', 'disabled-by-default-devtools.timeline'];

/** An event's row: its name, with the event type it dispatched or the function the browser called. */
const rowOf = ({ name, args }: TraceEvent) =>
  name === 'EventDispatch'
    ? `${name}(${args?.data?.type ?? ''})`
    : name === 'FunctionCall'
      ? `${name}(${args?.data?.functionName || 'anonymous'})`
      : name;

/** Adds each main-thread event's own thread time (µs) of `events` to `into`, by row; returns the top-level tasks' total. */
function selfTimes(events: TraceEvent[], into: Map<string, number>): number {
  const mains = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  // The page's renderer: the main thread with the most complete events (other renderers idle).
  const counts = new Map<string, number>();
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`;
    if (mains.has(thread) && e.ph === 'X') counts.set(thread, (counts.get(thread) ?? 0) + 1);
  }
  const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const timed = events
    .filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.tdur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const stack: { end: number; event: TraceEvent; children: number }[] = [];
  const closeUpTo = (ts: number) => {
    for (let top = stack.at(-1); top && top.end <= ts; top = stack.at(-1)) {
      stack.pop();
      into.set(rowOf(top.event), (into.get(rowOf(top.event)) ?? 0) + (top.event.tdur ?? 0) - top.children);
    }
  };
  let total = 0;
  for (const event of timed) {
    closeUpTo(event.ts);
    const parent = stack.at(-1);
    if (parent) parent.children += event.tdur ?? 0;
    else total += event.tdur ?? 0;
    stack.push({ end: event.ts + (event.dur ?? 0), event, children: 0 });
  }
  closeUpTo(Infinity);
  return total;
}

const TOTAL = 'TOTAL (top-level tasks)';
const browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_ARGS });
const apps: ServedApp[] = [];
const pages = new Map<string, Page>();
const rows = new Map<string, Map<string, number>>();
try {
  for (const name of NAMES) {
    const bench = name.replace(/:still$/, '').replace(/^base:/, '');
    if (name.startsWith('base:') && !BASE) throw new Error(`${name}: set BASE to the worktree to build it from`);
    const app = await serveBenchApp(bench, 3, {
      dir: name.startsWith('base:') ? join(BASE ?? '', 'bench/apps', bench) : undefined,
      plugins: process.env.UNMINIFIED === '1' ? [unminified] : [],
    });
    apps.push(app);
    const page = await openApp(browser, app, { reducedMotion: name.endsWith(':still') ? 'reduce' : undefined });
    // Warm: the code a navigation runs compiled before the trace.
    await navigateInPage(page, 200);
    pages.set(name, page);
    rows.set(name, new Map());
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, page] of pages) {
      await browser.startTracing(page, { categories: CATEGORIES });
      await navigateInPage(page, N / ROUNDS);
      const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      const into = rows.get(name) ?? new Map<string, number>();
      into.set(TOTAL, (into.get(TOTAL) ?? 0) + selfTimes(traceEvents, into));
    }
  }
} finally {
  await browser.close();
  for (const app of apps) await app.close();
}

const perNavigation = (us: number | undefined) => ((us ?? 0) / 1000 / N).toFixed(3);
const first = rows.get(NAMES[0] ?? '') ?? new Map<string, number>();
const names = [...new Set([...rows.values()].flatMap((row) => [...row.keys()]))]
  .filter((row) => Math.max(...[...rows.values()].map((of) => of.get(row) ?? 0)) / 1000 / N >= 0.005)
  .sort((a, b) => (b === TOTAL ? 1 : 0) - (a === TOTAL ? 1 : 0) || (first.get(b) ?? 0) - (first.get(a) ?? 0));
console.log(
  `Main-thread CPU ms per navigation (each event's own thread time), ${N} navigations per app; load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
console.log(`| event | ${NAMES.join(' | ')} |`);
console.log(`| --- | ${NAMES.map(() => '---').join(' | ')} |`);
for (const row of names)
  console.log(`| ${row} | ${NAMES.map((name) => perNavigation(rows.get(name)?.get(row))).join(' | ')} |`);
