import { assign, setup } from 'xstate';
import { routed, type RouteEvent, type RouteMeta, type RoutedContext } from '@statechart/core';

/**
 * A routable parent whose initial child has no URL and always redirects (a chain of guarded
 * `always`, the last unguarded): `/search` checks whether results are at hand and goes on to
 * `/search/results` or `/search/loading`. The parent is never the screen shown, so routed()'s
 * in-place answer of a route to it is never selected (a rule says so); its URL enters the
 * redirect, which picks the child.
 */
export const redirectMachine = routed(
  setup({
    types: {
      context: {} as RoutedContext & { found: boolean },
      events: {} as RouteEvent | { type: 'search.found' },
      meta: {} as RouteMeta,
    },
    guards: { found: ({ context }) => context.found },
  }).createMachine({
    id: 'redirect',
    context: { params: {}, found: false },
    initial: 'home',
    states: {
      home: { id: 'home', route: {}, meta: { path: '/', title: 'Home' } },
      search: {
        id: 'search',
        route: {},
        meta: { path: 'search', title: 'Search' },
        initial: 'checking',
        states: {
          checking: { always: [{ guard: 'found', target: 'results' }, { target: 'loading' }] },
          loading: {
            id: 'loading',
            route: {},
            meta: { path: 'loading', title: 'Loading' },
            on: { 'search.found': { target: 'results', actions: assign({ found: true }) } },
          },
          results: { id: 'results', route: {}, meta: { path: 'results', title: 'Results' } },
        },
      },
      notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
    },
  }),
);
