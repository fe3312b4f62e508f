import { assign, setup } from 'xstate';
import {
  routed,
  keepRouteTypes,
  URL_PARAM,
  type RouteEvent,
  type RouteMeta,
  type RoutedContext,
} from '@statechart/core';
import { strings } from './strings';

/** A view threw while showing the screen at `url`. */
export interface ViewFailedEvent {
  type: 'view.failed';
  url: string;
  message: string;
}

export type AppEvent = RouteEvent | ViewFailedEvent;

/**
 * The product's statechart: what is known so far is an entry screen, a not-found screen and an
 * error screen. Each screen state is routable (`route: {}`); its URL piece and title are in meta.
 */
export const appMachine = routed(
  keepRouteTypes(
    setup({
      types: {
        context: {} as RoutedContext<{ [URL_PARAM]: string }>,
        events: {} as AppEvent,
        meta: {} as RouteMeta,
      },
      actions: {
        keepFailedUrl: assign(({ context, event }) => ({
          params: event.type === 'view.failed' ? { ...context.params, [URL_PARAM]: event.url } : context.params,
        })),
      },
    }).createMachine,
  )({
    id: 'app',
    context: { params: {} },
    initial: 'home',
    on: {
      'view.failed': { target: '.error', actions: 'keepFailedUrl' },
    },
    states: {
      home: {
        id: 'home',
        route: {},
        meta: { path: '/', title: strings.home.title, nav: strings.home.nav },
      },
      notFound: {
        id: 'notFound',
        route: {},
        meta: { path: '*', title: strings.notFound.title },
      },
      error: {
        id: 'error',
        meta: { path: '*', title: strings.error.title },
      },
    },
  }),
);
