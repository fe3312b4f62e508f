import { createMemoryHistory } from '../src/memoryHistory';
import { describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import { int, type Param, type RouteEvent, type RouteMeta, type RoutedContext } from '../src/routeMeta';
import { routed } from '../src/routed';
import { referenceMachine } from '../../../examples/reference/referenceMachine';
import { createRouterSync } from '../src/sync';
import { buildRouteTable } from '../src/table';

const table = buildRouteTable(referenceMachine);

function start(url: string, entries: string[] = []) {
  const history = createMemoryHistory({ initialEntries: [...entries, url], initialIndex: entries.length });
  const actor = createActor(referenceMachine).start();
  const sync = createRouterSync({ actor, table, history });
  const url_ = () => history.location.pathname + history.location.search;
  return { history, actor, sync, url: url_ };
}

describe('URL → state on load', () => {
  it('deep-links into a nested and parallel state without touching history', () => {
    const { actor, history, url } = start('/section/4?overlay=open');
    expect(actor.getSnapshot().matches({ app: { main: { section: 'item' }, overlay: 'open' } })).toBe(true);
    expect(url()).toBe('/section/4?overlay=open');
    expect(history.index).toBe(0);
  });

  it('replaces the entry when the first URL redirects', () => {
    const { history, url } = start('/old', ['/editor']);
    expect(url()).toBe('/');
    expect(history.index).toBe(1);
    history.go(-1);
    expect(url()).toBe('/editor');
  });
});

describe('state → URL', () => {
  it('pushes exactly one entry for a transition that changes the URL', () => {
    const { actor, history, url } = start('/');
    actor.send({ type: 'xstate.route', to: '#sectionItem', params: { id: 2 } });
    expect(url()).toBe('/section/2');
    expect(history.index).toBe(1);
  });

  it('leaves history alone for a transition that keeps the URL', () => {
    const { actor, history, sync } = start('/section/1');
    const navigation = sync.getNavigation();
    actor.send({ type: 'item.showNotes' });
    expect(history.index).toBe(0);
    expect(sync.getNavigation()).toBe(navigation);
  });

  it('pushes one entry for a link to a redirecting route: the target', () => {
    const { sync, history, url } = start('/editor');
    sync.navigate('/old');
    expect(url()).toBe('/');
    expect(history.index).toBe(1);
  });

  it('does nothing when navigating to the URL shown', () => {
    const { sync, history, actor } = start('/section/1');
    const before = actor.getSnapshot();
    sync.navigate('/section/1');
    expect(history.index).toBe(0);
    expect(actor.getSnapshot()).toBe(before);
  });

  it('counts a search-param change as an entry but not as a new screen', () => {
    const { sync, history } = start('/section?page=1');
    const navigation = sync.getNavigation();
    sync.navigate('/section?page=2');
    expect(history.index).toBe(1);
    expect(sync.getNavigation()).toBe(navigation);
  });
});

describe('Back and Forward', () => {
  it('moves the machine with the URL', () => {
    const { sync, history, actor } = start('/');
    sync.navigate('/section/1');
    sync.navigate('/editor');
    history.go(-1);
    expect(actor.getSnapshot().matches({ app: { main: { section: 'item' } } })).toBe(true);
    expect(sync.getNavigation()).toMatchObject({ kind: 'pop', entered: ['section', 'sectionItem'] });
    history.go(1);
    expect(actor.getSnapshot().matches({ app: { main: 'editor' } })).toBe(true);
  });

  it('restores the URL when a guard refuses Back, keeping the forward entry', () => {
    const { sync, history, actor, url } = start('/');
    sync.navigate('/section');
    sync.navigate('/editor');
    actor.send({ type: 'editor.change' });
    expect(sync.isBlocking()).toBe(true);
    history.go(-2);
    expect(url()).toBe('/editor');
    expect(history.index).toBe(2);
    actor.send({ type: 'editor.save' });
    expect(sync.isBlocking()).toBe(false);
    history.go(-1);
    expect(url()).toBe('/section');
    history.go(1);
    expect(url()).toBe('/editor');
    expect(actor.getSnapshot().matches({ app: { main: 'editor' } })).toBe(true);
  });

  it('returns to the entry it left when a refused go() stopped at the last entry', () => {
    // A memory history moves as far as it can and reports the distance asked: 2 here, 1 moved.
    const { sync, history, actor, url } = start('/');
    sync.navigate('/editor');
    sync.navigate('/');
    history.go(-1);
    actor.send({ type: 'editor.change' });
    history.go(2);
    expect(url()).toBe('/editor');
    expect(history.index).toBe(1);
    expect(actor.getSnapshot().matches({ app: { main: 'editor' } })).toBe(true);
    history.go(-5);
    expect(url()).toBe('/editor');
    expect(history.index).toBe(1);
  });

  it('replaces the entry when Back lands on a redirecting URL', () => {
    const { history, url, actor } = start('/editor', ['/old']);
    history.go(-1);
    expect(url()).toBe('/');
    expect(actor.getSnapshot().matches({ app: { main: 'home' } })).toBe(true);
    history.go(1);
    expect(url()).toBe('/editor');
  });
});

describe('URLs taken from input', () => {
  it('shows a protocol-relative path as not-found, rewriting its entry as one path segment on our origin, shown as written', () => {
    const { actor, history, url } = start('//evil.example/x?y=1');
    expect(actor.getSnapshot().value).toBe('notFound');
    expect(actor.getSnapshot().context.params['*']).toBe('/%2F%2Fevil.example%2Fx%3Fy%3D1');
    expect(url()).toBe('/%2F%2Fevil.example%2Fx%3Fy%3D1');
    expect(history.index).toBe(0);
  });

  it('writes only URLs made by href() from state ids: a redirect goes to the state, not to the typed URL', () => {
    const { history, url } = start('/old?next=//evil.example');
    expect(url()).toBe('/');
    expect(history.index).toBe(0);
  });
});

describe('base path', () => {
  it('strips the base from URLs it reads and adds it to those it writes', () => {
    const history = createMemoryHistory({ initialEntries: ['/base/section/3'] });
    const actor = createActor(referenceMachine).start();
    const sync = createRouterSync({ actor, table, history, base: '/base/' });
    expect(actor.getSnapshot().context.params.id).toBe(3);
    expect(sync.hrefFor('#editor')).toBe('/base/editor');
    sync.navigate(sync.toAppUrl('/base/editor'));
    expect(history.location.pathname).toBe('/base/editor');
  });
});

describe("a URL's reading, kept for its next visit", () => {
  // A machine of its own, with a param parser that counts what it reads.
  const reads: string[] = [];
  const counted: Param<number> = { parse: (raw) => (reads.push(raw), int.parse(raw)), format: int.format };
  const machine = routed(
    setup({ types: { context: {} as RoutedContext, events: {} as RouteEvent, meta: {} as RouteMeta } }).createMachine({
      id: 'app',
      context: { params: {} },
      initial: 'home',
      states: {
        home: { id: 'home', route: {}, meta: { path: '/', title: 'Home' } },
        item: { id: 'item', route: {}, meta: { path: 'item/:id', title: 'Item', params: { id: counted } } },
        notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
      },
    }),
  );

  it('reads a URL once however often Back, Forward and navigate() go to it, and each visit lands there', () => {
    const history = createMemoryHistory({ initialEntries: ['/'] });
    const actor = createActor(machine).start();
    const sync = createRouterSync({ actor, table: buildRouteTable(machine), history });
    reads.length = 0;
    sync.navigate('/item/7');
    sync.navigate('/item/8');
    for (const delta of [-1, 1, -1, -2, 2]) history.go(delta);
    sync.navigate('/');
    sync.navigate('/item/7');
    expect(actor.getSnapshot().context.params).toEqual({ id: 7 });
    expect(history.location.pathname).toBe('/item/7');
    expect(reads).toEqual(['7', '8']);
  });

  it('is frozen in development, so that no move can change what the next one reads', () => {
    const history = createMemoryHistory({ initialEntries: ['/'] });
    const sent: RouteEvent[] = [];
    const actor = createActor(machine, {
      inspect: (inspection) => {
        if (inspection.type === '@xstate.event' && inspection.event.type === 'xstate.route')
          sent.push(inspection.event as RouteEvent);
      },
    }).start();
    createRouterSync({ actor, table: buildRouteTable(machine), history }).navigate('/item/3');
    expect(sent.at(-1)?.params).toEqual({ id: 3 });
    expect(Object.isFrozen(sent.at(-1)?.params)).toBe(true);
  });
});
