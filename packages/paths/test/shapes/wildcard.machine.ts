import { setup } from 'xstate';
import { routed, type RouteEvent, type RouteMeta, type RoutedContext } from '@statechart/core';

/**
 * A wildcard handler (`window.*`), as an app that listens to the window writes one: the spec gives
 * a sample of each event under it (`window.focus`, `window.blur`) and an executor for each; the
 * wildcard transition is covered by whichever sample takes it.
 */
export const wildcardMachine = routed(
  setup({
    types: {
      context: {} as RoutedContext,
      events: {} as RouteEvent | { type: 'window.focus' } | { type: 'window.blur' },
      meta: {} as RouteMeta,
    },
  }).createMachine({
    id: 'wildcard',
    context: { params: {} },
    initial: 'home',
    states: {
      home: {
        id: 'home',
        route: {},
        meta: { path: '/', title: 'Home' },
        initial: 'quiet',
        states: {
          quiet: { on: { 'window.*': 'noticed' } },
          noticed: {},
        },
      },
      notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
    },
  }),
);
