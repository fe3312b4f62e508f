import type { Browser, BrowserContext } from 'playwright-core';

/**
 * `STATECHART_HISTORY_API=1`: every page of a browser started by `launch()` runs without
 * `window.navigation`, so the app starts on its History API adapter, as in a browser without the
 * Navigation API. A product runs its own Chromium tests in that mode with
 * `STATECHART_HISTORY_API=1 npm test`; the test files stay the same. Read at each launch.
 */
export function historyApiMode(): boolean {
  return process.env.STATECHART_HISTORY_API === '1';
}

/** The page script that hides the Navigation API, before any of the app's. */
function hideNavigationApi() {
  Object.defineProperty(window, 'navigation', { value: undefined });
}

/** Makes every context and page `browser` opens from now on hide `window.navigation`. */
export function hideNavigationApiIn(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  const hidden = async (context: BrowserContext) => {
    await context.addInitScript(hideNavigationApi);
    return context;
  };
  browser.newContext = async (options) => hidden(await newContext(options));
  browser.newPage = async (options) => {
    const context = await hidden(await newContext(options));
    const page = await context.newPage();
    // Closing the page closes its context, as Browser.newPage's own does.
    page.once('close', () => void context.close());
    return page;
  };
  return browser;
}
