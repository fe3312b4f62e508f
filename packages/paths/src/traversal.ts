import type { Page } from 'playwright-core';

/* Back and Forward as a person presses them, with no test runner's import (Vitest's files, Playwright Test's and the soak walks use it). */

const RECEIVED = '__statechartTraversalReceived';

/**
 * Back (delta -1), Forward (1) or further, as the browser's own buttons make it (a browser-initiated
 * traversal over the DevTools protocol), without waiting for a navigation: Playwright's goBack()
 * waits for one until its timeout, and on the Navigation API a refused traversal is cancelled
 * before it commits, so none comes. Resolves once the page has received the traversal (its
 * `navigate` event, or `popstate` where the Navigation API is missing or hidden) or left the
 * document (a traversal to another document): what it shows then (a heading, the URL, a notice) is
 * the caller's to wait for.
 */
export async function traverse(page: Page, delta: number): Promise<void> {
  // Armed before the traversal, in the page: the first of the two events the app's router hears.
  await page.evaluate((key) => {
    const received = new Promise<void>((resolve) => {
      addEventListener('popstate', () => resolve(), { once: true });
      (window as unknown as { navigation?: EventTarget }).navigation?.addEventListener('navigate', () => resolve(), {
        once: true,
      });
    });
    (window as unknown as Record<string, Promise<void>>)[key] = received;
  }, RECEIVED);
  const session = await page.context().newCDPSession(page);
  try {
    const { currentIndex, entries } = await session.send('Page.getNavigationHistory');
    const entry = entries[currentIndex + delta];
    if (!entry) throw new Error(`No history entry ${delta} from ${currentIndex} (${entries.length} entries)`);
    await session.send('Page.navigateToHistoryEntry', { entryId: entry.id });
  } finally {
    await session.detach();
  }
  // In another document (a traversal out of this one) the key is not there, or the old document's
  // context is destroyed while this waits: either way the traversal was received.
  await page
    .evaluate((key) => (window as unknown as Record<string, Promise<void> | undefined>)[key], RECEIVED)
    .catch((error: unknown) => {
      if (!(error instanceof Error && /context was destroyed|navigat/i.test(error.message))) throw error;
    });
}

/** Back, as the browser's button makes it: see traverse(). */
export const pressBack = (page: Page) => traverse(page, -1);
