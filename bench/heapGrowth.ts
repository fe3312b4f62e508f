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
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { buildAndServe } from '../scripts/built-app';
import { CHROMIUM_ARGS, ensureChromium } from '../scripts/chromium';
import { asciiOutput, pureReactRouter } from '../vite.config';
import { heapAfter } from './browser';
import { groupSnapshot, type Groups } from './heapGroups';

const APPS = (process.env.HEAP_GROWTH_APPS ?? 'routing,xstate').split(',');
const COUNTS = (process.env.HEAP_GROWTH_COUNTS ?? '100,5100,10100,15100').split(',').map(Number);
const root = fileURLToPath(new URL('.', import.meta.url));
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MB`;

const browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_ARGS });
try {
  for (const name of APPS) {
    const plugins = name === 'ours' || name === 'routing' ? [pureReactRouter(), asciiOutput()] : [];
    const app = await buildAndServe({
      root: join(root, 'apps', name),
      define: { __BENCH_ROUTES__: '1000' },
      plugins,
    });
    try {
      const snapshots: Groups[] = [];
      const heaps = await heapAfter(browser, app, COUNTS, async (cdp) => {
        if (snapshots.length >= 2) return;
        const chunks: string[] = [];
        const onChunk = ({ chunk }: { chunk: string }) => chunks.push(chunk);
        cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
        await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
        cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
        snapshots.push(groupSnapshot(JSON.parse(chunks.join(''))));
      });
      console.log(`${name}: ${COUNTS.map((count, i) => `${count}: ${mb(heaps[i] ?? NaN)}`).join(', ')}`);
      const [before, after] = snapshots as [Groups, Groups];
      const total = (groups: Groups) => [...groups.values()].reduce((sum, group) => sum + group.size, 0);
      const rows = [...new Set([...before.keys(), ...after.keys()])]
        .map((key) => ({
          key,
          size: (after.get(key)?.size ?? 0) - (before.get(key)?.size ?? 0),
          count: (after.get(key)?.count ?? 0) - (before.get(key)?.count ?? 0),
        }))
        .filter((row) => Math.abs(row.size) >= 4096)
        .sort((a, b) => b.size - a.size);
      console.log(`  snapshot ${COUNTS[0]} → ${COUNTS[1]}: ${((total(after) - total(before)) / 1024).toFixed(0)} KB`);
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
