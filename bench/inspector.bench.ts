/**
 * Issue 19: "a bigger machine lays out without blocking input". In Chromium, on Vite's dev server
 * (the overlay is development-only), the overlay is opened on a generated machine of 500+ states
 * while keys are typed into a field of the page every 50 ms; until the diagram is drawn and a
 * second after, the page records the longest gap between animation frames, the long tasks
 * (PerformanceObserver, > 50 ms) and, per key, the time from the key's event to its handler and
 * to the frame showing it. The layout itself runs in a Web Worker (packages/devtools/src/elkWorker.ts).
 */
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { CHROMIUM_ARGS, ensureChromium } from '@statechart/paths/chromium';

interface Result {
  longestFrameGap: number;
  longTasks: { start: number; duration: number }[];
  keys: { wait: number; painted: number }[];
  now: number;
}

const ONLY = process.env.BENCH_INSPECTOR_ONLY;
const MACHINES: [string, string][] = [
  ['generated, 500 routes', 'machine=generated&size=500'],
  ['generated, 1000 routes', 'machine=generated&size=1000'],
  ['nested 25 × 4 × 5', 'machine=nested&size=25'],
];

export async function run(): Promise<string> {
  const server = await createServer({
    logLevel: 'warn',
    server: { port: 0, host: '127.0.0.1', strictPort: false, hmr: false },
  });
  await server.listen();
  const origin = new URL(server.resolvedUrls?.local[0] ?? '').origin;
  const browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_ARGS });
  const rows: string[] = [];
  try {
    for (const [name, query] of MACHINES.filter(([name]) => !ONLY || name.includes(ONLY))) {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.goto(`${origin}/bench/inspector.html?${query}`);
      await page.waitForFunction(() => '__bench' in window, null, { timeout: 60_000 });
      // Once for Vite to transform and the browser to load the overlay's modules and ELK's worker.
      await page.evaluate(() => (window as unknown as Bench).__bench.open());
      await page.locator('.sc-diagram').waitFor({ timeout: 120_000 });
      // Measured cold: no layout kept from the warm-up (packages/devtools/src/layoutCache.ts), a fresh worker.
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      await page.waitForFunction(() => '__bench' in window, null, { timeout: 60_000 });
      const states = await page.evaluate(() => (window as unknown as Bench).__bench.states);
      await page.locator('#typing').focus();
      const openedAt = await page.evaluate(() => (window as unknown as Bench).__bench.open());
      let drawn = false;
      const typing = (async () => {
        while (!drawn) {
          await page.keyboard.press('a');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      await page.locator('.sc-diagram').waitFor({ timeout: 120_000 });
      const drawnAt = await page.evaluate(() => performance.now());
      drawn = true;
      await typing;
      await page.waitForTimeout(1000);
      const result = await page.evaluate(() => (window as unknown as Bench).__bench.result());
      const long = result.longTasks.filter((task) => task.start >= openedAt);
      console.log(
        `${name}: drawn at ${Math.round(drawnAt - openedAt)} ms; long tasks (start after opening + duration): ${long
          .map((task) => `${Math.round(task.start - openedAt)}+${Math.round(task.duration)}`)
          .join(', ')}`,
      );
      const worstKey = Math.max(0, ...result.keys.map((key) => key.painted));
      rows.push(
        `| ${name} | ${states} | ${Math.round(drawnAt - openedAt)} ms | ${Math.round(result.longestFrameGap)} ms | ${long.length} (longest ${Math.round(Math.max(0, ...long.map((task) => task.duration)))} ms) | ${result.keys.length} / ${Math.round(worstKey)} ms |`,
      );
      await page.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return `## Visualiser: input while a big machine lays out (Chromium)

\`npm run bench -- inspector\` (bench/inspector.bench.ts): Chromium at 1,440 × 900 on Vite's dev server
opens the overlay on a generated machine (bench/inspector.html) while a key is typed into a field of
the page every 50 ms, until the diagram is drawn. Frame gap: the longest time between two animation
frames from the opening until a second after the diagram is drawn; long tasks: the main thread's
tasks over 50 ms (PerformanceObserver) in that time; keys: how many were typed, and the longest from a
key's event to the frame showing it. The layout runs in a Web Worker.

| machine | states | open → diagram drawn | longest frame gap | long tasks | keys typed / slowest to screen |
| --- | --- | --- | --- | --- | --- |
${rows.join('\n')}`;
}

interface Bench {
  __bench: { states: number; open(): number; result(): Result };
}
