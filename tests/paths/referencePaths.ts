import { href } from '../../src/routing/url';
import { referenceMachine, referenceStrings } from '../reference/referenceMachine';
import { strings } from '../../machines/strings';
import { makeSpec, routeExecutor, type AnyEvent } from './spec';
// forms: the form and access examples.
import { accessStrings } from '../reference/access';
import { recordStrings, type RecordField } from '../reference/recordForm';
import type { ReferenceContext } from '../reference/referenceMachine';
import { isDirty } from '../../machines/forms';
import { behaviourOf } from './behaviour';

const formsEvents: AnyEvent[] = [
  { type: 'record.change', field: 'name', value: 'A name' },
  { type: 'record.submit' },
  { type: 'record.retry' },
  { type: 'record.edit' },
  { type: 'record.new' },
  { type: 'xstate.done.actor.submitRecord', output: { id: 1 } },
  { type: 'xstate.error.actor.submitRecord', error: { fieldErrors: [{ field: 'name', code: 'taken' }] } },
  { type: 'xstate.error.actor.submitRecord', error: { message: 'The call failed' } },
  { type: 'session.signedIn', roles: ['admin'] },
  { type: 'session.signedOut' },
];
const referenceEvents: AnyEvent[] = [
  { type: 'view.failed', url: '/', message: 'A view failed' },
  { type: 'editor.change' },
  { type: 'editor.save' },
  { type: 'item.showNotes' },
  { type: 'item.showDetails' },
  ...formsEvents,
];

/** What the reference machine's path tests send, and how a person performs and sees each. */
export const referenceSpec = makeSpec({
  name: 'reference',
  productName: 'Reference app',
  machine: referenceMachine,
  params: { id: [3], '*': ['/no/such/page'] },
  search: { q: ['red'], page: [2] },
  events: referenceEvents,
  // Derived: a screen that refuses to leave (a dirty editor or form), or where a sample event
  // does something else (a valid form), is another state. No guard is named here.
  stateContext: behaviourOf(referenceMachine, referenceEvents),
  // A reload keeps the session's roles (sessionStorage) and the form's draft (localStorage).
  storedInput: (snapshot) => {
    const { roles, record } = snapshot.context as ReferenceContext;
    return { roles, draft: isDirty(record) ? record.values : undefined };
  },
  urls: [
    '/',
    '/section',
    '/section?q=red&page=2',
    '/section/3',
    '/section/2?overlay=open',
    '/editor',
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
    'item.showNotes': () => ({ do: 'click', role: 'button', name: 'Notes' }),
    'item.showDetails': () => ({ do: 'click', role: 'button', name: 'Details' }),
    // forms
    'record.change': (event) => ({
      do: 'type',
      label: recordStrings.fields[event.field as RecordField],
      text: String(event.value),
    }),
    'record.submit': () => ({ do: 'click', role: 'button', name: recordStrings.submit }),
    'record.retry': () => ({ do: 'click', role: 'button', name: recordStrings.retry }),
    'record.edit': () => ({ do: 'click', role: 'button', name: recordStrings.edit }),
    'record.new': () => ({ do: 'click', role: 'button', name: recordStrings.another }),
    // The call's answer: the app's own call never answers in path tests (unansweredSubmit).
    'xstate.done.actor.submitRecord': (event) => ({ do: 'report', event }),
    'xstate.error.actor.submitRecord': (event) => ({ do: 'report', event }),
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
    overlayClosed: { absentHeading: referenceStrings.overlay },
    overlayOpen: { heading: referenceStrings.overlay, title: referenceStrings.overlay },
    notFound: { heading: strings.notFound.heading, title: referenceStrings.notFound },
    // forms
    newRecord: { heading: recordStrings.title, title: recordStrings.title },
    'reference.app.main.newRecord.editing': { absentHeading: recordStrings.saved },
    'reference.app.main.newRecord.submitting': { absentHeading: recordStrings.saved },
    'reference.app.main.newRecord.saved': { heading: recordStrings.saved },
    'reference.app.main.newRecord.failed': { heading: recordStrings.failed },
    admin: { heading: accessStrings.admin, title: accessStrings.admin },
    notAllowed: { heading: accessStrings.notAllowed, title: accessStrings.notAllowed },
    error: { heading: strings.error.heading, title: referenceStrings.error },
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
