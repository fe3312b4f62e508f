import { fromPromise, setup } from 'xstate';
import { routed, type RouteEvent, type RouteMeta, type RoutedContext } from '@statechart/core';

/**
 * A parallel root: the pathname's region, whose initial state loads (an invoked actor), beside a
 * region without URLs. A deep link enters its URL's state first: the loading home is never
 * entered on the way (startsAtUrl boots each region that has routes). The actor never settles by
 * itself: a path delivers its outcome.
 */
export const parallelRootMachine = routed(
  setup({
    types: {
      context: {} as RoutedContext,
      events: {} as RouteEvent | { type: 'tool.toggle' },
      meta: {} as RouteMeta,
    },
    actors: { loadHome: fromPromise<string>(() => new Promise<string>(() => {})) },
  }).createMachine({
    id: 'parallelRoot',
    type: 'parallel',
    context: { params: {} },
    states: {
      page: {
        initial: 'home',
        states: {
          home: {
            id: 'home',
            route: {},
            meta: { path: '/', title: 'Home' },
            initial: 'loading',
            states: {
              loading: { invoke: { src: 'loadHome', onDone: 'loaded', onError: 'loaded' } },
              loaded: {},
            },
          },
          other: { id: 'other', route: {}, meta: { path: 'other', title: 'Other' } },
          notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
        },
      },
      toolbar: {
        initial: 'closed',
        states: { closed: { on: { 'tool.toggle': 'open' } }, open: { on: { 'tool.toggle': 'closed' } } },
      },
    },
  }),
);
