import { describe, it } from 'vitest';
import { errorStrings } from '@statechart/calls';
import { stockStrings as strings } from '@statechart/react';
import { violationsIn, type ScreenState, screenStatesOf } from '@statechart/paths/chromium';
import { chromiumFixture } from '../../../scripts/browser-tests/fixture';
import { referenceSpec } from '../paths';

const CONTEXT = { colorScheme: 'light', viewport: { width: 1024, height: 768 } } as const;
const chromium = chromiumFixture({ context: CONTEXT });

/**
 * The reference machine's screen states by hand: the overlay open over each kind of screen, and the
 * states only an act reaches (a tab, a form sent, a menu open, signed in). Every other screen a URL
 * shows is added below, derived from the machine (screenStatesOf), so a new screen is audited too.
 */
const handStates: ScreenState[] = [
  { name: 'home', url: '/', heading: 'Reference home' },
  { name: 'section list', url: '/section', heading: 'All items' },
  { name: 'section list, filtered and paged', url: '/section?q=red&page=2', heading: 'All items' },
  { name: 'section item, details tab', url: '/section/3', heading: 'Item 3' },
  {
    name: 'section item, notes tab',
    url: '/section/3',
    heading: 'Item 3',
    act: async (page) => {
      await page.getByRole('button', { name: 'Notes' }).click();
      await page.getByText('Notes tab').waitFor();
    },
  },
  { name: 'editor, clean', url: '/editor', heading: 'Editor' },
  {
    name: 'editor, dirty',
    url: '/editor',
    heading: 'Editor',
    act: async (page) => {
      await page.getByLabel('Draft').fill('unsaved words');
      await page.getByText('Unsaved changes').waitFor();
    },
  },
  {
    name: 'section item on a 390 px phone, the header menu open',
    url: '/section/3',
    heading: 'Item 3',
    before: (page) => page.setViewportSize({ width: 390, height: 844 }),
    act: async (page) => {
      await page.getByRole('button', { name: strings.menu }).click();
      await page.getByRole('link', { name: 'Records' }).waitFor();
    },
  },
  { name: 'error (a view throws)', url: '/broken', heading: 'Something went wrong' },
  { name: 'not found', url: '/no/such/place', heading: 'Page not found' },
  { name: 'overlay open over home', url: '/?overlay=open', heading: 'Overlay' },
  { name: 'overlay open over an item', url: '/section/2?overlay=open', heading: 'Overlay' },
  { name: 'overlay open over the list', url: '/section?overlay=open', heading: 'Overlay' },
  // Calls (issue 9): the records screens loaded, loading (the API is held back) and failed.
  {
    name: 'records list, loaded',
    url: '/records',
    heading: 'All records',
    act: (page) => page.getByTestId('records').getByRole('link', { name: 'Record 3' }).waitFor(),
  },
  {
    name: 'record, loading',
    url: '/records/2',
    heading: 'Record 2',
    before: (page) => page.route('**/api/records/2', () => {}),
    act: (page) => page.getByRole('status').filter({ hasText: strings.loading }).waitFor(),
  },
  {
    name: 'record, failed',
    url: '/records/2',
    heading: errorStrings.heading,
    before: (page) => page.route('**/api/records/2', (route) => route.fulfill({ status: 500, body: '{}' })),
  },
  // forms: the form in each of its states, and the access screens.
  { name: 'new record, empty', url: '/records/new', heading: 'New record' },
  {
    name: 'new record, refused with an error summary',
    url: '/records/new',
    heading: 'New record',
    act: async (page) => {
      await page.getByLabel('Quantity').fill('500');
      await page.getByRole('button', { name: 'Save record' }).click();
      await page.getByRole('alert').waitFor();
    },
  },
  {
    name: 'new record, saving',
    url: '/records/new',
    heading: 'New record',
    // The save goes to the reference API server; held back here so that it stays saving.
    before: (page) => page.route('**/api/records', () => {}),
    act: async (page) => {
      await page.getByLabel('Name', { exact: true }).fill('A name');
      await page.getByRole('button', { name: 'Save record' }).click();
      await page.getByText('Saving…').waitFor();
    },
  },
  {
    name: 'new record, saved',
    url: '/records/new',
    heading: 'New record',
    act: async (page) => {
      await page.getByLabel('Name', { exact: true }).fill('A name');
      await page.getByRole('button', { name: 'Save record' }).click();
      await page.getByRole('heading', { name: 'Record saved' }).waitFor();
    },
  },
  {
    name: 'new record, failed',
    url: '/records/new',
    heading: 'New record',
    before: (page) => page.route('**/api/records', (route) => route.fulfill({ status: 500, body: '{}' })),
    act: async (page) => {
      await page.getByLabel('Name', { exact: true }).fill('A name');
      await page.getByRole('button', { name: 'Save record' }).click();
      await page.getByRole('heading', { name: 'The record was not saved' }).waitFor();
    },
  },
  { name: 'not allowed, with a target', url: '/admin', heading: 'Not allowed' },
  { name: 'not allowed, without a target', url: '/not-allowed', heading: 'Not allowed' },
  {
    name: 'admin screen (signed in from not allowed)',
    url: '/admin',
    heading: 'Not allowed',
    act: async (page) => {
      await page.getByRole('button', { name: 'Sign in as administrator' }).click();
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
    },
  },
];
const handUrls = new Set(handStates.map((state) => state.url));
const referenceStates: ScreenState[] = [
  ...handStates,
  ...screenStatesOf(referenceSpec).states.filter((state) => !handUrls.has(state.url)),
];

for (const [app, states] of [['reference', referenceStates]] as const) {
  // A page of its own per state (its context: see violationsIn): the states run at once (the browser project's maxConcurrency), one's page load and waits overlapping
  // another's axe run. The API calls these screens make only read (or add a record the others
  // do not count), and the holds and failures are routes of one page.
  describe.concurrent(`axe on every screen state of the ${app} app`, () => {
    for (const state of states) {
      it(`finds no violation on ${state.name}, in the light and the dark scheme`, async ({ expect }) => {
        const opener = { browser: chromium.browser(), shared: await chromium.context(), context: CONTEXT };
        expect(await violationsIn(opener, chromium.origin(), state)).toEqual([]);
        // Two axe runs on a loaded page, beside other states' runs: seconds on a busy 2-core machine.
      }, 30_000);
    }
  });
}
