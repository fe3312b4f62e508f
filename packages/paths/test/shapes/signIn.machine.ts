import { assign, setup } from 'xstate';
import { routed, type RouteEvent, type RouteMeta, type RoutedContext } from '@statechart/core';

/**
 * A route whose guard reads context: /area is accepted only once signed in. A URL does not lead
 * to the same place from everywhere: the route to #area from not-found, signed in, is a real
 * transition only a search from every reached state finds.
 */
export const signInMachine = routed(
  setup({
    types: {
      context: {} as RoutedContext & { signedIn: boolean },
      events: {} as RouteEvent | { type: 'session.signIn' } | { type: 'session.signOut' },
      meta: {} as RouteMeta,
    },
    guards: { signedIn: ({ context }) => context.signedIn },
  }).createMachine({
    id: 'signIn',
    context: { params: {}, signedIn: false },
    initial: 'home',
    states: {
      home: {
        id: 'home',
        route: {},
        meta: { path: '/', title: 'Home' },
        on: { 'session.signIn': { target: 'area', actions: assign({ signedIn: true }) } },
      },
      area: {
        id: 'area',
        route: { guard: 'signedIn' },
        meta: { path: 'area', title: 'Area' },
        on: { 'session.signOut': { target: 'home', actions: assign({ signedIn: false }) } },
      },
      notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
    },
  }),
);
