import { setup } from 'xstate';
import { routed, type RouteEvent, type RouteMeta, type RoutedContext } from '@statechart/core';

/**
 * A final state its parent's onDone leaves at once, written with a routable child (as if the
 * final state showed a receipt). XState never enters a final state's children, even when a route
 * targets one: the route to /checkout/receipt enters #done, which the checkout's onDone leaves at
 * once. No event is processed in #done, #receipt is never active, and the checkout never shows
 * it: rules say so for the route transitions of #done and #receipt, #checkout's answer while
 * #receipt is shown, and #receipt itself.
 */
export const finalChildrenMachine = routed(
  setup({
    types: {
      context: {} as RoutedContext,
      events: {} as RouteEvent | { type: 'checkout.pay' },
      meta: {} as RouteMeta,
    },
  }).createMachine({
    id: 'finalChildren',
    context: { params: {} },
    initial: 'home',
    states: {
      home: { id: 'home', route: {}, meta: { path: '/', title: 'Home' } },
      checkout: {
        id: 'checkout',
        route: {},
        meta: { path: 'checkout', title: 'Checkout' },
        initial: 'cart',
        onDone: '#home',
        states: {
          cart: { on: { 'checkout.pay': 'done' } },
          done: {
            id: 'done',
            type: 'final',
            initial: 'receipt',
            states: { receipt: { id: 'receipt', route: {}, meta: { path: 'receipt', title: 'Receipt' } } },
          },
        },
      },
      notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
    },
  }),
);
