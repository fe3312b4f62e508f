import type { History } from '@statechart/core';
import { UNSAFE_createBrowserHistory } from 'react-router-dom';

/**
 * The browser's session history for the router (core's `History`), on react-router's history:
 * it numbers entries in `history.state` (`idx`), so a traversal's distance is known and a refused
 * Back steps forward by exactly that much. The one module that touches `window.history`, and the
 * one that imports react-router-dom: `UNSAFE_createBrowserHistory` is outside its semver, and
 * packages/react/test/reactRouterBrowserHistory.test.ts fails, naming this file, when what is used
 * here changes (docs/routing.md says what to do when react-router-dom drops it).
 */
export function createBrowserHistory(win: Window = window): History {
  const history = UNSAFE_createBrowserHistory({ window: win });
  // The shell restores scroll positions itself, per entry, once the new screen is committed.
  win.history.scrollRestoration = 'manual';
  const indexOf = (state: unknown) =>
    state && typeof state === 'object' && 'idx' in state && typeof state.idx === 'number' ? state.idx : undefined;
  let at = indexOf(win.history.state) ?? 0;
  // A fragment link makes an entry the app did not write (no `idx`), heard as a popstate: it is
  // numbered here, before react-router's own listener reads it, as the entry after the one shown.
  // Unnumbered, react-router would report its distance as unknown and number the next push anew.
  win.addEventListener('popstate', () => {
    const state: unknown = win.history.state;
    const index = indexOf(state);
    if (index !== undefined) at = index;
    else win.history.replaceState({ ...(state && typeof state === 'object' ? state : {}), idx: (at += 1) }, '');
  });
  const written = () => void (at = indexOf(win.history.state) ?? at);
  return {
    get location() {
      return history.location;
    },
    push: (url) => (history.push(url), written()),
    replace: (url) => (history.replace(url), written()),
    go: (delta) => history.go(delta),
    listen: (listener) => history.listen(({ delta }) => listener({ delta })),
    entry: () => ({ index: at, reach: win.history.length }),
  };
}
