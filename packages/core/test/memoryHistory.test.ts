import { describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import { createMemoryHistory } from '../src/memoryHistory';
import type { RouteEvent, RouteMeta, RoutedContext } from '../src/routeMeta';
import { routed, startsAtUrl } from '../src/routed';
import { createRouterSync } from '../src/sync';
import { buildRouteTable } from '../src/table';

const url = (history: ReturnType<typeof createMemoryHistory>) =>
  history.location.pathname + history.location.search + history.location.hash;

describe('createMemoryHistory', () => {
  it('starts at the last entry given, or at the one asked, or at / with none', () => {
    expect(url(createMemoryHistory())).toBe('/');
    expect(url(createMemoryHistory({ initialEntries: ['/', '/a?x=1#top'] }))).toBe('/a?x=1#top');
    const history = createMemoryHistory({ initialEntries: ['/', '/a'], initialIndex: 0 });
    expect([url(history), history.index]).toEqual(['/', 0]);
  });

  it('drops the forward entries on push, and rewrites only the current one on replace', () => {
    const history = createMemoryHistory({ initialEntries: ['/', '/a', '/b'], initialIndex: 0 });
    history.push('/c');
    expect([url(history), history.index]).toEqual(['/c', 1]);
    history.go(1);
    expect(url(history)).toBe('/c');
    const key = history.location.key;
    history.replace('/d');
    expect(url(history)).toBe('/d');
    expect(history.location.key).not.toBe(key);
    history.go(-1);
    expect(url(history)).toBe('/');
  });

  it('stops at either end, and tells every listener the distance asked (not the push or replace)', () => {
    const history = createMemoryHistory({ initialEntries: ['/', '/a'] });
    const heard: (number | null)[] = [];
    const stop = history.listen(({ delta }) => heard.push(delta));
    history.listen(({ delta }) => heard.push(delta));
    history.push('/b');
    history.go(-5);
    expect([url(history), history.index]).toEqual(['/', 0]);
    stop();
    history.go(1);
    expect(heard).toEqual([-5, -5, 1]);
  });

  it('drives the router as the browser does: a deep link, then Back', async () => {
    const machine = routed(
      setup({
        types: { context: {} as RoutedContext, events: {} as RouteEvent, meta: {} as RouteMeta },
      }).createMachine({
        id: 'app',
        context: { params: {} },
        initial: 'home',
        states: {
          home: { id: 'home', route: {}, meta: { path: '/', title: 'Home' } },
          other: { id: 'other', route: {}, meta: { path: 'other', title: 'Other' } },
          notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
        },
      }),
    );
    const history = createMemoryHistory({ initialEntries: ['/', '/other'] });
    const booted = startsAtUrl(machine);
    const actor = createActor(booted).start();
    const sync = createRouterSync({ actor, table: buildRouteTable(booted), history });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('other')).toBe(true));
    history.go(-1);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('home')).toBe(true));
    expect(url(history)).toBe('/');
    sync.stop();
  });
});
