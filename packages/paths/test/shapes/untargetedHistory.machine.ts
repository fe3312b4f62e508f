import { setup } from 'xstate';
import { routed, type RouteEvent, type RouteMeta, type RoutedContext } from '@statechart/core';

/**
 * A history state no transition targets (left behind, or written for later): nothing can ever
 * restore it, so the gate asks nothing of it and says why (a spec may still exclude it by name).
 */
export const untargetedHistoryMachine = routed(
  setup({
    types: {
      context: {} as RoutedContext,
      events: {} as RouteEvent | { type: 'settings.advance' },
      meta: {} as RouteMeta,
    },
  }).createMachine({
    id: 'untargetedHistory',
    context: { params: {} },
    initial: 'home',
    states: {
      home: { id: 'home', route: {}, meta: { path: '/', title: 'Home' } },
      settings: {
        id: 'settings',
        route: {},
        meta: { path: 'settings', title: 'Settings' },
        initial: 'general',
        states: {
          general: { on: { 'settings.advance': 'advanced' } },
          advanced: {},
          hist: { type: 'history' },
        },
      },
      notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
    },
  }),
);
