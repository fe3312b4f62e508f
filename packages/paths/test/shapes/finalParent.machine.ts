import { setup } from 'xstate';
import { routed, type RouteEvent, type RouteMeta, type RoutedContext } from '@statechart/core';

/**
 * A final state as the only child of its parent, whose onDone leaves at once (a "signed out"
 * page that is never shown: its URL signs out and comes home). routed() gives the parent a route
 * transition into it (`#finalParent.leaving on route #bye → #bye`), but the parent is never at
 * rest: entering it enters #bye, which its onDone leaves in the same macrostep. No event is ever
 * processed there, so the gate never asks for it; the root's route to #bye is taken (the URL /bye
 * leads home).
 */
export const finalParentMachine = routed(
  setup({
    types: {
      context: {} as RoutedContext,
      events: {} as RouteEvent | { type: 'session.leave' },
      meta: {} as RouteMeta,
    },
  }).createMachine({
    id: 'finalParent',
    context: { params: {} },
    initial: 'home',
    states: {
      home: { id: 'home', route: {}, meta: { path: '/', title: 'Home' }, on: { 'session.leave': 'leaving' } },
      leaving: {
        initial: 'bye',
        onDone: '#home',
        states: { bye: { id: 'bye', type: 'final', route: {}, meta: { path: 'bye', title: 'Bye' } } },
      },
      notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
    },
  }),
);
