import type { Page } from 'playwright-core';

/** The session's entries as the page can see them. */
export interface HistoryEntries {
  /** How many entries: `navigation.entries()` where it exists (Chromium 156's history.length can lag it), else history.length. */
  length: number;
  /** The current entry's position: the Navigation API's index, else the History API adapter's `idx` in history.state. */
  index: number;
  /** Each entry's app URL (path, search, hash), where the Navigation API lists them; undefined on the History API. */
  urls: string[] | undefined;
}

/** The entries of this document's session history: what a person's Back and Forward can reach. */
export const historyEntries = (page: Page): Promise<HistoryEntries> =>
  page.evaluate(() => {
    const navigation = (window as { navigation?: Navigation }).navigation;
    if (navigation) {
      const urls = navigation.entries().map((entry) => {
        const url = new URL(entry.url ?? '');
        return url.pathname + url.search + url.hash;
      });
      return { length: urls.length, index: navigation.currentEntry?.index ?? -1, urls };
    }
    const state: unknown = history.state;
    const index =
      state && typeof state === 'object' && 'idx' in state && typeof state.idx === 'number' ? state.idx : -1;
    return { length: history.length, index, urls: undefined };
  });
