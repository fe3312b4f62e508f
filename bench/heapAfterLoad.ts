/**
 * Heap after load, focused (issue 20): the routing-only app beside TanStack Router and the
 * 40-line XState floor, each opened LOADS times in a fresh context (interleaved), its JS heap read
 * after two forced GCs (CDP, as bench/navigation.bench.ts's memory part does); the median per app.
 * With HEAP_SNAPSHOT=1 it also takes a heap snapshot of the routing-only app and lists what the
 * routes cost, grouped by kind of object (constructor, or an object's property names), against
 * the same app at 3 routes: per route, how many bytes and in which objects.
 *
 *   npx tsx bench/heapAfterLoad.ts            # HEAP_ROUTES=1000 HEAP_LOADS=7 HEAP_APPS=routing,tanstack,xstate
 *
 * HEAP_HOLDERS='group|group' also lists what holds each named group's objects (with
 * HEAP_HOLDER_SIZES=1, with their sizes), and HEAP_SAVE=<file> keeps the last snapshot for DevTools.
 *
 * A change measured before and after in one sitting: HEAP_BEFORE=<dir> holding earlier copies of
 * some of the repository's files at their own paths adds "routing@before", the routing-only app
 * built with those files in place of the working tree's, loaded interleaved with the others. The
 * bench apps import the packages as a product does, from their built `dist/`: keep the earlier
 * build's files (`cp -r packages/react/dist <dir>/packages/react/dist` before the change, then
 * `npm run build:packages`), not their sources.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import type { Plugin } from 'vite';
import type { ServedApp } from '../scripts/built-app';
import { CHROMIUM_ARGS, ensureChromium } from '@statechart/paths/chromium';
import { openApp, quantile, serveBenchApp } from './browser';
import { diffGroups, groupSnapshot, holdersOf, takeHeapSnapshot, type Groups } from './heapGroups';

const ROUTES = Number(process.env.HEAP_ROUTES ?? 1000);
const LOADS = Number(process.env.HEAP_LOADS ?? 7);
const APPS: string[] = (process.env.HEAP_APPS ?? 'routing,tanstack,xstate').split(',');
const SNAPSHOT = process.env.HEAP_SNAPSHOT === '1';
const BEFORE = process.env.HEAP_BEFORE ? resolve(process.env.HEAP_BEFORE) : undefined;
const root = fileURLToPath(new URL('.', import.meta.url));
const repository = resolve(root, '..');
if (BEFORE) APPS.push('routing@before');

/** Imports of a repository file that has a copy under `dir` get the copy. */
function filesFrom(dir: string): Plugin {
  return {
    name: 'heap-files-from',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      // An earlier file's own imports resolve from its place in the repository (its node_modules).
      const from = importer?.startsWith(dir) ? join(repository, relative(dir, importer)) : importer;
      const found = await this.resolve(source, from, { ...options, skipSelf: true });
      const path = found && relative(repository, found.id);
      if (!found || !path || path.startsWith('..') || found.id.startsWith(dir)) return from === importer ? null : found;
      return existsSync(join(dir, path)) ? join(dir, path) : from === importer ? null : found;
    },
  };
}

async function serve(name: string, routes: number): Promise<ServedApp> {
  const [app, variant] = name.split('@') as [string, string | undefined];
  return serveBenchApp(app, routes, { plugins: variant === 'before' && BEFORE ? [filesFrom(BEFORE)] : [] });
}

async function heapAfterLoad(browser: Browser, app: ServedApp, snapshot = false) {
  const page = await openApp(browser, app);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  let groups: Groups | undefined;
  if (snapshot) {
    const text = await takeHeapSnapshot(cdp);
    const parsed = JSON.parse(text);
    if (process.env.HEAP_SAVE) writeFileSync(process.env.HEAP_SAVE, text);
    groups = groupSnapshot(parsed);
    for (const wanted of (process.env.HEAP_HOLDERS ?? '').split('|').filter(Boolean)) {
      const holders = [...holdersOf(parsed, wanted)].sort((a, b) => b[1] - a[1]).slice(0, 8);
      console.log(`holders of "${wanted}":`, holders);
    }
  }
  await page.context().close();
  return { usedSize, groups };
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MB`;
const browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_ARGS });
const served: Record<string, ServedApp> = {};
try {
  for (const name of APPS) served[name] = await serve(name, ROUTES);
  const heaps: Record<string, number[]> = Object.fromEntries(APPS.map((name) => [name, []]));
  for (let i = 0; i < LOADS; i++) {
    for (const name of APPS.map((_, k) => APPS[(k + i) % APPS.length] as string)) {
      heaps[name]?.push((await heapAfterLoad(browser, served[name] as ServedApp)).usedSize);
    }
  }
  for (const name of APPS) {
    const list = heaps[name] as number[];
    console.log(
      `${name.padEnd(15)} ${ROUTES} routes: heap after load median ${mb(quantile(list, 0.5))} (min ${mb(Math.min(...list))}, max ${mb(Math.max(...list))}, n ${list.length})`,
    );
  }
  if (SNAPSHOT && served.routing) {
    const small = await serve('routing', 3);
    try {
      const base = (await heapAfterLoad(browser, small, true)).groups as Groups;
      const big = (await heapAfterLoad(browser, served.routing, true)).groups as Groups;
      const { total, rows } = diffGroups(base, big, 4 * (ROUTES - 3));
      console.log(
        `\nrouting only, ${ROUTES} routes − 3 routes: ${mb(total)} in the snapshot, ${(total / (ROUTES - 3)).toFixed(0)} B per route`,
      );
      for (const row of rows) {
        console.log(
          `${String(row.size).padStart(9)} B ${String(row.count).padStart(6)} objects ${(row.size / (ROUTES - 3)).toFixed(0).padStart(4)} B/route  ${row.key}`,
        );
      }
    } finally {
      await small.close();
    }
  }
} finally {
  await Promise.all(Object.values(served).map((app) => app.close()));
  await browser.close();
}
