// @vitest-environment jsdom
import * as reactRouterDom from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

/**
 * What packages/react/src/browserHistory.ts (the History API adapter) uses of react-router-dom's
 * `UNSAFE_createBrowserHistory`, an export outside react-router's semver: a new react-router-dom
 * that drops it or changes what the adapter reads fails here, naming the adapter. jsdom's session
 * history is enough for what is read: the function, the location, push/replace numbering entries
 * with `idx` in `history.state`, and a Back heard with its distance.
 */
const ADAPTER = 'packages/react/src/browserHistory.ts';
const fix = (what: string) =>
  `react-router-dom's UNSAFE_createBrowserHistory ${what}: update ${ADAPTER}, the one module that uses it ` +
  `(docs/routing.md, "When react-router-dom drops its histories", says how)`;

const idx = () => (window.history.state as { idx?: unknown } | null)?.idx;

describe("react-router-dom's browser history, as the History API adapter uses it", () => {
  it('is exported as a function', () => {
    expect(typeof reactRouterDom.UNSAFE_createBrowserHistory, fix('is no longer exported')).toBe('function');
  });

  it("numbers the entries it writes in history.state's `idx`, and tells its listener a Back's distance", async () => {
    window.history.replaceState(null, '', '/start');
    const history = reactRouterDom.UNSAFE_createBrowserHistory({ window });
    expect(idx(), fix('no longer numbers the entry it starts on (`idx` 0 in history.state)')).toBe(0);
    expect(history.location.pathname, fix('no longer reads the location from the window given')).toBe('/start');

    history.push('/a?x=1#top');
    const { pathname, search, hash, key } = history.location;
    expect({ pathname, search, hash }, fix('no longer splits the pushed URL into its location')).toEqual({
      pathname: '/a',
      search: '?x=1',
      hash: '#top',
    });
    expect(typeof key, fix('gives its location no string `key`')).toBe('string');
    expect(window.location.pathname + window.location.search, fix('push() no longer writes the URL')).toBe('/a?x=1');
    expect(idx(), fix('push() no longer numbers the new entry `idx` + 1')).toBe(1);
    history.replace('/b');
    expect([window.location.pathname, idx()], fix('replace() no longer rewrites the entry, keeping its `idx`')).toEqual(
      ['/b', 1],
    );

    const deltas: (number | null)[] = [];
    const unlisten = history.listen(({ delta }) => deltas.push(delta));
    history.go(-1);
    await vi.waitFor(() => expect(deltas, fix('go(-1) is no longer heard with `delta` -1 (from `idx`)')).toEqual([-1]));
    expect(history.location.pathname, fix('no longer follows a traversal in its location')).toBe('/start');
    unlisten();
  });
});
