import { setup } from 'xstate';
import { routed, type RouteEvent, type RouteMeta, type RoutedContext } from '@statechart/core';

/**
 * A parent whose children all have URLs, one of them through a group without a URL of its own
 * whose children all have URLs, with a history state: the group is never the screen shown, so
 * neither is the parent, and routed()'s in-place answer of a route to it is never selected (a
 * rule says so). "Resume" comes back through the group's history.
 */
export const nestedUrlsMachine = routed(
  setup({
    types: {
      context: {} as RoutedContext,
      events: {} as RouteEvent | { type: 'settings.resume' },
      meta: {} as RouteMeta,
    },
  }).createMachine({
    id: 'nestedUrls',
    context: { params: {} },
    initial: 'home',
    states: {
      home: { id: 'home', route: {}, meta: { path: '/', title: 'Home' }, on: { 'settings.resume': '#more.last' } },
      settings: {
        id: 'settings',
        route: {},
        meta: { path: 'settings', title: 'Settings' },
        initial: 'profile',
        states: {
          profile: { id: 'profile', route: {}, meta: { path: 'profile', title: 'Profile' } },
          more: {
            id: 'more',
            initial: 'security',
            states: {
              security: { id: 'security', route: {}, meta: { path: 'security', title: 'Security' } },
              privacy: { id: 'privacy', route: {}, meta: { path: 'privacy', title: 'Privacy' } },
              last: { type: 'history' },
            },
          },
        },
      },
      notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
    },
  }),
);
