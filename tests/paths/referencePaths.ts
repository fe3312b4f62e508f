import { href } from '../../src/routing/url';
import { referenceMachine, referenceStrings } from '../reference/referenceMachine';
import { errorStrings } from '../../machines/errorStrings';
import { strings } from '../../machines/strings';
import { makeSpec, routeExecutor, type StateAssertion } from './spec';

// ---- Calls (issue 9) --------------------------------------------------------------------------
// A call's outcomes are declared by its actor's src; the generator settles the provided actor (or,
// in Chromium, delivers the event while the API server hangs).
const callOutcomes = {
  loadRecords: [{ output: [{ id: 3, name: 'Record 3' }] }, { error: { code: 'http.5xx', status: 500 } }],
  loadRecord: [{ output: { id: 3, name: 'Record 3' } }, { error: { code: 'http.5xx', status: 500 } }],
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
  'reference.app.main.records.list.loading': notFailed,
  'reference.app.main.records.list.loaded': notFailed,
  'reference.app.main.records.list.failed': failed,
  'reference.app.main.records.detail.loading': notFailed,
  'reference.app.main.records.detail.loaded': notFailed,
  'reference.app.main.records.detail.failed': failed,
};
// ---- end of calls -----------------------------------------------------------------------------

/** What the reference machine's path tests send, and how a person performs and sees each. */
export const referenceSpec = makeSpec({
  name: 'reference',
  productName: 'Reference app',
  machine: referenceMachine,
  outcomes: callOutcomes,
  params: { id: [3], '*': ['/no/such/page'] },
  search: { q: ['red'], page: [2] },
  events: [
    { type: 'view.failed', url: '/', message: 'A view failed' },
    { type: 'editor.change' },
    { type: 'editor.save' },
    { type: 'item.showNotes' },
    { type: 'item.showDetails' },
    { type: 'call.retry' },
  ],
  // A dirty editor refuses to leave: the same screen, another state. Elsewhere `dirty` is stale.
  stateContext: (snapshot) => snapshot.matches({ app: { main: 'editor' } }) && snapshot.context.dirty,
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
    ...callExecutors,
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
    error: { heading: strings.error.heading, title: referenceStrings.error },
    ...callAssertions,
  },
  // Links lead where they say, except out of a dirty editor: the machine refuses them on purpose.
  refusals: {
    editor: {
      when: (snapshot) => Boolean(snapshot.context.dirty),
      reason: 'unsaved input: leaving is refused until saved',
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
