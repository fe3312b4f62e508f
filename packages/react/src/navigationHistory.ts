import type { History, HistoryInterceptor, HistoryUpdate } from '@statechart/core';

/** The browser's Navigation API, where it exists (hidden or missing: the History API adapter). */
export function navigationOf(win: Window): Navigation | undefined {
  return (win as { navigation?: Navigation }).navigation ?? undefined;
}

/**
 * The browser's session history for the router (core's `History`) on the Navigation API: every
 * navigation of the document is heard in its `navigate` event, before it commits.
 *
 * - Navigations to the app that are not `<Link>`s (a plain `<a href>` in a view's text, a page
 *   script's `navigation.navigate()` or `location.replace()`; a `<Link>` takes its own click, so the
 *   browser starts no navigation for it) are asked of the router first (the router leaves a reload
 *   and a URL outside its base path to the browser, and all of them until its moves have loaded; a
 *   plain click: the browser itself opens a new tab or window for a modifier, a `target` or a
 *   download, and fires no event here for it): a refused one is cancelled (nothing changes; its
 *   promises reject), an accepted one is intercepted and commits as asked (a new entry, or the
 *   current one replaced), so its promises resolve, and the router moves the machine there and
 *   rewrites the entry when the machine's URL is another (a redirect).
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
export function createNavigationHistory(win: Window = window): History {
  const navigation = navigationOf(win) as Navigation;
  // Development builds say what is missing; production fails at addEventListener below.
  if (process.env.NODE_ENV !== 'production' && !navigation)
    throw new Error('createNavigationHistory() needs window.navigation: use createBrowserHistory()');
  const listeners = new Set<(update: HistoryUpdate) => void>();
  let interceptor: HistoryInterceptor | undefined;
  let writing = false;
  // The shell restores scroll positions itself, per entry, once the new screen is committed.
  win.history.scrollRestoration = 'manual';

  // The current entry's index (the entries this document can reach are numbered from 0).
  const here = () => navigation.currentEntry?.index ?? 0;

  const onNavigate = (event: NavigateEvent) => {
    if (writing || !interceptor || !event.canIntercept || event.downloadRequest !== null || event.formData) return;
    const { url, sameDocument, index } = event.destination;
    const { pathname, search, hash } = new URL(url);
    const path = pathname + search + hash;
    const kind = event.navigationType;
    const traverse = kind === 'traverse';
    // The browser's: a traversal to another document's entry, and a fragment or another script's
    // pushState (same-document, but not a traversal).
    if (sameDocument !== traverse) return;
    const delta = index - here();
    // The router decides (HistoryInterceptor): undefined leaves the navigation to the browser (a
    // reload, a URL outside the base path); false refuses it: cancelled, nothing moves, and a
    // script's promises say the navigation did not happen. A document navigation let through commits
    // as the browser was asked (a new entry, or this one rewritten for location.replace()), so its
    // promises resolve; the router then moves the machine and rewrites the entry if the machine's
    // URL is another (a redirect).
    const take = traverse ? !event.cancelable || interceptor.traversal(path, delta) : interceptor.link(path, kind);
    if (!take) return take === undefined || event.preventDefault();
    const update: HistoryUpdate = traverse ? { delta } : { delta: null, kind: kind as 'push' | 'replace' };
    event.intercept({
      focusReset: 'manual',
      scroll: 'manual',
      async handler() {
        for (const listener of listeners) listener(update);
      },
    });
  };
  navigation.addEventListener('navigate', onNavigate);

  const write = (kind: 'pushState' | 'replaceState', url: string) => {
    // While one of this adapter's intercepted navigations commits: a replaceState then (a redirect's
    // URL) would abort it, and a page script's navigate() promises with it, so the rewrite waits
    // until it has finished.
    const committing = navigation.transition?.finished;
    if (committing && kind === 'replaceState') {
      const later = () => write(kind, url);
      return void committing.then(later, later);
    }
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
      const target = navigation.entries()[here() + delta];
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
      const index = here();
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
