/**
 * Calls, measured in Chromium against the real reference API server through the built app's /api
 * proxy (vite preview): requests per Back with and without freshness, and click → content on a
 * data screen (a record) with and without warming, at the server's own speed and with a 150 ms
 * answer.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { build, preview } from 'vite';
import { CHROMIUM_ARGS, ensureChromium } from '@statechart/paths/chromium';
import { startReferenceApiServer } from '../examples/reference/server/api';
import { FRESHNESS_KEY } from '../examples/reference/referenceCalls';

/**
 * Clicks per link kind and server answer. 12, not 25: warmed and cold differ by 2× to 15× at p50
 * (the answer is already there, or the click waits for it), far beyond what more clicks would
 * settle, and each click costs a page load and an idle network (most of the bench's two minutes).
 */
const ROUNDS = Number(process.env.CALLS_BENCH_ROUNDS ?? 12);
/** A hover lasts this long before the click: a person's pointer rests a few hundred ms. */
const HOVER_MS = 250;

type ApiServer = Awaited<ReturnType<typeof startReferenceApiServer>>;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

async function newPage(browser: Browser, fresh: boolean): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  // tsx (esbuild keepNames) wraps named functions in __name(), which the page does not have.
  await page.addInitScript('window.__name = (f) => f');
  if (!fresh) await page.addInitScript((key) => localStorage.setItem(key, 'off'), FRESHNESS_KEY);
  return page;
}

/** Requests the app makes for one Back from a record to the list (loaded just before). */
async function requestsPerBack(
  browser: Browser,
  api: ApiServer,
  origin: string,
  fresh: boolean,
): Promise<{ requests: number; pendingShown: boolean }> {
  const page = await newPage(browser, fresh);
  await page.goto(`${origin}/records`);
  await page.getByTestId('records').getByRole('link', { name: 'Record 2' }).click();
  await page.getByTestId('record-name').waitFor();
  await page.waitForLoadState('networkidle');
  api.reset();
  await page.evaluate(() => {
    const w = window as unknown as { busySeen: boolean };
    w.busySeen = false;
    new MutationObserver(() => {
      if (document.querySelector('main [aria-busy="true"]')) w.busySeen = true;
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await page.goBack();
  await page.getByTestId('records').getByRole('link', { name: 'Record 3' }).waitFor();
  await page.waitForLoadState('networkidle');
  const pendingShown = await page.evaluate(() => (window as unknown as { busySeen: boolean }).busySeen);
  await page.context().close();
  return { requests: api.requests().length, pendingShown };
}

/** Click on "Record n" in the list → its name on screen, in ms (in-page clock), warmed by a hover first or not. */
async function clickToContent(page: Page, origin: string, id: number, warm: boolean): Promise<number> {
  await page.goto(`${origin}/records`);
  const link = page.getByTestId('records').getByRole('link', { name: `Record ${id}` });
  await link.waitFor();
  await page.waitForLoadState('networkidle');
  if (warm) {
    await link.hover();
    await page.waitForTimeout(HOVER_MS);
  }
  // An in-page click: no pointer move (which would warm) and the timing is the page's own.
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve) => {
        const anchor = [...document.querySelectorAll('[data-testid="records"] a')].find((a) => a.textContent === name);
        const start = performance.now();
        const done = () => {
          if (document.querySelector('[data-testid="record-name"]')?.textContent === name) {
            observer.disconnect();
            resolve(performance.now() - start);
          }
        };
        const observer = new MutationObserver(done);
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        (anchor as HTMLAnchorElement).click();
        done();
      }),
    `Record ${id}`,
  );
}

export async function run(): Promise<string> {
  const api = await startReferenceApiServer();
  process.env.REFERENCE_API_URL = api.url;
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: 'examples/reference/vite.config.ts', logLevel: 'warn' });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const server = await preview({
    configFile: 'examples/reference/vite.config.ts',
    logLevel: 'warn',
    preview: { port: 0, host: '127.0.0.1' },
  });
  const origin = new URL(server.resolvedUrls?.local[0] ?? '').origin;
  const browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_ARGS });
  try {
    return await measure(browser, api, origin);
  } finally {
    await browser.close();
    await server.close();
    await api.close();
  }
}

async function measure(browser: Browser, api: ApiServer, origin: string): Promise<string> {
  const backs = {
    fresh: await requestsPerBack(browser, api, origin, true),
    none: await requestsPerBack(browser, api, origin, false),
  };

  const latency: Record<string, { cold: number[]; warm: number[] }> = {};
  for (const delay of [0, 150]) {
    const figures = { cold: [] as number[], warm: [] as number[] };
    const page = await newPage(browser, true);
    for (let round = 0; round < ROUNDS; round++) {
      api.reset();
      if (delay) api.behave({ path: '*', behaviour: { kind: 'delay', ms: delay } });
      // Interleaved, so that the machine's load touches both alike; a reload empties the cache.
      const id = (round % 3) + 1;
      figures.cold.push(await clickToContent(page, origin, id, false));
      figures.warm.push(await clickToContent(page, origin, id, true));
    }
    await page.context().close();
    latency[`${delay} ms`] = figures;
  }

  const row = (name: string, values: number[]) =>
    `| ${name} | ${percentile(values, 50).toFixed(1)} | ${percentile(values, 90).toFixed(1)} |`;
  return `## Calls: requests per Back, and warming

Chromium headless, the built reference app (\`vite preview\`) against the reference API server
through the \`/api\` proxy.

**Requests per Back** (\`/records\` → Record 2 → Back to the list):

| records calls                           | requests | busy region rendered |
| --------------------------------------- | -------: | -------------------- |
| \`freshForMs: 30 000\` (as shipped)       | ${backs.fresh.requests} | ${backs.fresh.pendingShown ? 'yes' : 'no'} |
| no freshness (every entry asks)         | ${backs.none.requests} | ${backs.none.pendingShown ? 'yes' : 'no'} |

**Click → content** on the record screen (ms, in-page clock, ${ROUNDS} clicks each, interleaved;
warmed = the pointer rested ${HOVER_MS} ms on the link first, as a person's does):

| server answer | link | p50 | p90 |
| ------------- | ---- | --: | --: |
${Object.entries(latency)
  .flatMap(([delay, f]) => [row(`${delay} | cold`, f.cold), row(`${delay} | warmed`, f.warm)])
  .join('\n')}

Warmed, the click finds the answer fresh: the record shows in the click's own task (what is left
is React's render). Cold, the click waits for the request (the proxy and the server, plus the
server's delay). Hovering without clicking costs one request per link hovered, only for calls
with a freshness.`;
}
