import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch } from '../src/browser';
import { violationsIn } from '../src/axe';

const CONTEXT = { colorScheme: 'light', viewport: { width: 1024, height: 768 } } as const;
const ORIGIN = 'http://audit.test';

/**
 * An app that moves in place, as the framework's does (the Navigation API's navigate event,
 * intercepted: a link's click and navigation.navigate() alike, no page load), with one link in a
 * closed menu. Screen B breaks a DOM rule (an image without alt text); C and C-again share a heading.
 */
const APP = `<!doctype html><html lang="en"><head><title>Audit</title></head><body>
<header><nav aria-label="Screens"><a href="/a">A</a> <a href="/c">C</a>
<ul hidden><li><a href="/b">B</a></li></ul></nav></header><main></main>
<script>
const screens = {
  '/a': '<h1>Screen A</h1><p>Nothing wrong here.</p>',
  '/b': '<h1>Screen B</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">',
  '/c': '<h1>Screen C</h1><p>Shown by its link.</p>',
  '/c-again': '<h1>Screen C</h1><p>Another screen with the same heading.</p>',
};
const show = (path) => { document.querySelector('main').innerHTML = screens[path]; };
navigation.addEventListener('navigate', (event) => {
  if (!event.canIntercept) return;
  event.intercept({ handler: async () => show(new URL(event.destination.url).pathname) });
});
show(location.pathname);
</script></body></html>`;

let browser: Browser;
let shared: BrowserContext;
/** The documents the app served: a screen reached by its link is no load. */
const loads: string[] = [];
beforeAll(async () => {
  browser = await launch();
  shared = await browser.newContext(CONTEXT);
  await shared.route(`${ORIGIN}/**`, (route) => {
    loads.push(new URL(route.request().url()).pathname);
    return route.fulfill({ contentType: 'text/html', body: APP });
  });
});
afterAll(async () => {
  await browser?.close();
});

describe("the axe audit on a shared context's tabs", () => {
  it('audits a screen the app moved to on a tab that audited another, and still finds its violation', async () => {
    const audit = (url: string, heading: string) =>
      violationsIn({ browser, shared, context: CONTEXT }, ORIGIN, { name: url, url, heading });

    expect(await audit('/a', 'Screen A')).toEqual([]);
    // B's link is in a closed menu: the tab moves there by navigation.navigate(), the app's own move.
    const onB = await audit('/b', 'Screen B');
    expect(onB.map((line) => line.split(':').slice(0, 2).join(':'))).toEqual(['light scheme: image-alt']);
    // C by its visible link. One document load for the three screens, on one tab.
    expect(await audit('/c', 'Screen C')).toEqual([]);
    expect(loads).toEqual(['/a']);
    expect(shared.pages()).toHaveLength(1);
    // The one free tab shows the same heading: a wait for it could not tell the screens apart, so a new tab loads it.
    expect(await audit('/c-again', 'Screen C')).toEqual([]);
    expect(loads).toEqual(['/a', '/c-again']);
    expect(shared.pages()).toHaveLength(2);
  });
});
