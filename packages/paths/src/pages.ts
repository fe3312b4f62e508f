import type { Browser, BrowserContext, Page } from 'playwright-core';

/* Pages for tests, with no test runner's import: Vitest's files and Playwright Test's both use them. */

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
  const problems = watchProblems(page);
  await page.goto(url);
  return { page, problems, close: () => (shared ? page.close() : context.close()) };
}

/**
 * What a page reports that fails a test: uncaught exceptions and console errors, a failed
 * resource with its method, URL and status. The list fills as the page runs.
 */
export function watchProblems(page: Page): string[] {
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
  return problems;
}
