import * as v from 'valibot';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, setup, type AnyStateMachine } from 'xstate';
import {
  routed,
  startsAtUrl,
  int,
  type RouteEvent,
  type RouteMeta,
  type RoutedContext,
  createRouterSync,
  buildRouteTable,
} from '@statechart/core';
import { callActor, createCallCache } from '../src/cache';
import { defineCall } from '../src/http';
import { createWarmer, type LazyView } from '@statechart/react';

/**
 * What a hovered link warms is derived from the machine: the invokes XState's pure transition()
 * would start for the link's route events, through guards, redirects, nesting and parallel
 * regions. Each shape is a small machine of its own; the fetch only records what was asked.
 */
const item = v.object({ id: v.number() });
const fresh = (name: string) =>
  defineCall<{ id: number } | undefined, { id: number }>({
    method: 'GET',
    path: (input) => `/api/${name}${input === undefined ? '' : `/${input.id}`}`,
    response: item,
    freshForMs: 10_000,
  });
const notFound = { id: 'notFound', route: {}, meta: { path: '*' } } as const;

function warmerFor(machine: AnyStateMachine, url: string, calls: Record<string, ReturnType<typeof fresh>>) {
  const asked: string[] = [];
  const fetch: typeof globalThis.fetch = (input) => {
    asked.push(String(input));
    return new Promise<Response>(() => {});
  };
  const cache = createCallCache();
  const actors = Object.fromEntries(
    Object.entries(calls).map(([src, spec]) => [src, callActor(spec, { cache, fetch })]),
  );
  const app = startsAtUrl(machine.provide({ actors }));
  const table = buildRouteTable(app);
  const history = createMemoryHistory({ initialEntries: [url] });
  const actor = createActor(app).start();
  const sync = createRouterSync({ actor, table, history });
  const loaded: string[] = [];
  const views = Object.fromEntries(
    [...table.routes.keys()].map((id) => [
      id,
      {
        load: () => (loaded.push(id), Promise.resolve(() => null)),
        loaded: () => undefined,
        retry: () => {},
      } as LazyView,
    ]),
  );
  const warm = createWarmer({ actor, table, sync, views });
  return { warm: (href: string) => warm(href), asked, loaded, actor };
}

type Ctx = RoutedContext<{ id?: number }>;
const base = setup({
  types: { context: {} as Ctx, events: {} as RouteEvent | { type: 'edit.dirty' }, meta: {} as RouteMeta },
  actors: {
    loadList: fromCallback(() => () => {}),
    loadItem: fromCallback(() => () => {}),
    loadSide: fromCallback(() => () => {}),
    ticker: fromCallback(() => () => {}),
    plain: fromCallback(() => () => {}),
  },
  guards: { isDirty: () => true },
});

const loading = <S extends 'loadList' | 'loadItem' | 'loadSide'>(
  src: S,
  input?: (args: { context: Ctx }) => unknown,
) => ({
  initial: 'loading' as const,
  states: { loading: { invoke: { src, ...(input && { input }) } }, loaded: {} },
});

describe('warming a link’s screen', () => {
  it('warms a nested screen’s call with the input its params give, and its view chunks', () => {
    const machine = routed(
      base.createMachine({
        id: 'nested',
        context: { params: {} },
        initial: 'home',
        states: {
          home: { id: 'home', route: {}, meta: { path: '' } },
          things: {
            id: 'things',
            route: {},
            meta: { path: 'things' },
            initial: 'list',
            states: {
              list: { id: 'thingList', route: {}, meta: { path: '' }, ...loading('loadList') },
              detail: {
                id: 'thing',
                route: {},
                meta: { path: ':id', params: { id: int } },
                ...loading('loadItem', ({ context }) => ({ id: context.params.id })),
              },
            },
          },
          notFound,
        },
      }),
    );
    const t = warmerFor(machine, '/', { loadList: fresh('things'), loadItem: fresh('things') });
    t.warm('/things/7');
    expect(t.asked).toEqual(['/api/things/7']);
    expect(t.loaded).toEqual(expect.arrayContaining(['things', 'thing']));
    // Pure: the app is still home, nothing started there.
    expect(t.actor.getSnapshot().value).toBe('home');
    // Warmed once: a second hover finds the request on its way.
    t.warm('/things/7');
    t.warm('/things');
    expect(t.asked).toEqual(['/api/things/7', '/api/things']);
  });

  it('warms every region of a parallel screen, and only calls with a freshness', () => {
    const machine = routed(
      base.createMachine({
        id: 'parallel',
        context: { params: {} },
        initial: 'home',
        states: {
          home: { id: 'home', route: {}, meta: { path: '' } },
          dashboard: {
            id: 'dashboard',
            route: {},
            meta: { path: 'dashboard' },
            type: 'parallel',
            invoke: { src: 'ticker' },
            states: { main: loading('loadList'), side: loading('loadSide') },
          },
          notFound,
        },
      }),
    );
    const staleOnly = { ...fresh('side'), freshForMs: undefined };
    const t = warmerFor(machine, '/', { loadList: fresh('list'), loadSide: fresh('side'), ticker: staleOnly });
    t.warm('/dashboard');
    expect(t.asked.sort()).toEqual(['/api/list', '/api/side']);
  });

  it('follows a redirect (always) to the screen that will show, and warms nothing a guard refuses', () => {
    const machine = routed(
      base.createMachine({
        id: 'guarded',
        context: { params: {} },
        initial: 'home',
        states: {
          home: { id: 'home', route: {}, meta: { path: '' } },
          old: { id: 'old', route: {}, meta: { path: 'old' }, always: '#list' },
          list: { id: 'list', route: {}, meta: { path: 'list' }, ...loading('loadList') },
          vault: { id: 'vault', route: { guard: () => false }, meta: { path: 'vault' }, ...loading('loadItem') },
          notFound,
        },
      }),
    );
    const t = warmerFor(machine, '/', { loadList: fresh('list'), loadItem: fresh('vault') });
    t.warm('/vault');
    expect(t.asked).toEqual([]);
    t.warm('/old');
    expect(t.asked).toEqual(['/api/list']);
  });

  it('warms nothing while the screen shown refuses to be left', () => {
    const machine = routed(
      base.createMachine({
        id: 'editing',
        context: { params: {} },
        initial: 'editor',
        states: {
          editor: { id: 'editor', route: {}, meta: { path: '' }, on: { 'xstate.route': { guard: 'isDirty' } } },
          list: { id: 'list', route: {}, meta: { path: 'list' }, ...loading('loadList') },
          notFound,
        },
      }),
    );
    const t = warmerFor(machine, '/', { loadList: fresh('list') });
    t.warm('/list');
    expect(t.asked).toEqual([]);
  });
});
