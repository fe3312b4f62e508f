/**
 * What a navigation allocates (issue 20): the slow tail of clicks and Back is mostly garbage
 * collection, and how often it runs follows what each navigation allocates, kept or not. Each app
 * is warmed up (300 navigations), then Chromium's sampling heap profiler runs over NAVIGATIONS more
 * (a Next click and Back, awaited; garbage collected by either GC included), and the bytes are
 * summed per navigation, in total and by the function that allocated them. Unminified builds, so
 * that functions keep their names; the apps side by side, one after the other.
 *
 *   npx tsx bench/allocations.ts    # ALLOC_APPS=routing,xstateKeyed,plain ALLOC_ROUTES=3 ALLOC_NAVIGATIONS=1000 ALLOC_TOP=25
 */
import { chromium } from 'playwright-core';
import type { Plugin } from 'vite';
import { CHROMIUM_ARGS, ensureChromium } from '@statechart/paths/chromium';
import { navigateInPage, openApp, serveBenchApp } from './browser';

const APPS = (process.env.ALLOC_APPS ?? 'routing,xstateKeyed,plain').split(',');
const ROUTES = Number(process.env.ALLOC_ROUTES ?? 3);
const NAVIGATIONS = Number(process.env.ALLOC_NAVIGATIONS ?? 1000);
const TOP = Number(process.env.ALLOC_TOP ?? 25);
const unminified: Plugin = { name: 'unminified', config: () => ({ build: { minify: false } }) };

/** The part of CDP's sampling heap profile we read. */
interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

const browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_ARGS });
try {
  for (const name of APPS) {
    const app = await serveBenchApp(name, ROUTES, { plugins: [unminified] });
    try {
      const page = await openApp(browser, app);
      const cdp = await page.context().newCDPSession(page);
      await navigateInPage(page, 300);
      await cdp.send('HeapProfiler.enable');
      await cdp.send('HeapProfiler.startSampling', {
        samplingInterval: 128,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
      await navigateInPage(page, NAVIGATIONS);
      const { profile } = (await cdp.send('HeapProfiler.stopSampling')) as { profile: { head: ProfileNode } };
      const bySite = new Map<string, number>();
      let total = 0;
      const visit = (node: ProfileNode) => {
        const { functionName, url, lineNumber } = node.callFrame;
        const site = `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber}`;
        bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
        total += node.selfSize;
        node.children.forEach(visit);
      };
      visit(profile.head);
      console.log(
        `\n${name}, ${ROUTES} routes: ${(total / NAVIGATIONS / 1024).toFixed(1)} KB allocated per navigation`,
      );
      for (const [site, bytes] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
        console.log(`${(bytes / NAVIGATIONS).toFixed(0).padStart(7)} B  ${site}`);
      }
      await page.context().close();
    } finally {
      await app.close();
    }
  }
} finally {
  await browser.close();
}
