import * as v from 'valibot';
import { and, assign, fromCallback, not, setup } from 'xstate';
import { callPlaceholder, toCallError, type CallError } from '@statechart/calls';
import {
  limits,
  changedElsewhere,
  keepOwn,
  takeOther,
  changeSchema,
  emptyForm,
  fieldErrors,
  isDirty,
  serverFieldErrors,
  submission,
  submitFailed,
  submitted,
  withField,
  type Elsewhere,
  type FormState,
  type DraftEnd,
} from '@statechart/forms';
import {
  refuseLeavingWhile,
  routed,
  keepRouteTypes,
  URL_PARAM,
  int,
  text,
  type RouteEvent,
  type RouteMeta,
  type RoutedContext,
} from '@statechart/core';
import { accessStrings, returnTargetSchema, sessionSchema, type ReturnTarget } from './access';
import {
  emptyRecord,
  recordDraftSchema,
  recordFields,
  recordSchema,
  recordStrings,
  unansweredChange,
  unansweredSubmit,
  type RecordField,
} from './recordForm';

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
  // forms: the "new record" form, the session's roles, where a refused deep link was going.
  record: FormState<RecordField>;
  roles: readonly string[];
  returnTo?: ReturnTarget;
  // Calls: the records screens' data and the last failure (plain data, persistable).
  records?: ReferenceRecord[];
  /** The page of the list those records are, and how many pages the list has. */
  recordsPage?: number;
  recordPages?: number;
  shownRecord?: ReferenceRecord;
  /** The id the last save of the form answered with (a link to it on the saved notice). */
  savedRecordId?: number;
  /** The last failure of the list's call, and of the detail's: both may show at once. */
  recordsError?: CallError;
  callError?: CallError;
}

/** A neutral placeholder record, as the reference API serves it (examples/reference/referenceCalls.ts). */
export interface ReferenceRecord {
  id: number;
  name: string;
}

/** One page of the records list, as the reference API answers it. */
export interface ReferenceRecordPage {
  records: ReferenceRecord[];
  pages: number;
}

/**
 * What the app knows before the first state (createApp's `input`): the session's roles and a
 * restored form draft. Input comes from storage, so it is checked here; anything else is ignored.
 */
export const referenceInputSchema = v.object({
  roles: v.optional(sessionSchema.entries.roles),
  returnTo: v.optional(returnTargetSchema),
  draft: v.optional(recordDraftSchema),
});
export type ReferenceInput = v.InferInput<typeof referenceInputSchema>;

/** A `savedBefore` failure's `saved`: the reference API's answer to a save, `{ id }`. */
const savedBeforeId = v.object({ saved: v.object({ id: v.pipe(v.number(), v.integer(), v.minValue(1)) }) });

export type ReferenceEvent =
  | RouteEvent
  | { type: 'view.failed'; url: string; message: string }
  | { type: 'editor.change' }
  | { type: 'editor.save' }
  | { type: 'editor.discard' }
  | { type: 'item.showNotes' }
  | { type: 'item.showDetails' }
  | { type: 'recordDetail.showSummary' }
  | { type: 'recordDetail.showNotes' }
  | { type: 'call.retry' }
  // forms: the form's events carry what was typed; the machine checks them (changeSchema).
  | { type: 'record.change'; field: RecordField; value: string }
  | { type: 'record.submit' }
  | { type: 'record.retry' }
  | { type: 'record.edit' }
  | { type: 'record.saveAsNew' }
  | { type: 'record.saveAsChange' }
  | { type: 'record.new' }
  | { type: 'record.discard' }
  // The shared draft changed in another tab (the app hears it: examples/reference/main.tsx), and the answers.
  | { type: 'record.changedElsewhere'; change: Elsewhere<RecordField>; own: boolean }
  | { type: 'record.keepOwn' }
  | { type: 'record.takeOther' }
  | { type: 'session.signedIn'; roles: readonly string[] }
  | { type: 'session.signedOut' };

const recordChange = changeSchema(recordFields, limits.maxFieldLength);

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
  chooseRecord: 'Choose a record to see it here.',
  recordTabs: 'Record tabs',
  summary: 'Summary',
  notes: 'Notes',
  noNotes: 'No notes.',
  recordsNotLoaded: 'Records not loaded',
  emptyPage: 'No records on this page.',
  pages: 'Pages',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
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
        // Calls: named and typed here, implemented in examples/reference/referenceCalls.ts, provided by
        // the app (main.tsx) or by a test.
        loadRecords: callPlaceholder<ReferenceRecordPage, { page: number }>('loadRecords'),
        loadRecord: callPlaceholder<ReferenceRecord, { id: number }>('loadRecord'),
        submitRecord: unansweredSubmit,
        changeRecord: unansweredChange,
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
        keepRecordsPage: assign({ recordsPage: ({ context }) => context.params.page ?? 1 }),
        keepRecordsError: assign({
          recordsError: ({ event }) => ('error' in event ? toCallError(event.error) : undefined),
        }),
        keepCallError: assign({ callError: ({ event }) => ('error' in event ? toCallError(event.error) : undefined) }),
        // forms: the form (a clean form starts empty; a dirty one is a draft kept across visits).
        // The way out of a dirty form: back to what was saved (empty for a new record), so the
        // refusal to leave no longer holds; every other exit is still refused while dirty.
        discardRecord: assign({ record: ({ context }) => emptyForm(context.record.saved) }),
        startRecord: assign({
          record: ({ context }) => (isDirty(context.record) ? context.record : emptyForm(emptyRecord)),
        }),
        setRecordField: assign({
          record: ({ context, event }) =>
            event.type === 'record.change'
              ? withField(context.record, recordSchema, event.field, event.value)
              : context.record,
        }),
        refuseRecord: assign({
          record: ({ context }) => ({
            ...context.record,
            errors: fieldErrors(recordSchema, context.record.values),
            refusals: context.record.refusals + 1,
          }),
        }),
        // The submit's Idempotency-Key is made here (or kept, for values sent before unchanged).
        beginRecordSubmit: assign({ record: ({ context }) => submitted(context.record) }),
        markRecordSaved: assign({ record: ({ context }) => ({ ...context.record, saved: context.record.values }) }),
        showServerErrors: assign({
          record: ({ context, event }) => ({
            ...context.record,
            errors:
              serverFieldErrors(
                'error' in event ? event.error : undefined,
                recordFields,
                recordStrings.serverCodes,
                recordStrings.serverFallback,
              ) ?? {},
            refusals: context.record.refusals + 1,
          }),
        }),
        // What the draft's key saved (the call sent its first values again: firstSubmission): the notice links to it.
        keepSavedBeforeId: assign({
          savedRecordId: ({ event }) => {
            const parsed = v.safeParse(savedBeforeId, 'error' in event ? event.error : undefined);
            return parsed.success ? parsed.output.saved.id : undefined;
          },
        }),
        noteRecordFailure: assign({
          record: ({ context, event }) =>
            submitFailed(context.record, 'error' in event ? event.error : undefined, recordStrings.failed),
        }),
        // Another tab's change to the draft: followed, or asked about while this tab has input of its own.
        noteRecordElsewhere: assign({
          record: ({ context, event }) =>
            event.type === 'record.changedElsewhere'
              ? changedElsewhere(context.record, event.change, event.own)
              : context.record,
        }),
        keepRecordOwn: assign({ record: ({ context }) => keepOwn(context.record) }),
        takeRecordOther: assign({ record: ({ context }) => takeOther(context.record) }),
        // Implemented by the app (createApp's `provide`): storage is not the machine's business.
        saveDraft: () => {},
        clearDraft: (_, params: { ended: DraftEnd }) => void params,
        // After a change from elsewhere was followed or answered: this tab's values are the draft.
        settleDraft: () => {},
        rememberSession: () => {},
        // forms: access.
        setRoles: assign({
          roles: ({ context, event }) => (event.type === 'session.signedIn' ? event.roles : context.roles),
        }),
        clearRoles: assign({ roles: [] }),
        keepAdminTarget: assign({
          // #admin has no params; a guarded screen with some keeps its own ({ id: context.params.id }).
          returnTo: { to: '#admin' as const, params: {} },
        }),
        // Going on to the kept target: its params are the ones it was refused with.
        restoreReturnParams: assign({ params: ({ context }) => context.returnTo?.params ?? context.params }),
      },
      guards: {
        isDirty: ({ context }) => context.dirty,
        // forms
        isRecordDirty: ({ context }) => isDirty(context.record),
        isRecordAsking: ({ context }) => context.record.asked !== undefined,
        isValidRecordChange: ({ event }) => v.is(recordChange, event),
        isRecordValid: ({ context }) => Object.keys(fieldErrors(recordSchema, context.record.values)).length === 0,
        // The refusal came with the record the key saved (the call sent its first values again).
        isSavedBeforeWithRecord: ({ event }) =>
          'error' in event && toCallError(event.error).code === 'savedBefore' && v.is(savedBeforeId, event.error),
        isSavedBefore: ({ event }) => 'error' in event && toCallError(event.error).code === 'savedBefore',
        hasServerFieldErrors: ({ event }) =>
          'error' in event &&
          serverFieldErrors(event.error, recordFields, recordStrings.serverCodes, recordStrings.serverFallback) !==
            undefined,
        isValidSession: ({ event }) => v.is(sessionSchema, event),
        hasRole: ({ context }, params: { role: string }) => context.roles.includes(params.role),
        hasReturnTarget: ({ context }) => context.returnTo !== undefined,
        // The URL asks for another page of the list than the one shown (or being loaded).
        otherRecordsPage: ({ context }) => (context.params.page ?? 1) !== context.recordsPage,
        // The kept target is this screen, and the role it needs is held now.
        mayReturnTo: ({ context }, params: { to: string; role: string }) =>
          context.returnTo?.to === params.to && context.roles.includes(params.role),
      },
    }).createMachine,
  )({
    id: 'reference',
    context: ({ input }) => {
      const parsed = v.safeParse(referenceInputSchema, input ?? {});
      const known = parsed.success ? parsed.output : {};
      return {
        params: {},
        dirty: false,
        homeEntries: 0,
        sectionEntries: 0,
        itemEntries: 0,
        record: emptyForm(emptyRecord, known.draft),
        roles: known.roles ?? [],
        // Kept with the session: /not-allowed means after a reload what it meant before.
        returnTo: known.returnTo,
      };
    },
    initial: 'app',
    on: {
      'view.failed': { target: '.error', actions: 'keepFailedUrl' },
      // Wherever the app is (a draft restored at start is in context before its form is shown).
      'record.changedElsewhere': { actions: ['noteRecordElsewhere', 'settleDraft'] },
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
                  // Refuses every URL-driven move while there is unsaved input; the shell's notice
                  // offers editor.discard as the way out.
                  ...refuseLeavingWhile('isDirty', { discard: 'editor.discard' }),
                  'editor.change': { actions: 'markDirty' },
                  'editor.discard': { actions: 'markClean' },
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
              // Calls: a list that loads its data (a page of it, the page in the URL), with its
              // records' details nested: the list stays on screen, loaded once, while a detail is
              // chosen, and the chosen one is marked. Two regions: the list's call, and which record
              // is shown (none: the list's own URL). Each loads on entry, whatever the cause (link,
              // deep link, Back), shows a pending state, fails with the catalogue's message, retries.
              records: {
                id: 'records',
                route: {},
                meta: { path: 'records', title: referenceStrings.records, nav: 'Records', search: { page: int } },
                type: 'parallel',
                states: {
                  list: {
                    initial: 'loading',
                    states: {
                      loading: {
                        entry: 'keepRecordsPage',
                        invoke: {
                          id: 'loadRecords',
                          src: 'loadRecords',
                          input: ({ context }) => ({ page: context.params.page ?? 1 }),
                          onDone: {
                            target: 'loaded',
                            actions: assign({
                              records: ({ event }) => event.output.records,
                              recordPages: ({ event }) => event.output.pages,
                            }),
                          },
                          onError: { target: 'failed', actions: 'keepRecordsError' },
                        },
                      },
                      // Another page in the URL (a pager link, Back): that page loads.
                      loaded: { always: { guard: 'otherRecordsPage', target: 'loading' } },
                      failed: {
                        always: { guard: 'otherRecordsPage', target: 'loading' },
                        on: { 'call.retry': 'loading' },
                      },
                    },
                  },
                  shown: {
                    initial: 'none',
                    states: {
                      none: { id: 'recordList', route: {}, meta: { path: '', title: referenceStrings.recordList } },
                      // Tabs inside a detail that loads: the call and the tab are two regions, so
                      // the tabs work while the record loads, fails or is shown.
                      detail: {
                        id: 'recordDetail',
                        route: {},
                        meta: { path: ':id', params: { id: int }, title: 'Record {id}' },
                        type: 'parallel',
                        states: {
                          call: {
                            initial: 'loading',
                            states: {
                              loading: {
                                invoke: {
                                  id: 'loadRecord',
                                  src: 'loadRecord',
                                  input: ({ context }) => ({ id: context.params.id ?? 0 }),
                                  onDone: {
                                    target: 'loaded',
                                    actions: assign({ shownRecord: ({ event }) => event.output }),
                                  },
                                  onError: { target: 'failed', actions: 'keepCallError' },
                                },
                              },
                              loaded: {},
                              failed: { on: { 'call.retry': 'loading' } },
                            },
                          },
                          tab: {
                            initial: 'summary',
                            // These tabs ask for a view transition when one is chosen (the item's
                            // tabs do not): the record's screen cross-fades in place, typed `in-screen`.
                            states: {
                              summary: {
                                meta: { viewTransition: true },
                                on: { 'recordDetail.showNotes': 'notes' },
                              },
                              notes: { meta: { viewTransition: true }, on: { 'recordDetail.showSummary': 'summary' } },
                            },
                          },
                        },
                      },
                    },
                  },
                },
              },
              broken: {
                id: 'broken',
                route: {},
                meta: { path: 'broken', title: referenceStrings.broken, nav: 'Broken' },
              },
              // forms: a form that saves through a call, refuses to leave while dirty.
              newRecord: {
                id: 'newRecord',
                route: {},
                meta: { path: 'records/new', title: recordStrings.title, nav: recordStrings.nav },
                entry: 'startRecord',
                on: {
                  ...refuseLeavingWhile('isRecordDirty'),
                  // Not while a submit is under way or its outcome shown: this tab's next write hears it again.
                  'record.changedElsewhere': {},
                },
                initial: 'editing',
                states: {
                  editing: {
                    on: {
                      'record.change': { guard: 'isValidRecordChange', actions: ['setRecordField', 'saveDraft'] },
                      'record.discard': {
                        guard: 'isRecordDirty',
                        actions: ['discardRecord', { type: 'clearDraft', params: { ended: 'discarded' } }],
                      },
                      'record.changedElsewhere': { actions: ['noteRecordElsewhere', 'settleDraft'] },
                      'record.keepOwn': { guard: 'isRecordAsking', actions: ['keepRecordOwn', 'settleDraft'] },
                      'record.takeOther': { guard: 'isRecordAsking', actions: ['takeRecordOther', 'settleDraft'] },
                      'record.submit': [
                        // The draft is kept with its key before the request leaves (a reload sends it again).
                        { guard: 'isRecordValid', target: 'submitting', actions: ['beginRecordSubmit', 'saveDraft'] },
                        { actions: 'refuseRecord' },
                      ],
                    },
                  },
                  submitting: {
                    invoke: {
                      id: 'submitRecord',
                      src: 'submitRecord',
                      input: ({ context }) => submission(context.record),
                      onDone: {
                        target: 'saved',
                        // The id the save answered: the saved notice links to the new record.
                        actions: [
                          'markRecordSaved',
                          // A save answered without a body (204) has no id: the notice then has no link.
                          assign({ savedRecordId: ({ event }) => event.output?.id }),
                          { type: 'clearDraft', params: { ended: 'saved' } },
                        ],
                      },
                      onError: [
                        { guard: 'hasServerFieldErrors', target: 'editing', actions: 'showServerErrors' },
                        {
                          guard: 'isSavedBeforeWithRecord',
                          target: 'savedBefore.known',
                          actions: ['noteRecordFailure', 'keepSavedBeforeId'],
                        },
                        {
                          guard: 'isSavedBefore',
                          target: 'savedBefore',
                          actions: ['noteRecordFailure', 'keepSavedBeforeId'],
                        },
                        { target: 'failed', actions: 'noteRecordFailure' },
                      ],
                    },
                  },
                  saved: { on: { 'record.new': { target: 'editing', actions: 'startRecord' } } },
                  failed: { on: { 'record.retry': 'submitting', 'record.edit': 'editing' } },
                  // The draft's key saved what it first sent, not these edits: they are kept, and saved
                  // as a new record with a new key (submitted makes it), never sent again with the old one.
                  savedBefore: {
                    on: {
                      'record.saveAsNew': { target: 'submitting', actions: ['beginRecordSubmit', 'saveDraft'] },
                      'record.edit': 'editing',
                    },
                    initial: 'unknown',
                    states: {
                      // Which record the key saved is not known (its first values could not be sent again).
                      unknown: {},
                      // It is (its id came back, in savedRecordId): the edits may change it instead.
                      known: {
                        on: {
                          'record.saveAsChange': {
                            target: '#newRecord.changing',
                            actions: ['beginRecordSubmit', 'saveDraft'],
                          },
                        },
                      },
                    },
                  },
                  changing: {
                    invoke: {
                      id: 'changeRecord',
                      src: 'changeRecord',
                      input: ({ context }) => ({ ...submission(context.record), id: context.savedRecordId ?? 0 }),
                      onDone: {
                        target: 'saved',
                        actions: ['markRecordSaved', { type: 'clearDraft', params: { ended: 'saved' } }],
                      },
                      onError: [
                        { guard: 'hasServerFieldErrors', target: 'editing', actions: 'showServerErrors' },
                        { target: 'changeFailed', actions: 'noteRecordFailure' },
                      ],
                    },
                  },
                  // Try again sends the change again (its key), not a new record.
                  changeFailed: { on: { 'record.retry': 'changing', 'record.edit': 'editing' } },
                },
              },
              // forms: a screen only some roles may see; others land on notAllowed, which keeps it.
              admin: {
                id: 'admin',
                route: {},
                meta: { path: 'admin', title: accessStrings.admin, nav: accessStrings.adminNav },
                // Signed out here: the guard below sends the screen to notAllowed at once.
                on: { 'session.signedOut': { actions: ['clearRoles', 'rememberSession'] } },
                always: {
                  guard: not({ type: 'hasRole', params: { role: 'admin' } }),
                  target: '#notAllowed',
                  actions: ['keepAdminTarget', 'rememberSession'],
                },
              },
              notAllowed: {
                id: 'notAllowed',
                route: {},
                meta: { path: 'not-allowed', title: accessStrings.notAllowed },
                // Shown again once access is granted (signed in here, or Back or a link after signing
                // in): goes on to the screen that was asked for. One entry per guarded screen.
                always: {
                  guard: { type: 'mayReturnTo', params: { to: '#admin', role: 'admin' } },
                  target: '#admin',
                  actions: 'restoreReturnParams',
                },
                on: {
                  'session.signedIn': {
                    guard: and(['isValidSession', 'hasReturnTarget']),
                    actions: ['setRoles', 'rememberSession'],
                  },
                },
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
