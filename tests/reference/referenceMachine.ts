import { assign, fromCallback, setup } from 'xstate';
import { callPlaceholder, toCallError, type CallError } from '../../machines/calls';
import { routed } from '../../machines/routed';
import { keepRouteTypes } from '../../machines/routeTypes';
import { URL_PARAM, int, text, type RouteEvent, type RouteMeta, type RoutedContext } from '../../machines/routeMeta';

/**
 * The reference machine proves the routing contract on every shape the product may grow into:
 * a nested section with a param child, search params, a screen that refuses leaving while dirty,
 * a redirect, a parallel overlay with its own URL, a screen whose view throws. Test code only.
 */
/** The params the reference machine's routes parse from URLs. */
export interface ReferenceParams {
  id: number;
  q: string;
  page: number;
  [URL_PARAM]: string;
}

export interface ReferenceContext extends RoutedContext<ReferenceParams> {
  dirty: boolean;
  /** How often home was entered: a deep link elsewhere must not enter it first. */
  homeEntries: number;
  /** How often the section and the item were entered: the contract says "only what changes". */
  sectionEntries: number;
  itemEntries: number;
  // Calls: the records screens' data and the last failure (plain data, persistable).
  records?: ReferenceRecord[];
  record?: ReferenceRecord;
  callError?: CallError;
}

/** A neutral placeholder record, as the reference API serves it (tests/reference/referenceCalls.ts). */
export interface ReferenceRecord {
  id: number;
  name: string;
}

export type ReferenceEvent =
  | RouteEvent
  | { type: 'view.failed'; url: string; message: string }
  | { type: 'editor.change' }
  | { type: 'editor.save' }
  | { type: 'item.showNotes' }
  | { type: 'item.showDetails' }
  | { type: 'call.retry' };

export const referenceStrings = {
  home: 'Reference home',
  section: 'Section',
  list: 'All items',
  item: (id: unknown) => `Item ${String(id)}`,
  editor: 'Editor',
  legacy: 'Old address',
  broken: 'Broken screen',
  tour: 'Tour',
  tourStop: 'First stop',
  overlay: 'Overlay',
  notFound: 'Page not found',
  error: 'Something went wrong',
  records: 'Records',
  recordList: 'All records',
  record: (id: unknown) => `Record ${String(id)}`,
} as const;

export const referenceMachine = routed(
  keepRouteTypes(
    setup({
      types: {
        context: {} as ReferenceContext,
        events: {} as ReferenceEvent,
        meta: {} as RouteMeta,
      },
      actors: {
        // Stands for any actor a section keeps running (a subscription, a poll): it must not restart.
        sectionWork: fromCallback(() => () => {}),
        // Calls: named and typed here, implemented in tests/reference/referenceCalls.ts, provided by
        // the app (main.tsx) or by a test.
        loadRecords: callPlaceholder<ReferenceRecord[]>('loadRecords'),
        loadRecord: callPlaceholder<ReferenceRecord, { id: number }>('loadRecord'),
      },
      actions: {
        countHomeEntry: assign({ homeEntries: ({ context }) => context.homeEntries + 1 }),
        countSectionEntry: assign({ sectionEntries: ({ context }) => context.sectionEntries + 1 }),
        countItemEntry: assign({ itemEntries: ({ context }) => context.itemEntries + 1 }),
        keepFailedUrl: assign(({ context, event }) => ({
          params: event.type === 'view.failed' ? { ...context.params, [URL_PARAM]: event.url } : context.params,
        })),
        markDirty: assign({ dirty: true }),
        markClean: assign({ dirty: false }),
        keepCallError: assign({ callError: ({ event }) => ('error' in event ? toCallError(event.error) : undefined) }),
      },
      guards: {
        isDirty: ({ context }) => context.dirty,
      },
    }).createMachine,
  )({
    id: 'reference',
    context: { params: {}, dirty: false, homeEntries: 0, sectionEntries: 0, itemEntries: 0 },
    initial: 'app',
    on: {
      'view.failed': { target: '.error', actions: 'keepFailedUrl' },
    },
    states: {
      app: {
        type: 'parallel',
        states: {
          main: {
            initial: 'home',
            states: {
              home: {
                id: 'home',
                route: {},
                meta: { path: '/', title: referenceStrings.home, nav: 'Home' },
                entry: 'countHomeEntry',
              },
              section: {
                id: 'section',
                route: {},
                meta: { path: 'section', title: referenceStrings.section, nav: 'Section' },
                entry: 'countSectionEntry',
                invoke: { src: 'sectionWork' },
                initial: 'list',
                states: {
                  list: {
                    id: 'sectionList',
                    route: {},
                    meta: { path: '', title: referenceStrings.list, search: { q: text, page: int } },
                  },
                  item: {
                    id: 'sectionItem',
                    route: {},
                    meta: { path: ':id', params: { id: int }, title: 'Item {id}' },
                    entry: 'countItemEntry',
                    initial: 'details',
                    states: {
                      details: { on: { 'item.showNotes': 'notes' } },
                      notes: { on: { 'item.showDetails': 'details' } },
                    },
                  },
                },
              },
              editor: {
                id: 'editor',
                route: {},
                meta: { path: 'editor', title: referenceStrings.editor, nav: 'Editor' },
                entry: 'markClean',
                on: {
                  // Refuses every URL-driven move while there is unsaved input.
                  'xstate.route': { guard: 'isDirty' },
                  'editor.change': { actions: 'markDirty' },
                  'editor.save': { actions: 'markClean' },
                },
              },
              legacy: {
                id: 'legacy',
                route: {},
                meta: { path: 'old', title: referenceStrings.legacy },
                always: { target: '#home' },
              },
              // A routable parent whose first child has no URL: /tour shows the tour itself, also
              // when typed or linked while its stop is shown.
              tour: {
                id: 'tour',
                route: {},
                meta: { path: 'tour', title: referenceStrings.tour, nav: 'Tour' },
                initial: 'intro',
                states: {
                  intro: {},
                  stop: { id: 'tourStop', route: {}, meta: { path: 'stop', title: referenceStrings.tourStop } },
                },
              },
              // Calls: a list and a detail screen that load on entry (whatever the cause: link, deep
              // link, Back), show a pending state, fail with the catalogue's message, retry on request.
              records: {
                id: 'records',
                route: {},
                meta: { path: 'records', title: referenceStrings.records, nav: 'Records' },
                initial: 'list',
                states: {
                  list: {
                    id: 'recordList',
                    route: {},
                    meta: { path: '', title: referenceStrings.recordList },
                    initial: 'loading',
                    states: {
                      loading: {
                        invoke: {
                          id: 'loadRecords',
                          src: 'loadRecords',
                          onDone: { target: 'loaded', actions: assign({ records: ({ event }) => event.output }) },
                          onError: { target: 'failed', actions: 'keepCallError' },
                        },
                      },
                      loaded: {},
                      failed: { on: { 'call.retry': 'loading' } },
                    },
                  },
                  detail: {
                    id: 'recordDetail',
                    route: {},
                    meta: { path: ':id', params: { id: int }, title: 'Record {id}' },
                    initial: 'loading',
                    states: {
                      loading: {
                        invoke: {
                          id: 'loadRecord',
                          src: 'loadRecord',
                          input: ({ context }) => ({ id: context.params.id ?? 0 }),
                          onDone: { target: 'loaded', actions: assign({ record: ({ event }) => event.output }) },
                          onError: { target: 'failed', actions: 'keepCallError' },
                        },
                      },
                      loaded: {},
                      failed: { on: { 'call.retry': 'loading' } },
                    },
                  },
                },
              },
              broken: {
                id: 'broken',
                route: {},
                meta: { path: 'broken', title: referenceStrings.broken, nav: 'Broken' },
              },
            },
          },
          overlay: {
            meta: { searchKey: 'overlay' },
            initial: 'closed',
            states: {
              closed: { id: 'overlayClosed', route: {} },
              open: {
                id: 'overlayOpen',
                route: {},
                meta: { path: 'open', title: referenceStrings.overlay },
              },
            },
          },
        },
      },
      notFound: {
        id: 'notFound',
        route: {},
        meta: { path: '*', title: referenceStrings.notFound },
      },
      error: {
        id: 'error',
        meta: { path: '*', title: referenceStrings.error },
      },
    },
  }),
);
