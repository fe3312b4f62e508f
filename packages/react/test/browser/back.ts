import type { Page } from 'playwright-core';

/**
 * Back (delta -1), Forward (1) or further, as the browser's own buttons make it (a browser-initiated
 * traversal over the DevTools protocol), without waiting for a navigation: Playwright's goBack()
 * waits for one until its timeout, and on the Navigation API a refused traversal is cancelled
 * before it commits, so none comes. Resolves once the browser has been asked: wait for what the
 * move shows (a heading, the URL, a notice).
 */
export async function traverse(page: Page, delta: number): Promise<void> {
  const session = await page.context().newCDPSession(page);
  try {
    const { currentIndex, entries } = await session.send('Page.getNavigationHistory');
    const entry = entries[currentIndex + delta];
    if (!entry) throw new Error(`No history entry ${delta} from ${currentIndex} (${entries.length} entries)`);
    await session.send('Page.navigateToHistoryEntry', { entryId: entry.id });
  } finally {
    await session.detach();
  }
}

export const pressBack = (page: Page) => traverse(page, -1);
