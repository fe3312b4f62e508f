import { describe, expect, it } from 'vitest';
import { createActor, setup, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { routed, startsAtUrl } from '../src/routed';
import type { RouteMeta, RoutedContext } from '../src/routeMeta';
import { referenceMachine } from '../../../examples/reference/referenceMachine';
import { buildRouteTable, matchSegments } from '../src/table';

/** A machine from a loose config: these tests feed it shapes the types would reject. */
const machine = (states: Record<string, unknown>, type?: 'parallel'): AnyStateMachine =>
  setup({ types: { context: {} as RoutedContext, meta: {} as RouteMeta } }).createMachine({
    id: 'test',
    context: { params: {} },
    ...(type ? { type } : { initial: Object.keys(states)[0] }),
    states: { ...states, notFound: { id: 'notFound', route: {}, meta: { path: '*' } } },
  } as never) as unknown as AnyStateMachine;

describe('route table', () => {
  it('derives every routable state of the reference machine with its composed pattern', () => {
    const table = buildRouteTable(referenceMachine);
    const patterns = Object.fromEntries(
      [...table.routes.values()].map((route) => [route.id, `${route.region ?? ''}:/${route.segments.join('/')}`]),
    );
    expect(patterns).toEqual({
      home: ':/',
      section: ':/section',
      sectionList: ':/section',
      sectionItem: ':/section/:id',
      editor: ':/editor',
      tour: ':/tour',
      tourStop: ':/tour/stop',
      legacy: ':/old',
      broken: ':/broken',
      newRecord: ':/records/new',
      admin: ':/admin',
      notAllowed: ':/not-allowed',
      overlayClosed: 'overlay:/',
      overlayOpen: 'overlay:/open',
      notFound: ':/',
      // Calls (issue 9): the records screens.
      records: ':/records',
      recordList: ':/records',
      recordDetail: ':/records/:id',
    });
    expect(table.notFound.id).toBe('notFound');
    expect(table.nav.map((route) => route.id)).toEqual([
      'home',
      'section',
      'editor',
      'tour',
      'records',
      'broken',
      'newRecord',
      'admin',
    ]);
  });

  it('derives a route for every routable state of the reference machine, with the URL its paths compose', () => {
    // Derived from the machine's own config, not listed: a new screen is checked without editing this.
    const expected: Record<string, string> = {};
    const visit = (node: AnyStateNode, above: string[]) => {
      const meta = node.meta as RouteMeta | undefined;
      const path = meta?.path;
      const here = path === undefined || path === '*' ? above : [...above, ...path.split('/').filter(Boolean)];
      if (node.config.route) expected[node.id] = path === '*' ? '*' : `/${here.join('/')}`;
      for (const child of Object.values(node.states) as AnyStateNode[]) visit(child, here);
    };
    visit(referenceMachine.root, []);
    const table = buildRouteTable(referenceMachine);
    const derived = Object.fromEntries(
      [...table.routes.values()].map((route) => [route.id, route.keepsUrl ? '*' : `/${route.segments.join('/')}`]),
    );
    expect(derived).toEqual(expected);
    expect(Object.keys(expected).length).toBeGreaterThan(1);
    // A titled state without `route` (the error screen) is entered by events only: no URL of its own.
    for (const node of Object.values(referenceMachine.root.states) as AnyStateNode[]) {
      if (!node.config.route) expect(table.routes.has(node.id)).toBe(false);
    }
  });

  it('lets an index child take its parent URL', () => {
    const table = buildRouteTable(referenceMachine);
    expect(matchSegments(table.tries.get(null)!, ['section'])?.route.id).toBe('sectionList');
  });

  it('prefers a static segment to a param and backtracks from a dead end', () => {
    const table = buildRouteTable(
      routed(
        machine({
          a: { id: 'a', route: {}, meta: { path: 'x/:p/end' } },
          b: { id: 'b', route: {}, meta: { path: 'x/fixed' } },
        }),
      ),
    );
    const trie = table.tries.get(null)!;
    expect(matchSegments(trie, ['x', 'fixed'])?.route.id).toBe('b');
    expect(matchSegments(trie, ['x', 'fixed', 'end'])).toMatchObject({ route: { id: 'a' }, raw: { p: 'fixed' } });
  });

  it('refuses two states with the same URL', () => {
    const m = machine({
      a: { id: 'a', route: {}, meta: { path: 'x' } },
      b: { id: 'b', route: {}, meta: { path: 'x' } },
    });
    expect(() => buildRouteTable(m)).toThrow('#b and #a have the same URL');
  });

  it('refuses a path on a state without route', () => {
    expect(() => buildRouteTable(machine({ a: { id: 'a', meta: { path: 'x' } } }))).toThrow(
      '#a has a path but no route',
    );
  });

  it('refuses a machine without a not-found route', () => {
    const m = setup({}).createMachine({ initial: 'a', states: { a: { id: 'a', route: {}, meta: { path: '/' } } } });
    expect(() => buildRouteTable(m)).toThrow('needs a not-found state');
  });

  it('refuses two parallel regions that both use the pathname', () => {
    const m = machine(
      {
        left: { initial: 'a', states: { a: { id: 'a', route: {}, meta: { path: 'a' } } } },
        right: { initial: 'b', states: { b: { id: 'b', route: {}, meta: { path: 'b' } } } },
      },
      'parallel',
    );
    expect(() => buildRouteTable(m)).toThrow('two regions in the pathname');
  });
});

describe('routed()', () => {
  it('refuses a route on a parallel region', () => {
    const m = setup({}).createMachine({
      type: 'parallel',
      states: { r: { id: 'r', route: {}, initial: 'a', states: { a: {} } } },
    });
    expect(() => routed(m)).toThrow('#r is a parallel region');
  });

  it('is a working machine used directly (built on first use), and startsAtUrl applies provide in its own build', () => {
    const author = setup({
      types: { context: {} as RoutedContext, meta: {} as RouteMeta },
      guards: { open: () => false },
    }).createMachine({
      id: 'lazy',
      context: { params: {} },
      initial: 'home',
      states: {
        home: { id: 'home', route: {}, meta: { path: '/' }, on: { go: { guard: 'open', target: 'other' } } },
        other: { id: 'other', route: {}, meta: { path: 'other' } },
        notFound: { id: 'notFound', route: {}, meta: { path: '*' } },
      },
    } as never) as unknown as AnyStateMachine;
    const machine = routed(author);
    // As XState's own machines: methods work detached (its actors call them so) and `in` sees them.
    const { getInitialSnapshot, transition } = machine;
    expect('getTransitionData' in machine).toBe(true);
    const start = createActor(machine).start();
    start.send({ type: 'xstate.route', to: '#other' });
    expect(start.getSnapshot().value).toBe('other');
    expect(typeof getInitialSnapshot).toBe('function');
    expect(typeof transition).toBe('function');
    // Provided in the boot build: the guard that refused `go` now lets it through.
    const booting = createActor(startsAtUrl(machine, { guards: { open: () => true } })).start();
    booting.send({ type: 'router.start' });
    booting.send({ type: 'go' });
    expect(booting.getSnapshot().value).toBe('other');
    const unprovided = createActor(startsAtUrl(machine)).start();
    unprovided.send({ type: 'router.start' });
    unprovided.send({ type: 'go' });
    expect(unprovided.getSnapshot().value).toBe('home');
  });

  it('refuses a route handler on the root, which XState would replace', () => {
    const m = setup({}).createMachine({
      on: { 'xstate.route': {} },
      initial: 'a',
      states: { a: {} },
    } as never) as unknown as AnyStateMachine;
    expect(() => routed(m)).toThrow('the root must not handle xstate.route');
  });
});
