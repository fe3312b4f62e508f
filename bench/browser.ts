/**
 * The in-page side of the navigation benchmarks: a harness installed before each app that times
 * clicks and popstates to the committed heading and the painted frame, and the helpers that drive
 * it (click a link, go Back, open an app, heap after N navigations), and the build and serving of
 * a bench app.
 */
import { fileURLToPath } from 'node:url';
import type { Browser, CDPSession, Page } from 'playwright-core';
import type { Plugin } from 'vite';
import { buildAndServe, type ServedApp } from '../scripts/built-app';
import { asciiOutput } from '@statechart/vite';

/** Ours are built with our build's plugins (vite.config.ts: react-router's transform, ASCII output); peers as they ship. */
export const buildPluginsOf = (app: string): Plugin[] => (app === 'ours' || app === 'routing' ? [asciiOutput()] : []);

/**
 * Builds bench/apps/<app> (or the app in `dir`, another checkout's) for `routes` screens, with its
 * build plugins after `plugins` (a before/after sitting's file swap), and serves it.
 */
export function serveBenchApp(
  app: string,
  routes: number,
  { dir, plugins = [] }: { dir?: string; plugins?: Plugin[] } = {},
): Promise<ServedApp> {
  return buildAndServe({
    root: dir ?? fileURLToPath(new URL(`./apps/${app}`, import.meta.url)),
    define: { __BENCH_ROUTES__: String(routes) },
    plugins: [...plugins, ...buildPluginsOf(app)],
  });
}

export interface Sample {
  kind: 'click' | 'pop';
  committed: number;
  painted: number;
  /**
   * The page's main-thread CPU time over the navigation, ms: CDP `Performance.getMetrics`
   * `ThreadTime` (the renderer main thread's own CPU clock, not wall time: time the thread waits or
   * is preempted by other processes does not count) read just before the click or Back is sent and
   * again once the painted frame is in. It includes the harness's own share (the input events' or
   * the `history.back()` evaluation's dispatch, the wait for the painted frame, the two readings),
   * the same in every app: `idleCpu` measures it.
   */
  cpu: number;
}

/** Each page's CDP session for its CPU readings (openApp makes it). */
const sessions = new WeakMap<Page, CDPSession>();

/** The page's renderer main thread's CPU time so far, ms (NaN for a page openApp did not open). */
async function threadTime(page: Page): Promise<number> {
  const cdp = sessions.get(page);
  if (!cdp) return NaN;
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((metric) => metric.name === 'ThreadTime')?.value ?? NaN) * 1000;
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
    /** A traversal's start is taken (from its navigate event or its popstate) until the next arm(). */
    traversing: false,
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
  // A Back starts when the browser starts the traversal: the Navigation API's `navigate` event
  // (where it exists, before any app's listener: this script runs first), else popstate. An app on
  // the Navigation API may commit the new screen in that event, before popstate fires; timed from
  // popstate, its Back would have started after it ended. Each app's Back is timed from the first
  // of the two, so all are timed alike.
  const traversal = (timeStamp: number) => {
    if (bench.traversing) return;
    bench.traversing = true;
    bench.start = timeStamp;
    bench.kind = 'pop';
  };
  const navigation = (window as { navigation?: EventTarget }).navigation;
  navigation?.addEventListener('navigate', (event) => {
    if ((event as Event & { navigationType?: string }).navigationType === 'traverse') traversal(event.timeStamp);
  });
  window.addEventListener('popstate', (event) => traversal(event.timeStamp), true);
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
  __bench: { expect: string; done: Promise<Sample>; resolve: (sample: Sample) => void; traversing: boolean };
}

/** Arms the harness for the heading `expect`; returns the centre of the link to click, if any. */
function arm(page: Page, expect: string, linkId?: string) {
  return page.evaluate(
    async ({ expect, linkId }) => {
      // A screen still entering (a view transition's entrance moves it) would move the link away
      // from the point measured here before the click lands: wait for the page's animations first
      // (none in the peers' apps; the sample starts at the click, so the wait is not counted).
      const ending = document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
      await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
      const bench = (window as unknown as BenchWindow).__bench;
      bench.expect = expect;
      bench.traversing = false;
      bench.done = new Promise((resolve) => (bench.resolve = resolve));
      if (!linkId) return null;
      const box = document.getElementById(linkId)?.getBoundingClientRect();
      return box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null;
    },
    { expect, linkId },
  );
}
/**
 * The sample, once the armed heading is in; an error naming the step and the page if it never
 * comes (a lost click would otherwise stop the whole bench silently: `npm run bench` records a
 * section that throws and goes on).
 */
async function settled(page: Page, step: string): Promise<Sample> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${step} on ${page.url()}: the heading it leads to was not in the DOM within 15 s`)),
      15_000,
    );
  });
  try {
    return await Promise.race([page.evaluate(() => (window as unknown as BenchWindow).__bench.done), late]);
  } finally {
    clearTimeout(timer);
  }
}
export const headingOf = (page: Page) => page.evaluate(() => document.querySelector('main h1')?.textContent ?? '');

export async function click(page: Page, linkId: 'next' | 'jump'): Promise<Sample> {
  // The heading the link leads to is the link's target screen: read it from the href.
  const target = await page.evaluate((id) => {
    const href = (document.getElementById(id) as HTMLAnchorElement).pathname;
    const k = href === '/' ? 0 : Number(href.split('/')[1]?.slice(1));
    return `Screen ${k}`;
  }, linkId);
  const at = await arm(page, target, linkId);
  if (!at) throw new Error(`no #${linkId} link on ${page.url()}`);
  const before = await threadTime(page);
  await page.mouse.click(at.x, at.y);
  const sample = await settled(page, `a click on #${linkId} to "${target}"`);
  return { ...sample, cpu: (await threadTime(page)) - before };
}

export async function back(page: Page, expect: string): Promise<Sample> {
  await arm(page, expect);
  const before = await threadTime(page);
  await page.evaluate(() => history.back());
  const sample = await settled(page, `Back to "${expect}"`);
  return { ...sample, cpu: (await threadTime(page)) - before };
}

/**
 * The harness's own main-thread CPU time for one navigation, with no navigation: a click on the
 * footer's text (no link: nothing routes) and a wait for the next frame and a task after it, read
 * as `click` reads a navigation. The same in every app; a ratio of CPU times net of it is the
 * apps' own.
 */
export async function idleCpu(page: Page): Promise<number> {
  const box = await page.locator('footer p').boundingBox();
  if (!box) throw new Error(`no footer text to click on ${page.url()}`);
  const before = await threadTime(page);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
  return (await threadTime(page)) - before;
}

export { quantile } from '../scripts/stats';
export const ms = (value: number) => `${value.toFixed(1)} ms`;

export async function openApp(
  browser: Browser,
  app: ServedApp,
  { reducedMotion }: { reducedMotion?: 'reduce' } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, reducedMotion });
  const page = await context.newPage();
  // tsx compiles with keepNames: functions sent to the page call its __name helper.
  await page.addInitScript('globalThis.__name = (target) => target;');
  await page.addInitScript(harness);
  await page.goto(app.origin + '/');
  await page.waitForFunction(() => (window as unknown as { __benchReady?: boolean }).__benchReady === true);
  await page.locator('main h1').waitFor();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  sessions.set(page, cdp);
  return page;
}

/** `count` in-page navigations: a Next click and Back, each awaited to its committed heading. */
export async function navigateInPage(page: Page, count: number): Promise<void> {
  await page.evaluate(async (n) => {
    const bench = (window as unknown as BenchWindow).__bench;
    const heading = () => document.querySelector('main h1')?.textContent ?? '';
    const wait = (expect: string) => {
      bench.expect = expect;
      bench.traversing = false;
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
  }, count);
}

/**
 * The JS heap after each count of navigations (a Next click and Back, awaited), two forced GCs
 * before each reading; `atEach` runs right after a reading, on the same page (a heap snapshot).
 */
export async function heapAfter(
  browser: Browser,
  app: ServedApp,
  counts: number[],
  atEach?: (cdp: CDPSession) => Promise<void>,
): Promise<number[]> {
  const page = await openApp(browser, app);
  const cdp = await page.context().newCDPSession(page);
  const heaps: number[] = [];
  let done = 0;
  for (const count of counts) {
    await navigateInPage(page, count - done);
    done = count;
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    heaps.push(usedSize);
    await atEach?.(cdp);
  }
  await page.context().close();
  return heaps;
}
