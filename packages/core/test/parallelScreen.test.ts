import { describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { int, type RouteEvent, type RouteMeta, type RoutedContext } from '../src/routeMeta';
import { routed } from '../src/routed';

/**
 * A routable parallel state (a detail whose call and tabs are two regions) below a compound: a
 * route to it with the same params is answered in place, as for any screen shown: no region is
 * exited (its call is not made again, its tab is kept); other params enter it anew.
 */
const machine = routed(
  setup({
    types: {
      context: {} as RoutedContext<{ id: number }> & { entries: number },
      events: {} as RouteEvent | { type: 'tab.notes' },
      meta: {} as RouteMeta,
    },
  }).createMachine({
    id: 'app',
    context: { params: {}, entries: 0 },
    initial: 'home',
    states: {
      home: { id: 'home', route: {}, meta: { path: '/' } },
      items: {
        initial: 'none',
        states: {
          none: { id: 'items', route: {}, meta: { path: 'items' } },
          item: {
            id: 'item',
            route: {},
            meta: { path: 'items/:id', params: { id: int } },
            type: 'parallel',
            entry: assign({ entries: ({ context }) => context.entries + 1 }),
            states: {
              call: { initial: 'loading', states: { loading: {}, loaded: {} } },
              tab: { initial: 'summary', states: { summary: { on: { 'tab.notes': 'notes' } }, notes: {} } },
            },
          },
        },
      },
    },
  }),
);

const route = (to: `#${string}`, params: Record<string, unknown> = {}) => ({
  type: 'xstate.route' as const,
  to,
  params,
});

describe('a routable parallel state', () => {
  it('answers a route to itself with the same params in place, and enters anew for other params', () => {
    const actor = createActor(machine).start();
    actor.send(route('#item', { id: 1 }));
    actor.send({ type: 'tab.notes' });
    actor.send(route('#item', { id: 1 }));
    expect(actor.getSnapshot().context.entries).toBe(1);
    expect(actor.getSnapshot().matches({ items: { item: { tab: 'notes' } } })).toBe(true);
    actor.send(route('#item', { id: 2 }));
    expect(actor.getSnapshot().context.entries).toBe(2);
    expect(actor.getSnapshot().context.params.id).toBe(2);
    expect(actor.getSnapshot().matches({ items: { item: { tab: 'summary' } } })).toBe(true);
  });
});
