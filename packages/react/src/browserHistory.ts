import type { History } from '@statechart/core';
import { UNSAFE_createBrowserHistory } from 'react-router-dom';

/**
 * The browser's session history for the router (core's `History`), on react-router's history:
 * it numbers entries in `history.state` (`idx`), so a traversal's distance is known and a refused
 * Back steps forward by exactly that much. The one module that touches `window.history`.
 */
export function createBrowserHistory(win: Window = window): History {
  const history = UNSAFE_createBrowserHistory({ window: win });
  // The shell restores scroll positions itself, per entry, once the new screen is committed.
  win.history.scrollRestoration = 'manual';
  return {
    get location() {
      return history.location;
    },
    push: (url) => history.push(url),
    replace: (url) => history.replace(url),
    go: (delta) => history.go(delta),
    listen: (listener) => history.listen(({ delta }) => listener({ delta })),
    entry() {
      const state: unknown = win.history.state;
      const index =
        state && typeof state === 'object' && 'idx' in state && typeof state.idx === 'number' ? state.idx : 0;
      return { index, reach: win.history.length };
    },
  };
}
