import { href } from '@statechart/core';
import { referenceMachine, referenceStrings } from './referenceMachine';
import { errorStrings } from '@statechart/calls';
import { stockStrings as strings } from '@statechart/react';
import { makeSpec, routeExecutor, type AnyEvent, type StateAssertion, behaviourOf } from '@statechart/paths';

// ---- Calls (issue 9) --------------------------------------------------------------------------
// A call's outcomes are declared by its actor's src; the generator settles the provided actor (or,
// in Chromium, delivers the event while the API server hangs).
const callOutcomes = {
  loadRecords: [
    { output: { records: [{ id: 3, name: 'Record 3' }], pages: 2 } },
    { error: { code: 'http.5xx', status: 500 } },
  ],
  loadRecord: [{ output: { id: 3, name: 'Record 3' } }, { error: { code: 'http.5xx', status: 500 } }],
  // forms: the submit call's answers: saved, refused by the server with a field error, failed.
  submitRecord: [
    { output: { id: 1 } },
    // What performCall rejects with (a CallFailure): a 422 carrying the body's field errors, a 5xx.
    { error: { code: 'http.4xx', status: 422, fieldErrors: [{ field: 'name', code: 'taken' }] } },
    { error: { code: 'http.5xx', status: 500 } },
    // The draft's key saved its first values (not these): the call sent those again and carries the saved id.
    { error: { code: 'savedBefore', status: 422, saved: { id: 1 } } },
    // The same, when the first values could not be sent again: no record to link to or change.
    { error: { code: 'savedBefore', status: 422 } },
  ],
  // The edits as a change to the record saved before: changed, or failed (Try again changes it again).
  changeRecord: [
    { output: { id: 1 } },
    { error: { code: 'http.4xx', status: 422, fieldErrors: [{ field: 'name', code: 'taken' }] } },
    { error: { code: 'http.5xx', status: 500 } },
  ],
};
const callExecutors = {
  'call.retry': () => ({ do: 'click' as const, role: 'button' as const, name: errorStrings.retry }),
};
const notFailed: StateAssertion = { absentHeading: errorStrings.heading };
const failed: StateAssertion = { heading: errorStrings.heading };
const callAssertions: Record<string, StateAssertion> = {
  records: { heading: referenceStrings.records },
  recordList: { heading: referenceStrings.recordList, title: referenceStrings.recordList },
  recordDetail: { heading: ({ id }) => referenceStrings.record(id), title: ({ id }) => referenceStrings.record(id) },
  // The list and the detail load side by side: each failure says which it is.
  'reference.app.main.records.list.loading': { absentHeading: referenceStrings.recordsNotLoaded },
  'reference.app.main.records.list.loaded': { absentHeading: referenceStrings.recordsNotLoaded },
  'reference.app.main.records.list.failed': { heading: referenceStrings.recordsNotLoaded },
  'reference.app.main.records.shown.detail.call.loading': notFailed,
  'reference.app.main.records.shown.detail.call.loaded': notFailed,
  'reference.app.main.records.shown.detail.call.failed': failed,
  // Tabs inside the detail that loads: shown pressed, whatever the call's state.
  'reference.app.main.records.shown.detail.tab.summary': { pressed: referenceStrings.summary },
  'reference.app.main.records.shown.detail.tab.notes': { pressed: referenceStrings.notes },
};
// ---- end of calls -----------------------------------------------------------------------------
// forms: the form and access examples.
import { accessStrings } from './access';
import { recordStrings, type RecordField } from './recordForm';
import type { ReferenceContext } from './referenceMachine';
import { isDirty, formStrings } from '@statechart/forms';

const formsEvents: AnyEvent[] = [
  { type: 'record.change', field: 'name', value: 'A name' },
  { type: 'record.submit' },
  { type: 'record.retry' },
  { type: 'record.edit' },
  { type: 'record.saveAsNew' },
  { type: 'record.saveAsChange' },
  { type: 'record.new' },
  { type: 'record.discard' },
  // Another tab's text over this tab's own: asked about where the form is dirty, followed elsewhere.
  { type: 'record.changedElsewhere', change: { kind: 'changed', draft: { name: 'Another name' } }, own: true },
  { type: 'record.keepOwn' },
  { type: 'record.takeOther' },
  { type: 'session.signedIn', roles: ['admin'] },
  { type: 'session.signedOut' },
];
const referenceEvents: AnyEvent[] = [
  { type: 'view.failed', url: '/', message: 'A view failed' },
  { type: 'editor.change' },
  { type: 'editor.save' },
  { type: 'editor.discard' },
  { type: 'item.showNotes' },
  { type: 'item.showDetails' },
  { type: 'recordDetail.showSummary' },
  { type: 'recordDetail.showNotes' },
  { type: 'call.retry' },
  ...formsEvents,
];

/** What the reference machine's path tests send, and how a person performs and sees each. */
export const referenceSpec = makeSpec({
  name: 'reference',
  productName: 'Reference app',
  machine: referenceMachine,
  outcomes: callOutcomes,
  params: { id: [3], '*': ['/no/such/page'] },
  search: { q: ['red'], page: [2] },
  events: referenceEvents,
  // Derived: a screen that refuses to leave (a dirty editor or form), or where a sample event
  // does something else (a valid form), is another state. No guard is named here.
  stateContext: behaviourOf(referenceMachine, referenceEvents),
  // A reload keeps the session (sessionStorage: the roles, and where a refused deep link was
  // going) and the form's draft (localStorage).
  storedInput: (snapshot) => {
    const { roles, returnTo, record } = snapshot.context as ReferenceContext;
    return { roles, returnTo, draft: isDirty(record) ? record.values : undefined };
  },
  // Pasted as the overlay's "Copy as test" gave it (the tour, then the overlay region opened and
  // closed beside it): packages/paths/test/cases.test.ts replays it, so docs/visualiser.md's "paste it into
  // a spec" is exercised by the suite.
  cases: [
    {
      name: 'recorded from the start to /tour/stop',
      start: { input: { roles: [] } },
      steps: [
        { event: { type: 'xstate.route', to: '#home' }, value: { app: { main: 'home', overlay: 'closed' } }, url: '/' },
        {
          event: { type: 'xstate.route', to: '#tourStop' },
          value: { app: { main: { tour: 'stop' }, overlay: 'closed' } },
          url: '/tour/stop',
        },
        {
          event: { type: 'xstate.route', to: '#overlayOpen' },
          value: { app: { main: { tour: 'stop' }, overlay: 'open' } },
          url: '/tour/stop?overlay=open',
        },
        {
          event: { type: 'xstate.route', to: '#overlayClosed' },
          value: { app: { main: { tour: 'stop' }, overlay: 'closed' } },
          url: '/tour/stop',
        },
      ],
    },
  ],
  urls: [
    '/',
    '/section',
    '/section?q=red&page=2',
    '/section/3',
    '/section/2?overlay=open',
    '/editor',
    '/tour',
    '/tour/stop',
    '/records',
    '/records/2',
    '/old',
    '/broken',
    '/records/new',
    '/admin',
    '/not-allowed',
    '/?overlay=open',
    '/no/such/page',
    '/section/abc',
    '/section?page=many',
    '/?overlay=shut',
    '/%E0%A4%A',
    '/section/%',
    `/${'x'.repeat(3000)}`,
  ],
  executors: {
    'xstate.route': routeExecutor,
    'view.failed': (event) => ({ do: 'report', event }),
    'editor.change': () => ({ do: 'type', label: 'Draft', text: 'A draft' }),
    'editor.save': () => ({ do: 'click', role: 'button', name: 'Save' }),
    'editor.discard': () => ({ do: 'click', role: 'button', name: 'Discard' }),
    'item.showNotes': () => ({ do: 'click', role: 'button', name: 'Notes' }),
    'item.showDetails': () => ({ do: 'click', role: 'button', name: 'Details' }),
    'recordDetail.showSummary': () => ({ do: 'click', role: 'button', name: referenceStrings.summary }),
    'recordDetail.showNotes': () => ({ do: 'click', role: 'button', name: referenceStrings.notes }),
    ...callExecutors,
    // forms
    'record.change': (event) => ({
      do: 'type',
      label: recordStrings.fields[event.field as RecordField],
      text: String(event.value),
    }),
    'record.submit': () => ({ do: 'click', role: 'button', name: recordStrings.submit }),
    'record.retry': () => ({ do: 'click', role: 'button', name: recordStrings.retry }),
    'record.edit': () => ({ do: 'click', role: 'button', name: recordStrings.edit }),
    'record.saveAsNew': () => ({ do: 'click', role: 'button', name: formStrings.saveAsNew }),
    'record.saveAsChange': () => ({ do: 'click', role: 'button', name: formStrings.saveAsChange }),
    'record.new': () => ({ do: 'click', role: 'button', name: recordStrings.another }),
    'record.discard': () => ({ do: 'click', role: 'button', name: recordStrings.discard }),
    // What the app hears from storage: delivered as is (as `view.failed` is).
    'record.changedElsewhere': (event) => ({ do: 'report', event }),
    'record.keepOwn': () => ({ do: 'click', role: 'button', name: formStrings.keepOwn }),
    'record.takeOther': () => ({ do: 'click', role: 'button', name: formStrings.takeOther }),
    'session.signedIn': () => ({ do: 'click', role: 'button', name: accessStrings.signIn }),
    'session.signedOut': () => ({ do: 'click', role: 'button', name: accessStrings.signOut }),
  },
  assertions: {
    home: { heading: referenceStrings.home, title: referenceStrings.home },
    section: { heading: referenceStrings.section },
    sectionList: { heading: referenceStrings.list, title: referenceStrings.list },
    sectionItem: { heading: ({ id }) => referenceStrings.item(id), title: ({ id }) => referenceStrings.item(id) },
    'reference.app.main.section.item.details': { pressed: 'Details' },
    'reference.app.main.section.item.notes': { pressed: 'Notes' },
    editor: { heading: referenceStrings.editor, title: referenceStrings.editor },
    tour: { heading: referenceStrings.tour },
    'reference.app.main.tour.intro': { absentHeading: referenceStrings.tourStop },
    tourStop: { heading: referenceStrings.tourStop, title: referenceStrings.tourStop },
    overlayClosed: { absentHeading: referenceStrings.overlay },
    overlayOpen: { heading: referenceStrings.overlay, title: referenceStrings.overlay },
    notFound: { heading: strings.notFound.heading, title: referenceStrings.notFound },
    // forms
    newRecord: { heading: recordStrings.title, title: recordStrings.title },
    'reference.app.main.newRecord.editing': { absentHeading: recordStrings.saved },
    'reference.app.main.newRecord.submitting': { absentHeading: recordStrings.saved },
    'reference.app.main.newRecord.saved': { heading: recordStrings.saved },
    'reference.app.main.newRecord.failed': { heading: recordStrings.failed },
    'reference.app.main.newRecord.savedBefore': { heading: formStrings.savedBefore },
    'reference.app.main.newRecord.savedBefore.unknown': { heading: formStrings.savedBefore },
    'reference.app.main.newRecord.savedBefore.known': { heading: formStrings.savedBefore },
    'reference.app.main.newRecord.changing': { absentHeading: recordStrings.saved },
    'reference.app.main.newRecord.changeFailed': { heading: recordStrings.failed },
    admin: { heading: accessStrings.admin, title: accessStrings.admin },
    notAllowed: { heading: accessStrings.notAllowed, title: accessStrings.notAllowed },
    error: { heading: strings.error.heading, title: referenceStrings.error },
    ...callAssertions,
  },
  // Links lead where they say, except out of a dirty editor: the machine refuses them on purpose.
  refusals: {
    editor: {
      when: (snapshot) => Boolean(snapshot.context.dirty),
      reason: 'unsaved input: leaving is refused until saved',
    },
    newRecord: {
      when: (snapshot) => isDirty((snapshot.context as ReferenceContext).record),
      reason: 'an unsaved form: leaving is refused until it is saved or emptied',
    },
  },
  followUps: {
    // Its view throws on purpose: the error boundary reports it with the URL shown.
    broken: (snapshot, table) => ({
      type: 'view.failed',
      url: href(table, snapshot),
      message: 'The broken screen fails on purpose',
    }),
  },
});
