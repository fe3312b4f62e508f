import type { History, HistoryInterceptor, HistoryUpdate } from '@statechart/core';

/** The browser's Navigation API, where it exists (hidden or missing: the History API adapter). */
export function navigationOf(win: Window): Navigation | undefined {
  return (win as { navigation?: Navigation }).navigation ?? undefined;
}

/**
 * The browser's session history for the router (core's `History`) on the Navigation API: every
 * navigation of the document is heard in its `navigate` event, before it commits.
 *
 * - Links to the app that are not `<Link>`s (a plain `<a href>` in a view's text; a `<Link>` takes
 *   its own click, so the browser starts no navigation for it) are cancelled and handed to the router
 *   (same origin, under `base`, a plain click: the browser itself opens a new tab or window for a
 *   modifier, a `target` or a download, and fires no event here for it), which navigates as
 *   `navigate()` does: the machine decides, so a refused link changes nothing and a redirect writes
 *   its own URL. Not intercepted:
 *   an intercepted navigation commits the URL clicked, and the machine's URL may be another one.
 * - Back, Forward and go(±n) between this document's entries are asked of the router first where
 *   the browser lets them be cancelled (`event.cancelable`: Chromium refuses a second cancel with no
 *   user action in between); a refused one is cancelled, so neither the URL nor the current entry
 *   changes. Where it cannot be cancelled it commits, and the router steps back over the same
 *   distance, as with the History API.
 * - Entries are written with `history.pushState` / `replaceState` (synchronous, no promise to
 *   reject when a later navigation aborts it); their `navigate` events are this adapter's own.
 * - Fragments, `pushState` by other scripts, reloads, form posts, other documents' entries and
 *   other origins are left to the browser.
 *
 * Entry keys are the Navigation API's (stable across reloads of the tab): scroll positions are kept
 * by them, for the entries `navigation.entries()` still lists. Focus and scroll stay the shell's
 * (`focusReset` and `scroll` are manual).
 */
export function createNavigationHistory(win: Window = window, base = '/'): History {
  const navigation = navigationOf(win);
  if (!navigation)
    throw new Error(
      process.env.NODE_ENV === 'production'
        ? 'No window.navigation'
        : 'createNavigationHistory() needs window.navigation: use createBrowserHistory()',
    );
  const prefix = base.replace(/\/$/, '');
  const listeners = new Set<(update: HistoryUpdate) => void>();
  let interceptor: HistoryInterceptor | undefined;
  let writing = false;
  // The shell restores scroll positions itself, per entry, once the new screen is committed.
  win.history.scrollRestoration = 'manual';

  const inApp = (url: URL) =>
    url.origin === win.location.origin && (!prefix || url.pathname === prefix || url.pathname.startsWith(`${prefix}/`));
  const manual = { focusReset: 'manual', scroll: 'manual' } as const;

  const onNavigate = (event: NavigateEvent) => {
    if (writing || !interceptor || !event.canIntercept || event.downloadRequest !== null || event.formData) return;
    const url = new URL(event.destination.url);
    const path = url.pathname + url.search + url.hash;
    if (event.navigationType === 'traverse') {
      if (!event.destination.sameDocument) return;
      const delta = event.destination.index - (navigation.currentEntry?.index ?? 0);
      if (event.cancelable && !interceptor.traversal(path, delta)) {
        event.preventDefault();
        return;
      }
      event.intercept({
        ...manual,
        handler: async () => {
          for (const listener of listeners) listener({ delta });
        },
      });
      return;
    }
    // A fragment or another script's pushState is already same-document: not a move of the app's.
    if (event.destination.sameDocument || event.navigationType === 'reload' || !inApp(url)) return;
    const take = interceptor.link;
    event.preventDefault();
    // After this event: a navigation started while the browser's is being cancelled would be aborted with it.
    queueMicrotask(() => take(path));
  };
  navigation.addEventListener('navigate', onNavigate);

  const write = (kind: 'pushState' | 'replaceState', url: string) => {
    writing = true;
    try {
      win.history[kind](null, '', url);
    } finally {
      writing = false;
    }
  };

  return {
    get location() {
      const { pathname, search, hash } = win.location;
      return { pathname, search, hash, key: navigation.currentEntry?.key ?? 'default' };
    },
    push: (url) => write('pushState', url),
    replace: (url) => write('replaceState', url),
    go(delta) {
      // traverseTo, not history.go: Chromium 156 silently drops a history.go(n) to an entry whose
      // traversal was cancelled before (a retried refused Back), while traverseTo goes.
      const target = navigation.entries()[(navigation.currentEntry?.index ?? 0) + delta];
      if (!target) return;
      const { committed, finished } = navigation.traverseTo(target.key);
      // A later navigation aborts this one: not an error of the page's.
      committed?.catch(() => undefined);
      finished?.catch(() => undefined);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    entry() {
      // The entries this document can reach are numbered from 0 (a View Transition's direction reads them).
      const index = navigation.currentEntry?.index ?? 0;
      return { index, reach: index + 1 };
    },
    // Scroll positions are kept by these: the indexes change when Chromium drops the oldest entries (past 50).
    keys: () => navigation.entries().map((entry) => entry.key),
    intercept(next) {
      interceptor = next;
      return () => {
        interceptor = undefined;
        navigation.removeEventListener('navigate', onNavigate);
      };
    },
  };
}
