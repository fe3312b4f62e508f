/**
 * Heap growth, explained (issue 20): each app's JS heap after 100 navigations and after each
 * further count (default 5,100, 10,100 and 15,100: growth that stops is warm-up, growth that goes on
 * is a leak), and a heap snapshot at the first two counts, grouped by kind of object
 * (bench/heapGroups.ts), to say what the growth over the issue's 5,000 navigations is made of.
 * The bench's memory method (bench/browser.ts `heapAfter`: a Next click and Back, awaited, two
 * forced GCs before each reading), at 1,000 routes.
 *
 *   npx tsx bench/heapGrowth.ts      # HEAP_GROWTH_APPS=routing,xstate HEAP_GROWTH_COUNTS=100,5100,10100,15100
 *
 * HEAP_GROWTH_SNAPSHOTS=3 snapshots the first three counts (each diffed with the one before; 2 by
 * default), HEAP_GROWTH_ROWS the groups listed per diff. Each count also lists the page's performance
 * entries by type (what the browser buffers per navigation). HEAP_GROWTH_CODE=1 builds the apps
 * unminified and lists the code V8 compiled between the first two counts by function (a function's
 * optimized code is warm-up: it stops when every function a navigation runs is optimized).
 */
import { chromium, type CDPSession } from 'playwright-core';
import type { Plugin } from 'vite';
import { CHROMIUM_ARGS, ensureChromium } from '@statechart/paths/chromium';
import { heapAfter, serveBenchApp } from './browser';
import {
  diffGroups,
  groupSnapshot,
  newCodeByFunction,
  takeHeapSnapshot,
  type Groups,
  type Snapshot,
} from './heapGroups';

const APPS = (process.env.HEAP_GROWTH_APPS ?? 'routing,xstate').split(',');
const COUNTS = (process.env.HEAP_GROWTH_COUNTS ?? '100,5100,10100,15100').split(',').map(Number);
/** Snapshots at the first this many counts, each diffed with the one before (2: the first interval only). */
const SNAPSHOTS = Number(process.env.HEAP_GROWTH_SNAPSHOTS ?? 2);
const ROWS = Number(process.env.HEAP_GROWTH_ROWS ?? 12);
/** Unminified builds, and the code compiled between the first two counts listed by function. */
const CODE = process.env.HEAP_GROWTH_CODE === '1';
const unminified: Plugin = { name: 'unminified', config: () => ({ build: { minify: false } }) };
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MB`;

/** The page's performance timeline by entry type (`navigation 1, resource 9`): what the browser keeps per navigation. */
async function performanceEntries(cdp: CDPSession): Promise<string> {
  const { result } = await cdp.send('Runtime.evaluate', {
    expression: `JSON.stringify(Object.entries(performance.getEntries().reduce((n, e) => ((n[e.entryType] = (n[e.entryType] ?? 0) + 1), n), {})))`,
    returnByValue: true,
  });
  return (JSON.parse(result.value as string) as [string, number][]).map(([type, n]) => `${type} ${n}`).join(', ');
}

const browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_ARGS });
try {
  for (const name of APPS) {
    const app = await serveBenchApp(name, 1000, { plugins: CODE ? [unminified] : [] });
    try {
      const snapshots: Groups[] = [];
      const kept: Snapshot[] = [];
      const entries: string[] = [];
      const heaps = await heapAfter(browser, app, COUNTS, async (cdp) => {
        entries.push(await performanceEntries(cdp));
        if (snapshots.length >= SNAPSHOTS) return;
        const snapshot = JSON.parse(await takeHeapSnapshot(cdp)) as Snapshot;
        snapshots.push(groupSnapshot(snapshot));
        if (CODE && kept.length < 2) kept.push(snapshot);
      });
      console.log(`${name}: ${COUNTS.map((count, i) => `${count}: ${mb(heaps[i] ?? NaN)}`).join(', ')}`);
      console.log(`  performance entries: ${COUNTS.map((count, i) => `${count}: ${entries[i]}`).join('; ')}`);
      for (let i = 1; i < snapshots.length; i++) {
        const { total, rows } = diffGroups(snapshots[i - 1] as Groups, snapshots[i] as Groups, 4096);
        console.log(`  snapshot ${COUNTS[i - 1]} → ${COUNTS[i]}: ${(total / 1024).toFixed(0)} KB`);
        for (const row of rows.slice(0, ROWS)) {
          console.log(
            `  ${String(row.size).padStart(9)} B ${String(row.count).padStart(6)} objects  ${row.key.slice(0, 80)}`,
          );
        }
      }
      if (kept.length === 2) {
        const code = [...newCodeByFunction(kept[0] as Snapshot, kept[1] as Snapshot)].sort(
          (a, b) => b[1].size - a[1].size,
        );
        const sum = code.reduce((total, [, group]) => total + group.size, 0);
        console.log(
          `  code compiled ${COUNTS[0]} → ${COUNTS[1]}: ${(sum / 1024).toFixed(0)} KB in ${code.length} functions`,
        );
        for (const [fn, group] of code.slice(0, ROWS)) console.log(`  ${String(group.size).padStart(9)} B  ${fn}`);
      }
    } finally {
      await app.close();
    }
  }
} finally {
  await browser.close();
}
