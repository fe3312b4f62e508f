import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** True in the History API projects: every page runs without `window.navigation`. */
    historyApiMode: boolean;
  }
}

/** The page script that hides the Navigation API, before any of the app's. */
function hideNavigationApi() {
  Object.defineProperty(window, 'navigation', { value: undefined });
}

const WRAPPED = Symbol.for('statechart.historyApiMode');

/**
 * Setup file of the Chromium projects (vitest.config.ts): in the History API one, every context
 * and page of a browser launched by a test file gets an init script that hides
 * `window.navigation`, so the app starts on its History API adapter, as in a browser without the
 * Navigation API. The test files stay the same. The wrap is installed once per worker and reads the
 * project's flag at each launch (a worker's module cache outlives a file: isolate is off).
 */
const launcher = chromium as typeof chromium & { [WRAPPED]?: true };
if (!launcher[WRAPPED]) {
  launcher[WRAPPED] = true;
  const launch = chromium.launch.bind(chromium);
  chromium.launch = async (options) => {
    const browser = await launch(options);
    if (inject('historyApiMode')) hideIn(browser);
    return browser;
  };
}

function hideIn(browser: Browser) {
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
}
