import { setup } from 'xstate';
import { routed, type RouteEvent, type RouteMeta, type RoutedContext } from '@statechart/core';

/**
 * A routable parallel state whose region's children all have URLs, beside a history state that
 * remembers the tab: the region always shows a URL of its own, so the parallel state is never the
 * screen shown and routed() gives it no in-place answer (a history state is never active, so it
 * does not count as a child without a URL: docs/routing.md). A route to #board enters it at its
 * first tab; `board.resume` from home comes back to the tab last left.
 */
export const parallelTabsMachine = routed(
  setup({
    types: {
      context: {} as RoutedContext,
      events: {} as RouteEvent | { type: 'board.resume' } | { type: 'filter.toggle' },
      meta: {} as RouteMeta,
    },
  }).createMachine({
    id: 'parallelTabs',
    context: { params: {} },
    initial: 'home',
    states: {
      home: { id: 'home', route: {}, meta: { path: '/', title: 'Home' }, on: { 'board.resume': '#lastTab' } },
      board: {
        id: 'board',
        route: {},
        meta: { path: 'board', title: 'Board' },
        type: 'parallel',
        states: {
          tabs: {
            initial: 'todo',
            states: {
              todo: { id: 'todo', route: {}, meta: { path: 'todo', title: 'To do' } },
              done: { id: 'done', route: {}, meta: { path: 'done', title: 'Done' } },
              last: { id: 'lastTab', type: 'history' },
            },
          },
          filter: {
            initial: 'all',
            states: { all: { on: { 'filter.toggle': 'mine' } }, mine: { on: { 'filter.toggle': 'all' } } },
          },
        },
      },
      notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
    },
  }),
);
