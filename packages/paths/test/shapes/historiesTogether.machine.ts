import { setup } from 'xstate';
import { routed, type RouteEvent, type RouteMeta, type RoutedContext } from '@statechart/core';

/**
 * Two regions' history states restored by one transition (a multi-target transition into a
 * parallel state, as XState's own history tests write it): "Resume" comes back to the panel with
 * each region as it was left. Both restores are checked, and both count.
 */
export const historiesTogetherMachine = routed(
  setup({
    types: {
      context: {} as RoutedContext,
      events: {} as RouteEvent | { type: 'panel.resume' } | { type: 'a.next' } | { type: 'k.next' },
      meta: {} as RouteMeta,
    },
  }).createMachine({
    id: 'historiesTogether',
    context: { params: {} },
    initial: 'home',
    states: {
      home: {
        id: 'home',
        route: {},
        meta: { path: '/', title: 'Home' },
        on: { 'panel.resume': { target: ['#panel.A.hist', '#panel.K.hist'] } },
      },
      panel: {
        id: 'panel',
        route: {},
        meta: { path: 'panel', title: 'Panel' },
        type: 'parallel',
        states: {
          A: { initial: 'a1', states: { a1: { on: { 'a.next': 'a2' } }, a2: {}, hist: { type: 'history' } } },
          K: { initial: 'k1', states: { k1: { on: { 'k.next': 'k2' } }, k2: {}, hist: { type: 'history' } } },
        },
      },
      notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
    },
  }),
);
