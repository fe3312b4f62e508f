import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { chromiumFixture } from '../../../scripts/browser-tests/fixture';
import { axeViolations, COLOR_RULES, violationsIn } from '../src/axe';

/**
 * The axe helpers of the Chromium level (axe.ts), in Chromium: what an audit says when the screen
 * it was given never shows, and that it finds violations of each kind. The audits of the examples'
 * screens themselves are the reference app's (examples/reference/e2e/a11y.test.ts).
 */
const CONTEXT = { colorScheme: 'light', viewport: { width: 1024, height: 768 } } as const;
const chromium = chromiumFixture({ context: CONTEXT });

// The audit itself can fail: a page with one violation of each kind the tests rely on (a DOM rule,
// and a colour rule that only the dark scheme breaks), no app, so it costs one blank page.
describe('the axe audit', () => {
  it('says which heading it waited for, where, and what the page shows, when that heading never shows', async ({
    expect,
  }) => {
    const state = { name: 'home, asserted with a placeholder', url: '/', heading: 'TODO: its heading' };
    const audit = violationsIn(
      { browser: chromium.browser(), shared: await chromium.context(), context: CONTEXT, headingTimeout: 1000 },
      chromium.origin(),
      state,
    );
    await expect(audit).rejects.toThrow(
      'home, asserted with a placeholder: the heading "TODO: its heading" never showed at / within 1000 ms; the page shows "Reference home"',
    );
  });

  it('reports a DOM violation, and a colour violation with only the colour rules run', async ({ expect }) => {
    const context = await chromium.browser().newContext();
    try {
      const page = await context.newPage();
      await page.setContent(
        '<html lang="en"><head><title>t</title><style>@media (prefers-color-scheme: dark) { p { color: #111; background: #000; } }</style></head>' +
          '<body><main><h1>Audit</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" /><p>Text</p></main></body></html>',
      );
      const light = await axeViolations(page);
      expect(light.map((line) => line.split(':')[0])).toEqual(['image-alt']);
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await axeViolations(page, { rules: COLOR_RULES })).toEqual([
        expect.stringMatching(/^color-contrast: .*\(p\)$/),
      ]);
    } finally {
      await context.close();
    }
  });
});

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
// Without the Navigation API (the History API projects hide it) every move is a document load.
if (window.navigation) navigation.addEventListener('navigate', (event) => {
  if (!event.canIntercept) return;
  event.intercept({ handler: async () => show(new URL(event.destination.url).pathname) });
});
show(location.pathname);
</script></body></html>`;

let shared: BrowserContext;
/** The documents the app served: a screen reached by its link is no load. */
const loads: string[] = [];
beforeAll(async () => {
  shared = await chromium.browser().newContext(CONTEXT);
  await shared.route(`${ORIGIN}/**`, (route) => {
    loads.push(new URL(route.request().url()).pathname);
    return route.fulfill({ contentType: 'text/html', body: APP });
  });
});
afterAll(async () => {
  await shared?.close();
});

describe("the axe audit on a shared context's tabs", () => {
  it('audits a screen the app moved to on a tab that audited another, and still finds its violation', async ({
    expect,
  }) => {
    const audit = (url: string, heading: string) =>
      violationsIn({ browser: chromium.browser(), shared, context: CONTEXT }, ORIGIN, { name: url, url, heading });

    expect(await audit('/a', 'Screen A')).toEqual([]);
    const navigationApi = await shared.pages()[0]!.evaluate(() => Boolean(window.navigation));
    // B's link is in a closed menu: the tab moves there by navigation.navigate(), the app's own move.
    const onB = await audit('/b', 'Screen B');
    expect(onB.map((line) => line.split(':').slice(0, 2).join(':'))).toEqual(['light scheme: image-alt']);
    // C by its visible link. One document load for the three screens, on one tab.
    expect(await audit('/c', 'Screen C')).toEqual([]);
    // Without the Navigation API (window.navigation hidden) the tab is not moved in place: each
    // screen is a document load of its own, and the audits still find what each screen breaks.
    if (!navigationApi) return;
    expect(loads).toEqual(['/a']);
    expect(shared.pages()).toHaveLength(1);
    // The one free tab shows the same heading: a wait for it could not tell the screens apart, so a new tab loads it.
    expect(await audit('/c-again', 'Screen C')).toEqual([]);
    expect(loads).toEqual(['/a', '/c-again']);
    expect(shared.pages()).toHaveLength(2);
  });
});
