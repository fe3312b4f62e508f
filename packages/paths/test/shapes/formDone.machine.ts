import { setup } from 'xstate';
import { routed, type RouteEvent, type RouteMeta, type RoutedContext } from '@statechart/core';

/**
 * A parent whose only child without a URL is a final state its onDone leaves at once: the form is
 * never the screen shown (one of its steps, each with a URL, always is), so routed()'s in-place
 * answer of a route to it is never selected, and a rule says so.
 */
export const formDoneMachine = routed(
  setup({
    types: {
      context: {} as RoutedContext,
      events: {} as RouteEvent | { type: 'form.next' } | { type: 'form.submit' },
      meta: {} as RouteMeta,
    },
  }).createMachine({
    id: 'formDone',
    context: { params: {} },
    initial: 'home',
    states: {
      home: { id: 'home', route: {}, meta: { path: '/', title: 'Home' } },
      form: {
        id: 'form',
        route: {},
        meta: { path: 'form', title: 'Form' },
        initial: 'edit',
        onDone: '#home',
        states: {
          edit: { id: 'edit', route: {}, meta: { path: 'edit', title: 'Edit' }, on: { 'form.next': 'review' } },
          review: { id: 'review', route: {}, meta: { path: 'review', title: 'Review' }, on: { 'form.submit': 'sent' } },
          sent: { type: 'final' },
        },
      },
      notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
    },
  }),
);
