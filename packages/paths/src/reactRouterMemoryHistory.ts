import { UNSAFE_createMemoryHistory } from 'react-router-dom';
import type { History } from '@statechart/core';

/**
 * The memory history the machine and jsdom levels run the router on (core's `History`), on
 * react-router's: the same history code as the browser's fallback adapter
 * (packages/react/src/browserHistory.ts, react-router's browser history), so the path tests run
 * the URL parsing and entry keys a browser without the Navigation API runs. The one module of this
 * package that imports react-router-dom: `UNSAFE_createMemoryHistory` is outside react-router's
 * semver, and packages/paths/test/reactRouterMemoryHistory.test.ts fails, naming this file, if it
 * changes what is used here (docs/routing.md says what to do when react-router-dom drops it).
 *
 * Core's own `createMemoryHistory` (packages/core/src/memoryHistory.ts) is the one for core's
 * tests and a product's: core imports no React, and so no react-router.
 */
export function createReactRouterMemoryHistory(url = '/'): History & { readonly index: number } {
  const history = UNSAFE_createMemoryHistory({ initialEntries: [url] });
  return {
    get location() {
      return history.location;
    },
    // Where it is: a go() past either end stops there but reports the distance asked.
    get index() {
      return history.index;
    },
    push: (to) => history.push(to),
    replace: (to) => history.replace(to),
    go: (delta) => history.go(delta),
    listen: (listener) => history.listen(({ delta }) => listener({ delta })),
  };
}
