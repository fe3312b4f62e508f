/**
 * Heap growth, explained (issue 20): each app's JS heap after 100 navigations and after each
 * further count (default 5,100, 10,100 and 15,100: growth that stops is warm-up, growth that goes on
 * is a leak), and a heap snapshot at the first two counts, grouped by kind of object
 * (bench/heapGroups.ts), to say what the growth over the issue's 5,000 navigations is made of.
 * The bench's memory method (bench/browser.ts `heapAfter`: a Next click and Back, awaited, two
 * forced GCs before each reading), at 1,000 routes.
 *
 *   npx tsx bench/heapGrowth.ts      # HEAP_GROWTH_APPS=routing,xstate HEAP_GROWTH_COUNTS=100,5100,10100,15100
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from '@statechart/paths/chromium';
import { heapAfter, serveBenchApp } from './browser';
import { diffGroups, groupSnapshot, takeHeapSnapshot, type Groups } from './heapGroups';

const APPS = (process.env.HEAP_GROWTH_APPS ?? 'routing,xstate').split(',');
const COUNTS = (process.env.HEAP_GROWTH_COUNTS ?? '100,5100,10100,15100').split(',').map(Number);
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MB`;

const browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_ARGS });
try {
  for (const name of APPS) {
    const app = await serveBenchApp(name, 1000);
    try {
      const snapshots: Groups[] = [];
      const heaps = await heapAfter(browser, app, COUNTS, async (cdp) => {
        if (snapshots.length >= 2) return;
        snapshots.push(groupSnapshot(JSON.parse(await takeHeapSnapshot(cdp))));
      });
      console.log(`${name}: ${COUNTS.map((count, i) => `${count}: ${mb(heaps[i] ?? NaN)}`).join(', ')}`);
      const [before, after] = snapshots as [Groups, Groups];
      const { total, rows } = diffGroups(before, after, 4096);
      console.log(`  snapshot ${COUNTS[0]} → ${COUNTS[1]}: ${(total / 1024).toFixed(0)} KB`);
      for (const row of rows.slice(0, 12)) {
        console.log(
          `  ${String(row.size).padStart(9)} B ${String(row.count).padStart(6)} objects  ${row.key.slice(0, 80)}`,
        );
      }
    } finally {
      await app.close();
    }
  }
} finally {
  await browser.close();
}
