import * as reactRouterDom from 'react-router-dom';
import { describe, expect, it } from 'vitest';

/**
 * What packages/paths/src/reactRouterMemoryHistory.ts uses of react-router-dom's
 * `UNSAFE_createMemoryHistory`, an export outside react-router's semver: a new react-router-dom
 * that drops it or changes what the adapter reads fails here, naming the adapter, before the path
 * tests fail somewhere far from the cause.
 */
const ADAPTER = 'packages/paths/src/reactRouterMemoryHistory.ts';
const fix = (what: string) =>
  `react-router-dom's UNSAFE_createMemoryHistory ${what}: update ${ADAPTER}, the one module that uses it ` +
  `(docs/routing.md, "When react-router-dom drops its histories", says how)`;

describe("react-router-dom's memory history, as the path tests' adapter uses it", () => {
  it('is exported as a function', () => {
    expect(typeof reactRouterDom.UNSAFE_createMemoryHistory, fix('is no longer exported')).toBe('function');
  });

  it('starts at the URL given, split into pathname, search and hash, with a key, at index 0', () => {
    const history = reactRouterDom.UNSAFE_createMemoryHistory({ initialEntries: ['/a/1?x=1#top'] });
    const { pathname, search, hash, key } = history.location;
    expect({ pathname, search, hash }, fix('no longer splits its location so')).toEqual({
      pathname: '/a/1',
      search: '?x=1',
      hash: '#top',
    });
    expect(typeof key, fix('gives its location no string `key`')).toBe('string');
    expect(history.index, fix('has no `index` of its current entry')).toBe(0);
  });

  it('pushes and replaces without telling its listener, and counts its index', () => {
    const history = reactRouterDom.UNSAFE_createMemoryHistory({ initialEntries: ['/'] });
    const heard: unknown[] = [];
    history.listen((update) => heard.push(update));
    history.push('/b');
    expect(
      [history.location.pathname, history.index],
      fix('push() no longer adds an entry after the current one'),
    ).toEqual(['/b', 1]);
    const key = history.location.key;
    history.replace('/c');
    expect([history.location.pathname, history.index], fix('replace() no longer rewrites the current entry')).toEqual([
      '/c',
      1,
    ]);
    expect(history.location.key, fix('replace() keeps the entry key')).not.toBe(key);
    expect(heard, fix('tells its listener of push() and replace() (the router hears only traversals)')).toEqual([]);
  });

  it('tells its listener of go() with the distance asked, stops at either end, and stops telling once unlistened', () => {
    const history = reactRouterDom.UNSAFE_createMemoryHistory({ initialEntries: ['/'] });
    history.push('/b');
    const deltas: (number | null)[] = [];
    const unlisten = history.listen(({ delta }) => deltas.push(delta));
    history.go(-1);
    expect([history.location.pathname, history.index], fix('go(-1) no longer moves back one entry')).toEqual(['/', 0]);
    history.go(-3);
    expect(history.index, fix('go() past the first entry no longer stops there')).toBe(0);
    history.go(1);
    expect(deltas, fix("no longer tells its listener each go()'s distance as asked (`delta`)")).toEqual([-1, -3, 1]);
    expect(typeof unlisten, fix('listen() returns no unlisten function')).toBe('function');
    unlisten();
    history.go(-1);
    expect(deltas, fix('tells a listener after its unlisten()')).toEqual([-1, -3, 1]);
  });
});
