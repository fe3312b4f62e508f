import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { violationsIn, type ScreenState, launch } from '@statechart/paths/chromium';
import { strings } from '../../machines/strings';

const CONTEXT = { colorScheme: 'light', viewport: { width: 1024, height: 768 } } as const;
let browser: Browser;
let shared: BrowserContext;
beforeAll(async () => {
  browser = await launch();
  shared = await browser.newContext(CONTEXT);
});
afterAll(async () => {
  await browser?.close();
});

/** Every screen state of the product machine. */
const productStates: ScreenState[] = [
  { name: 'home', url: '/', heading: strings.home.heading },
  { name: 'not found', url: '/no/such/place', heading: strings.notFound.heading },
  {
    name: 'error (the home view throws)',
    url: '/',
    heading: strings.error.heading,
    // The product's views do not throw: serve a home view that does.
    before: (page) =>
      page.route('**/assets/home.view-*.js', (route) =>
        route.fulfill({
          contentType: 'text/javascript',
          body: "export function View() { throw new Error('a view that throws'); }",
        }),
      ),
  },
];

describe.concurrent('axe on every screen state of the product app', () => {
  for (const state of productStates) {
    it(`finds no violation on ${state.name}, in the light and the dark scheme`, async () => {
      expect(await violationsIn({ browser, shared, context: CONTEXT }, inject('productUrl'), state)).toEqual([]);
    }, 30_000);
  }
});
