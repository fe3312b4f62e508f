import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { violationsIn, type ScreenState, launch, screenStatesOf } from '@statechart/paths/chromium';
import { strings } from '../../machines/strings';
import { productSpec } from '../paths/productPaths';

// Reduced motion: the app then moves between screens without a view transition and its styles
// animate nothing (styles.css keeps motion under prefers-reduced-motion: no-preference), so each
// screen is at its settled colors and layout at once, the state axe must read; with motion, the
// audit waited out every entrance and scheme change (on a 100-screen product, the most of its time).
const CONTEXT = { colorScheme: 'light', reducedMotion: 'reduce', viewport: { width: 1024, height: 768 } } as const;
let browser: Browser;
let shared: BrowserContext;
beforeAll(async () => {
  browser = await launch();
  shared = await browser.newContext(CONTEXT);
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Every screen a URL shows, derived from the machine and its path spec (a new screen is audited
 * with nothing to add here), and the screens only an act reaches, by hand.
 */
const derived = screenStatesOf(productSpec);
const productStates: ScreenState[] = [
  ...derived.states,
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
  it('knows a heading to wait for on every screen a URL shows (productPaths.ts: assertions)', () => {
    expect(derived.missing, 'these screens have no heading asserted in tests/paths/productPaths.ts').toEqual([]);
  });
  for (const state of productStates) {
    it(`finds no violation on ${state.name}, in the light and the dark scheme`, async () => {
      expect(await violationsIn({ browser, shared, context: CONTEXT }, inject('productUrl'), state)).toEqual([]);
    }, 30_000);
  }
});
