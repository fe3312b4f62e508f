import { expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { openPage } from './pages';
import { CHROMIUM_ARGS, ensureChromium } from './findChromium';
import { hideNavigationApiIn, historyApiMode } from './historyApiMode';

/**
 * Headless Chromium from the system (never a downloaded build). With `STATECHART_HISTORY_API=1`,
 * its pages hide `window.navigation`: the app runs on its History API adapter.
 */
export async function launch(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_ARGS });
  return historyApiMode() ? hideNavigationApiIn(browser) : browser;
}

export { openPage, sharedContext } from './pages';

/** Opens `url` in a fresh page, runs `test`, and fails it on any uncaught exception or console error. */
export async function withPage(
  opener: Browser | BrowserContext,
  url: string,
  test: (page: Page) => Promise<void>,
  options: { viewport?: { width: number; height: number } } = {},
) {
  const { page, problems, close } = await openPage(opener, url, options);
  try {
    await test(page);
    expect(problems).toEqual([]);
  } finally {
    await close();
  }
}

/** The page's app-relative URL as the address bar shows it: path, search and hash. */
export const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search + url.hash;
};

/** The session history's length: entries the app pushed show as differences from a first reading. */
export const historyLength = (page: Page) => page.evaluate(() => history.length);

/** A heading by its exact accessible name. */
export const headingNamed = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

/**
 * The page's CSS animations and transitions at zero duration, view transitions' included, as
 * Playwright's `animations: 'disabled'` does for screenshots: everything still runs (the view
 * transition's capture, its update callback, its events) but ends at once. An init script:
 * `context.addInitScript(instantAnimations)` (the path levels' pages run it). Otherwise a click
 * after a navigation waits for the entering screen's animation (the shell's 0.2 s slide), as
 * Playwright's actionability check waits for an element to stop moving: about 0.3 s a click (the
 * framework's Chromium path level: 88 clicks, 25 s). An adopted sheet: there may be no head yet.
 */
export function instantAnimations(): void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(
    `*, *::before, *::after, ::view-transition-group(*), ::view-transition-old(*), ::view-transition-new(*) {
      animation-duration: 0s !important; animation-delay: 0s !important;
      transition-duration: 0s !important; transition-delay: 0s !important; }`,
  );
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}
