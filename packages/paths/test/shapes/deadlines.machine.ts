import { assign, setup } from 'xstate';
import { routed, type RouteEvent, type RouteMeta, type RoutedContext } from '@statechart/core';

export const DAY = 24 * 60 * 60 * 1000;

/**
 * Time by name: a named delay (`deadline`, 20 days: a browser's setTimeout fires at once any
 * delay over 2^31 - 1 ms, about 24.8 days, so 30 days would be overdue at once) and a delay computed from context
 * (`reminder`: the minutes in context, doubled by each "later" up to 20). Nobody writes `xstate.after.*`: the generator
 * evaluates the machine's delays on the state's context and waits that long.
 */
export const deadlinesMachine = routed(
  setup({
    types: {
      context: {} as RoutedContext & { minutes: number },
      events: {} as RouteEvent | { type: 'task.start' } | { type: 'reminder.later' },
      meta: {} as RouteMeta,
    },
    delays: {
      deadline: 20 * DAY,
      reminder: ({ context }) => context.minutes * 60 * 1000,
    },
  }).createMachine({
    id: 'deadlines',
    context: { params: {}, minutes: 5 },
    initial: 'home',
    states: {
      home: { id: 'home', route: {}, meta: { path: '/', title: 'Home' }, on: { 'task.start': 'task' } },
      task: {
        id: 'task',
        route: {},
        meta: { path: 'task', title: 'Task' },
        initial: 'open',
        states: {
          open: {
            after: { deadline: 'overdue' },
            on: {
              'reminder.later': {
                target: 'snoozed',
                actions: assign({ minutes: ({ context }) => Math.min(context.minutes * 2, 20) }),
              },
            },
          },
          snoozed: { after: { reminder: 'open' } },
          overdue: {},
        },
      },
      notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
    },
  }),
);
