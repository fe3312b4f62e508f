import { expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from './findChromium';

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_ARGS });
}

const VIEWPORT = { width: 1024, height: 768 };

/** A context for a file's tests to share, a tab each (openPage says when that is sound). */
export const sharedContext = (browser: Browser) => browser.newContext({ viewport: VIEWPORT });

/**
 * A fresh page that fails the test on any uncaught exception or console error: in a context of its
 * own when given the browser, or a new tab of a context the caller shares between tests. A tab
 * has its own history, sessionStorage, routes and listeners; what tabs of a context share is
 * localStorage, cookies, the HTTP cache (and the compiled scripts Chromium keeps with it), the
 * clock and the offline switch. A file whose tests touch none of those shares one context: a tab
 * is cheaper to open than a context, and the app's chunks come from the cache
 * (docs/BENCHMARKS.md, "Browser project").
 */
export async function openPage(
  opener: Browser | BrowserContext,
  url: string,
  options: { viewport?: { width: number; height: number } } = {},
) {
  const shared = !('newContext' in opener);
  const context = shared ? opener : await opener.newContext({ viewport: options.viewport ?? VIEWPORT });
  const page = await context.newPage();
  if (shared && options.viewport) await page.setViewportSize(options.viewport);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  // Chromium's "Failed to load resource: … status of 404" names no URL: the message's location
  // does, and the response seen for it gives the method and status.
  const failed = new Map<string, string>();
  page.on('response', (response) => {
    if (response.status() >= 400) {
      failed.set(response.url(), `${response.request().method()} ${response.url()} answered ${response.status()}`);
    }
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const resource = message.text().startsWith('Failed to load resource') ? message.location().url : '';
    const request = resource ? ` (${failed.get(resource) ?? resource})` : '';
    problems.push(`console.error: ${message.text()}${request}`);
  });
  await page.goto(url);
  return { page, problems, close: () => (shared ? page.close() : context.close()) };
}

/** The app's current state value and URL, as the machine sees them. */
export function machineState(page: Page): Promise<{ value: unknown; historyLength: number }> {
  return page.evaluate(() => {
    const app = (window as unknown as { __app: { actor: { getSnapshot(): { value: unknown } } } }).__app;
    return { value: app.actor.getSnapshot().value, historyLength: history.length };
  });
}

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
