import { setup } from 'xstate';
import { routed, type RouteEvent, type RouteMeta, type RoutedContext } from '@statechart/core';

/**
 * "Start over": a transition that targets the root by its id. The machine as written goes to its
 * initial state; so does the app's (startsAtUrl's boot state is invisible to it), and `/` shows it.
 */
export const resetMachine = routed(
  setup({
    types: { context: {} as RoutedContext, events: {} as RouteEvent | { type: 'app.reset' }, meta: {} as RouteMeta },
  }).createMachine({
    id: 'reset',
    context: { params: {} },
    initial: 'home',
    on: { 'app.reset': '#reset' },
    states: {
      home: { id: 'home', route: {}, meta: { path: '/', title: 'Home' } },
      other: { id: 'other', route: {}, meta: { path: 'other', title: 'Other' } },
      notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
    },
  }),
);
