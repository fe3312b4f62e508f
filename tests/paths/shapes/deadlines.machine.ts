import { assign, setup } from 'xstate';
import { routed } from '../../../machines/routed';
import type { RouteEvent, RouteMeta, RoutedContext } from '../../../machines/routeMeta';

export const DAY = 24 * 60 * 60 * 1000;

/**
 * Time by name: a named delay (`deadline`, 30 days) and a delay computed from context
 * (`reminder`: the minutes the person chose). Nobody writes `xstate.after.*`: the generator
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
      deadline: 30 * DAY,
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
                actions: assign({ minutes: ({ context }) => context.minutes * 2 }),
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
