import { setup } from 'xstate';
import { routed, type RouteEvent, type RouteMeta, type RoutedContext } from '@statechart/core';

type Events =
  | RouteEvent
  | { type: 'power.on' }
  | { type: 'power.off' }
  | { type: 'power.resume' }
  | { type: 'a.inner' }
  | { type: 'k.inner' }
  | { type: 'a.resume' };

/**
 * XState's "should re-enter multiple history states" (history.test.ts, parallel history states),
 * routed: `power.resume` restores both regions through their shallow histories at once. Added: a
 * reentering transition to one region's history (`a.resume`), which exits and re-enters the
 * parallel state within one step. The test's other history states (the deep ones, and the parallel
 * state's own) are targeted by no transition of this machine: nothing is asked of them.
 */
export const parallelHistoryMachine = routed(
  setup({
    types: { context: {} as RoutedContext, events: {} as Events, meta: {} as RouteMeta },
  }).createMachine({
    id: 'parallelHistory',
    context: { params: {} },
    initial: 'off',
    states: {
      off: {
        id: 'off',
        route: {},
        meta: { path: '/', title: 'Off' },
        on: { 'power.on': '#on', 'power.resume': { target: ['#on.A.hist', '#on.K.hist'] } },
      },
      on: {
        id: 'on',
        route: {},
        meta: { path: 'on', title: 'On' },
        type: 'parallel',
        states: {
          A: {
            initial: 'B',
            states: {
              B: { on: { 'a.inner': 'C' } },
              C: { initial: 'D', states: { D: { on: { 'a.inner': 'E' } }, E: {} } },
              hist: { type: 'history' },
              deepHistory: { type: 'history', history: 'deep' },
            },
          },
          K: {
            initial: 'L',
            states: {
              L: { on: { 'k.inner': 'M' } },
              M: { initial: 'N', states: { N: { on: { 'k.inner': 'O' } }, O: {} } },
              hist: { type: 'history' },
              deepHistory: { type: 'history', history: 'deep' },
            },
          },
          hist: { type: 'history' },
          shallowHistory: { type: 'history', history: 'shallow' },
          deepHistory: { type: 'history', history: 'deep' },
        },
        on: { 'power.off': '#off', 'a.resume': { target: '#on.A.hist', reenter: true } },
      },
      notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
    },
  }),
);
