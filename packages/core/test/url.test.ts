import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { referenceMachine } from '../../../examples/reference/referenceMachine';
import { buildRouteTable } from '../src/table';
import { MAX_URL_LENGTH } from '../src/appUrl';
import { href, hrefFor, resolveUrl, routeEvent } from '../src/locations';
import { screenKey, screenTitles } from '../src/screens';

const table = buildRouteTable(referenceMachine);
const resolve = (url: string) => resolveUrl(table, url).map(({ route, params }) => ({ to: route.id, params }));

/** A snapshot reached by sending the route events a URL resolves to, as the router does. */
function at(url: string) {
  const actor = createActor(referenceMachine).start();
  for (const location of resolveUrl(table, url)) actor.send(routeEvent(location));
  return actor.getSnapshot();
}

describe('URL → locations', () => {
  it('resolves a nested path with a typed param and the overlay default', () => {
    expect(resolve('/section/42')).toEqual([
      { to: 'sectionItem', params: { id: 42 } },
      { to: 'overlayClosed', params: {} },
    ]);
  });

  it('parses search params and sends absent ones as undefined', () => {
    expect(resolve('/section?page=3')[0]).toEqual({ to: 'sectionList', params: { q: undefined, page: 3 } });
    expect(resolve('/section?q=a%20b&page=1')[0]?.params).toEqual({ q: 'a b', page: 1 });
  });

  it('reads a parallel region from its search key', () => {
    expect(resolve('/editor?overlay=open')).toEqual([
      { to: 'editor', params: {} },
      { to: 'overlayOpen', params: {} },
    ]);
  });

  it('ignores a trailing slash and the fragment', () => {
    expect(resolve('/section/2/#top')[0]).toEqual({ to: 'sectionItem', params: { id: 2 } });
  });

  const notFound = (url: string) => [{ to: 'notFound', params: { '*': url } }];
  it.each([
    ['an unknown path', '/nope'],
    ['a param that does not parse', '/section/abc'],
    ['a number too long to be exact', '/section/12345678901234567890'],
    ['a search param that does not parse', '/section?page=x'],
    ['bad percent-encoding in the path', '/section/%E0%A4%A'],
    ['bad percent-encoding in the search', '/section?q=%zz'],
    ['an unknown overlay value', '/?overlay=maybe'],
    ['a URL over the length limit', `/section?q=${'a'.repeat(MAX_URL_LENGTH)}`],
  ])('lands in not-found, keeping the URL, for %s', (_, url) => {
    expect(resolve(url)).toEqual(notFound(url));
  });
});

describe('state → URL', () => {
  it.each([
    '/',
    '/section',
    '/section?q=red&page=2',
    '/section/7',
    '/editor',
    '/?overlay=open',
    '/section/7?overlay=open',
    '/section?q=a+b',
    '/nowhere/at/all?x=1',
  ])('round-trips %s through the machine', (url) => {
    expect(href(table, at(url))).toBe(url);
  });

  it('writes the redirect target for a redirecting route', () => {
    expect(href(table, at('/old'))).toBe('/');
  });

  it('encodes a text param that needs it', () => {
    expect(href(table, at('/section?q=a%2Fb%26c'))).toBe('/section?q=a%2Fb%26c');
  });

  it("builds link URLs that keep the other region and drop another screen's search params", () => {
    const snapshot = at('/section?q=red&overlay=open');
    expect(hrefFor(table, snapshot, '#sectionItem', { id: 3 })).toBe('/section/3?overlay=open');
    expect(hrefFor(table, snapshot, '#overlayClosed')).toBe('/section?q=red');
    expect(hrefFor(table, snapshot, '#sectionList', { page: 2 })).toBe('/section?q=red&page=2&overlay=open');
  });

  it('keys screens by state and path params, not search params or tabs', () => {
    expect(screenKey(table, at('/section?q=a'))).toBe(screenKey(table, at('/section?q=b')));
    expect(screenKey(table, at('/section/1'))).not.toBe(screenKey(table, at('/section/2')));
  });

  it('titles the topmost screen first and fills in params', () => {
    expect(screenTitles(table, at('/section/5?overlay=open'))).toEqual(['Overlay', 'Item 5']);
  });
});
