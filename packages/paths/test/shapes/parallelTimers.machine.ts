import { setup } from 'xstate';
import { routed, type RouteEvent, type RouteMeta, type RoutedContext } from '@statechart/core';

/**
 * Timers in parallel regions: region `a` waits 1 s, region `b` 2 s, and `a.rearm` starts `a`'s
 * timer again while `b`'s runs. After 1 s `a` moves; re-armed then, `a`'s timer and `b`'s are
 * due together, 1 s later: a wait fires every timer due within it, in order, and expects where
 * they all lead (`{ a: a2, b: b2 }`), never only the one it was computed for.
 */
export const parallelTimersMachine = routed(
  setup({
    types: {
      context: {} as RoutedContext,
      events: {} as RouteEvent | { type: 'a.rearm' },
      meta: {} as RouteMeta,
    },
  }).createMachine({
    id: 'parallelTimers',
    context: { params: {} },
    initial: 'home',
    states: {
      home: { id: 'home', route: {}, meta: { path: '/', title: 'Home' } },
      timers: {
        id: 'timers',
        route: {},
        meta: { path: 'timers', title: 'Timers' },
        type: 'parallel',
        states: {
          a: {
            initial: 'a1',
            states: {
              a1: { after: { 1000: 'a2' }, on: { 'a.rearm': { target: 'a1', reenter: true } } },
              a2: { on: { 'a.rearm': 'a1' } },
            },
          },
          b: {
            initial: 'b1',
            states: { b1: { after: { 2000: 'b2' } }, b2: {} },
          },
        },
      },
      notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
    },
  }),
);
