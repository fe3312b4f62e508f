import { assign, fromPromise, setup } from 'xstate';
import { routed, keepRouteTypes, type RouteEvent, type RouteMeta, type RoutedContext } from '@statechart/core';

/**
 * The second reference machine: the statechart shapes the first one lacks, routed. Shallow and
 * deep history (settings), nested final states with onDone (the wizard), an `after` timer and an
 * invoked promise actor with done and error outcomes (the loader), a parallel state below a
 * compound (the dashboard). Test code only: the path generator must cover it with no
 * hand-written XState-internal event names.
 */
export interface ShapesContext extends RoutedContext {
  /** What the loader's actor answered last. */
  loaded: string | null;
}

export type ShapesEvent =
  | RouteEvent
  | { type: 'home.resumeShallow' }
  | { type: 'home.resumeDeep' }
  | { type: 'settings.advanced' }
  | { type: 'settings.general' }
  | { type: 'advanced.expert' }
  | { type: 'wizard.next' }
  | { type: 'wizard.finish' }
  | { type: 'load.retry' }
  | { type: 'left.toggle' }
  | { type: 'right.toggle' };

export const shapesStrings = {
  home: 'Shapes home',
  settings: 'Settings',
  general: 'General settings',
  basic: 'Basic advanced settings',
  expert: 'Expert advanced settings',
  wizard: 'Wizard',
  stepOne: 'Step one',
  stepTwo: 'Step two',
  review: 'Review',
  load: 'Loader',
  loading: 'Loading',
  slow: 'Still loading',
  ready: (what: string | null) => `Loaded ${what ?? ''}`.trim(),
  failed: 'Loading failed',
  dashboard: 'Dashboard',
  notFound: 'Page not found',
} as const;

/** How long the loader waits before it says it is slow. */
const SLOW_AFTER_MS = 3000;

// Made as README's recipe makes a machine (keepRouteTypes: built on first use), so that every
// shape below also runs through that path, not only the product's and the reference app's.
export const shapesMachine = routed(
  keepRouteTypes(
    setup({
      types: {
        context: {} as ShapesContext,
        events: {} as ShapesEvent,
        meta: {} as RouteMeta,
      },
      actors: {
        // The app provides the real call; tests provide one they resolve or reject on demand.
        fetchThing: fromPromise<string>(() => Promise.resolve('thing')),
      },
      actions: {
        keepLoaded: assign({ loaded: ({ event }) => ('output' in event ? String(event.output) : null) }),
      },
    }).createMachine,
  )({
    id: 'shapes',
    context: { params: {}, loaded: null },
    initial: 'home',
    states: {
      home: {
        id: 'home',
        route: {},
        meta: { path: '/', title: shapesStrings.home, nav: 'Home' },
        on: {
          'home.resumeShallow': 'settings.shallow',
          'home.resumeDeep': 'settings.deep',
        },
      },
      settings: {
        id: 'settings',
        route: {},
        meta: { path: 'settings', title: shapesStrings.settings, nav: 'Settings' },
        initial: 'general',
        states: {
          general: { on: { 'settings.advanced': 'advanced' } },
          advanced: {
            initial: 'basic',
            on: { 'settings.general': 'general' },
            states: {
              basic: { on: { 'advanced.expert': 'expert' } },
              expert: {},
            },
          },
          shallow: { type: 'history', history: 'shallow' },
          deep: { type: 'history', history: 'deep' },
        },
      },
      wizard: {
        id: 'wizard',
        route: {},
        meta: { path: 'wizard', title: shapesStrings.wizard, nav: 'Wizard' },
        initial: 'steps',
        states: {
          steps: {
            initial: 'one',
            states: {
              one: { on: { 'wizard.next': 'two' } },
              two: { on: { 'wizard.next': 'done' } },
              done: { type: 'final' },
            },
            onDone: 'review',
          },
          review: { on: { 'wizard.finish': 'complete' } },
          complete: { type: 'final' },
        },
        onDone: '#home',
      },
      load: {
        id: 'load',
        route: {},
        meta: { path: 'load', title: shapesStrings.load, nav: 'Loader' },
        initial: 'loading',
        states: {
          loading: {
            invoke: {
              id: 'fetch',
              src: 'fetchThing',
              onDone: { target: 'ready', actions: 'keepLoaded' },
              onError: 'failed',
            },
            after: { [SLOW_AFTER_MS]: 'slow' },
          },
          slow: { on: { 'load.retry': 'loading' } },
          failed: { on: { 'load.retry': 'loading' } },
          ready: {},
        },
      },
      dashboard: {
        id: 'dashboard',
        route: {},
        meta: { path: 'dashboard', title: shapesStrings.dashboard, nav: 'Dashboard' },
        initial: 'panels',
        states: {
          panels: {
            type: 'parallel',
            states: {
              left: {
                initial: 'list',
                states: { list: { on: { 'left.toggle': 'grid' } }, grid: { on: { 'left.toggle': 'list' } } },
              },
              right: {
                initial: 'shown',
                states: { shown: { on: { 'right.toggle': 'hidden' } }, hidden: { on: { 'right.toggle': 'shown' } } },
              },
            },
          },
        },
      },
      notFound: {
        id: 'notFound',
        route: {},
        meta: { path: '*', title: shapesStrings.notFound },
      },
    },
  }),
);
