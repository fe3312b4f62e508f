import { setup } from 'xstate';
import { routed, int, type RouteEvent, type RouteMeta, type RoutedContext } from '@statechart/core';

/**
 * An id that starts with `#` (a real editor's machine names a state `#document-validation`):
 * XState's `#id` for it is `##document-validation`, which the route table, links, the generator
 * and the inspector must resolve by stripping exactly one `#`.
 */
export const hashIdMachine = routed(
  setup({
    types: { context: {} as RoutedContext, events: {} as RouteEvent, meta: {} as RouteMeta },
  }).createMachine({
    id: 'hashId',
    context: { params: {} },
    initial: 'home',
    states: {
      home: { id: 'home', route: {}, meta: { path: '/', title: 'Home' } },
      validation: {
        id: '#document-validation',
        route: {},
        meta: { path: 'check/:n', params: { n: int }, title: 'Check' },
      },
      notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
    },
  }),
);
