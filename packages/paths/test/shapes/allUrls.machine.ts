import { setup } from 'xstate';
import { routed, type RouteEvent, type RouteMeta, type RoutedContext } from '@statechart/core';

/**
 * A parent whose children all have URLs, with a history state: the parent is never the screen
 * shown, so routed()'s in-place answer of a route to it is never selected (a rule says so); its
 * own URL re-enters the initial child; leaving and coming back through the history state
 * restores the child that was shown.
 */
export const allUrlsMachine = routed(
  setup({
    types: {
      context: {} as RoutedContext,
      events: {} as RouteEvent | { type: 'settings.resume' },
      meta: {} as RouteMeta,
    },
  }).createMachine({
    id: 'allUrls',
    context: { params: {} },
    initial: 'home',
    states: {
      home: { id: 'home', route: {}, meta: { path: '/', title: 'Home' }, on: { 'settings.resume': 'settings.last' } },
      settings: {
        id: 'settings',
        route: {},
        meta: { path: 'settings', title: 'Settings' },
        initial: 'profile',
        states: {
          profile: { id: 'profile', route: {}, meta: { path: 'profile', title: 'Profile' } },
          security: { id: 'security', route: {}, meta: { path: 'security', title: 'Security' } },
          last: { type: 'history' },
        },
      },
      notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
    },
  }),
);
