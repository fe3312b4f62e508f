import { setup } from 'xstate';
import { routed, type RouteEvent, type RouteMeta, type RoutedContext } from '@statechart/core';

/**
 * A final state with a URL of its own that its parent's onDone leaves at once: routed() gives it
 * an in-place route answer, which no event can ever select (no event is processed there). A rule
 * says so, with the reason; nothing else is excluded.
 */
export const finalDoneMachine = routed(
  setup({
    types: {
      context: {} as RoutedContext,
      events: {} as RouteEvent | { type: 'flow.next' },
      meta: {} as RouteMeta,
    },
  }).createMachine({
    id: 'finalDone',
    context: { params: {} },
    initial: 'home',
    states: {
      home: { id: 'home', route: {}, meta: { path: '/', title: 'Home' } },
      flow: {
        id: 'flow',
        route: {},
        meta: { path: 'flow', title: 'Flow' },
        initial: 'step',
        states: {
          step: { on: { 'flow.next': 'finished' } },
          finished: { id: 'finished', type: 'final', route: {}, meta: { path: 'finished', title: 'Finished' } },
        },
        onDone: '#home',
      },
      notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
    },
  }),
);
