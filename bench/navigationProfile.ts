/**
 * Where a navigation's JavaScript time goes, by V8's sampling CPU profiler, for apps of the
 * navigation bench at 3 routes: `npx tsx bench/navigationProfile.ts` (a diagnosis, not a record).
 * Each app is built unminified, with source maps (names kept; the map says which
 * module each line of a chunk came from); its page does N in-page navigations (a Next click and
 * Back, as the navigation bench makes them: see `navigations`) in ROUNDS rounds, the apps interleaved, under the
 * profiler (a sample every INTERVAL µs). Each sample's self time is summed by package (the module's
 * npm package or our folder, bench/packages.ts `packageOf`) and by function, and the time under
 * each function (inclusive), per navigation.
 *
 *   APPS=routing,xstateKeyed N=1200 ROUNDS=6 TOP=30 npx tsx bench/navigationProfile.ts
 *
 * ONLY=back (or click) profiles that kind alone, N of them (the other of each pair runs unprofiled;
 * mouse input only). FAST=1 navigates by script instead (`link.click()`, no pointer: the new link's hover is not in
 * it), many times faster. PARENTS_OF='(native)' adds rows naming the callers of those functions'
 * self time. With mouse input, "(program)" holds the browser's own work for the input and frames
 * (the same in every app); the JS rows are what tell the apps apart, and moves of 0.02 ms between
 * runs are noise: confirm a difference with navigationPhases.ts, side by side.
 *
 * `name:still` opens the app in a page that prefers reduced motion (no view transitions).
 * `base:name` builds the app from BASE (a worktree of an earlier commit; see navigationTrace.ts).
 * The sampling profiler's own overhead is in every app alike; compare apps, not absolute figures.
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { decode } from '@jridgewell/sourcemap-codec';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import type { Plugin } from 'vite';
import type { ServedApp } from '../scripts/built-app';
import { CHROMIUM_ARGS, ensureChromium } from '@statechart/paths/chromium';
import { back, click, headingOf, navigateInPage, openApp, serveBenchApp } from './browser';
import { BUNDLER_GLUE, packageOf } from './packages';

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const NAMES = (process.env.APPS ?? 'routing,xstateKeyed').split(',');
const N = Number(process.env.N ?? 600);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const INTERVAL = Number(process.env.INTERVAL ?? 50);
const TOP = Number(process.env.TOP ?? 25);
const BASE = process.env.BASE;
const PARENTS_OF = process.env.PARENTS_OF;
const ONLY = process.env.ONLY as 'click' | 'back' | undefined;
if (ONLY && ONLY !== 'click' && ONLY !== 'back') throw new Error(`ONLY=${ONLY}: 'click' or 'back' (or unset: both)`);
const unminified: Plugin = { name: 'unminified', config: () => ({ build: { minify: false, sourcemap: true } }) };

/** The package of the module a position of one of `app`'s chunks came from, by the chunk's source map. */
function regionsOf(app: ServedApp): (url: string, line: number, column: number) => string {
  const cache = new Map<string, { lines: number[][][]; sources: string[] }>();
  return (url, line, column) => {
    if (!url.startsWith(app.origin)) return url ? 'other' : '(native)';
    const path = new URL(url).pathname;
    let map = cache.get(path);
    if (!map) {
      const file = join(app.outDir, `${path.slice(1)}.map`);
      const raw = existsSync(file)
        ? (JSON.parse(readFileSync(file, 'utf8')) as { mappings: string; sources: string[] })
        : { mappings: '', sources: [] };
      map = { lines: decode(raw.mappings), sources: raw.sources };
      cache.set(path, map);
    }
    const segments = map.lines[line] ?? [];
    let found: number[] | undefined;
    for (const segment of segments) if ((segment[0] ?? 0) <= column) found = segment;
    const source = found && found.length > 1 ? map.sources[found[1] as number] : undefined;
    return source === undefined ? BUNDLER_GLUE : packageOf(source);
  };
}

/**
 * Adds `profile`'s times (µs) into the maps: self time by package and by function, and inclusive
 * time by function (each function counted once per sample, however deep it recurs).
 */
function add(
  profile: Profile,
  region: (url: string, line: number, column: number) => string,
  into: { byPackage: Map<string, number>; byFunction: Map<string, number>; inclusive: Map<string, number> },
) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const names = new Map<number, { owner: string; name: string }>();
  const nameOf = (node: ProfileNode) => {
    let named = names.get(node.id);
    if (!named) {
      const { functionName, url, lineNumber, columnNumber } = node.callFrame;
      const owner = functionName.startsWith('(') ? functionName : region(url, lineNumber, columnNumber);
      named = { owner, name: `${owner}: ${functionName || '(anonymous)'}${url ? `:${lineNumber + 1}` : ''}` };
      names.set(node.id, named);
    }
    return named;
  };
  const bump = (map: Map<string, number>, key: string, by: number) => map.set(key, (map.get(key) ?? 0) + by);
  profile.samples.forEach((id, i) => {
    const node = nodes.get(id);
    const delta = profile.timeDeltas[i + 1] ?? 0;
    if (!node) return;
    const { owner, name } = nameOf(node);
    if (owner === '(idle)') return;
    bump(into.byPackage, owner, delta);
    bump(into.byFunction, name, delta);
    // PARENTS_OF: the callers of a function's self time (a native's, whose name says little).
    if (PARENTS_OF && name.startsWith(PARENTS_OF)) {
      const parent = nodes.get(parents.get(id) ?? -1);
      bump(into.byFunction, `${name} ← ${parent ? nameOf(parent).name : '?'}`, delta);
    }
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const frame = nodes.get(at);
      if (!frame || frame.callFrame.functionName === '(root)') continue;
      const key = nameOf(frame).name;
      if (!seen.has(key)) bump(into.inclusive, key, delta);
      seen.add(key);
    }
  });
}

/**
 * `count` navigations: by the bench's own clicks (real mouse input, as the navigation bench sends:
 * the pointer's hover of the new screen's link included) and Backs, or with FAST=1 by script
 * (navigateInPage: `link.click()` and `history.back()` in one evaluation, no pointer).
 */
async function navigations(page: Page, count: number) {
  if (process.env.FAST === '1') return navigateInPage(page, count);
  for (let i = 0; i < count; i += 2) {
    const before = await headingOf(page);
    await click(page, 'next');
    await back(page, before);
  }
}

const browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_ARGS });
const apps: ServedApp[] = [];
const pages = new Map<
  string,
  { page: Page; cdp: CDPSession; region: (url: string, line: number, column: number) => string }
>();
const byPackage = new Map<string, Map<string, number>>();
const byFunction = new Map<string, Map<string, number>>();
const inclusive = new Map<string, Map<string, number>>();
try {
  for (const name of NAMES) {
    const bench = name.replace(/:still$/, '').replace(/^base:/, '');
    if (name.startsWith('base:') && !BASE) throw new Error(`${name}: set BASE to the worktree to build it from`);
    const app = await serveBenchApp(bench, 3, {
      dir: name.startsWith('base:') ? join(BASE ?? '', 'bench/apps', bench) : undefined,
      plugins: [unminified],
    });
    apps.push(app);
    const page = await openApp(browser, app, { reducedMotion: name.endsWith(':still') ? 'reduce' : undefined });
    await navigateInPage(page, 200);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: INTERVAL });
    pages.set(name, { page, cdp, region: regionsOf(app) });
    byPackage.set(name, new Map());
    byFunction.set(name, new Map());
    inclusive.set(name, new Map());
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, { page, cdp, region }] of pages) {
      const into = {
        byPackage: byPackage.get(name) as Map<string, number>,
        byFunction: byFunction.get(name) as Map<string, number>,
        inclusive: inclusive.get(name) as Map<string, number>,
      };
      const profiled = async (run: () => Promise<unknown>) => {
        await cdp.send('Profiler.start');
        await run();
        const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
        add(profile, region, into);
      };
      if (!ONLY) {
        await profiled(() => navigations(page, N / ROUNDS));
        continue;
      }
      // One kind only: the other navigation of each pair runs outside the profile.
      for (let i = 0; i < N / ROUNDS; i++) {
        const before = await headingOf(page);
        if (ONLY === 'back') {
          await click(page, 'next');
          await profiled(() => back(page, before));
        } else {
          await profiled(() => click(page, 'next'));
          await back(page, before);
        }
      }
    }
  }
} finally {
  await browser.close();
  for (const app of apps) await app.close();
}

const per = (us: number | undefined) => ((us ?? 0) / 1000 / N).toFixed(3);
function table(title: string, rows: Map<string, Map<string, number>>, top: number, totals = rows) {
  const first = rows.get(NAMES[0] ?? '') ?? new Map<string, number>();
  const keys = [...new Set([...rows.values()].flatMap((row) => [...row.keys()]))]
    .sort(
      (a, b) =>
        Math.max(...[...rows.values()].map((row) => row.get(b) ?? 0)) -
          Math.max(...[...rows.values()].map((row) => row.get(a) ?? 0)) || (first.get(b) ?? 0) - (first.get(a) ?? 0),
    )
    .slice(0, top);
  const total = (name: string) => [...(totals.get(name)?.values() ?? [])].reduce((sum, us) => sum + us, 0);
  console.log(`\n| ${title} | ${NAMES.join(' | ')} |`);
  console.log(`| --- | ${NAMES.map(() => '---').join(' | ')} |`);
  console.log(`| **total sampled** | ${NAMES.map((name) => per(total(name))).join(' | ')} |`);
  for (const key of keys) console.log(`| ${key} | ${NAMES.map((name) => per(rows.get(name)?.get(key))).join(' | ')} |`);
}
console.log(
  `CPU profile, ms per navigation (self time), ${N} navigations per app, a sample every ${INTERVAL} µs; load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
// Every table's total is the self time by package: PARENTS_OF's rows repeat some of the functions' self time.
table('package', byPackage, 40);
table('function, self', byFunction, TOP, byPackage);
table('function, inclusive', inclusive, TOP, byPackage);
