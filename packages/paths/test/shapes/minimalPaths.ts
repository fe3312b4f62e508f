import { makeSpec, routeExecutor, type MachineSpec, type StateAssertion } from '../../src/spec';
import { allUrlsMachine } from './allUrls.machine';
import { deadlinesMachine } from './deadlines.machine';
import { finalChildrenMachine } from './finalChildren.machine';
import { finalDoneMachine } from './finalDone.machine';
import { formDoneMachine } from './formDone.machine';
import { hashIdMachine } from './hashId.machine';
import { historiesTogetherMachine } from './historiesTogether.machine';
import { nestedUrlsMachine } from './nestedUrls.machine';
import { parallelHistoryMachine } from './parallelHistory.machine';
import { parallelRootMachine } from './parallelRoot.machine';
import { resetMachine } from './reset.machine';
import { redirectMachine } from './redirect.machine';
import { signInMachine } from './signIn.machine';
import { ticTacToeMachine } from './ticTacToe.machine';
import { untargetedHistoryMachine } from './untargetedHistory.machine';
import { wildcardMachine } from './wildcard.machine';

const click = (name: string) => () => ({ do: 'click', role: 'button', name }) as const;
const screen = (name: string): StateAssertion => ({ heading: name, title: name });
const common = { params: { '*': ['/nowhere'] }, search: {}, urls: ['/', '/nowhere'] };

/**
 * The minimal machines of the statechart shapes the generator must cover with no internal event
 * name and no exclusion: each names only its domain events, how a person performs them and how
 * a person sees each state.
 */
export const signInSpec = makeSpec({
  ...common,
  name: 'signIn',
  productName: 'Sign-in shape',
  machine: signInMachine,
  events: [{ type: 'session.signIn' }, { type: 'session.signOut' }],
  executors: {
    'xstate.route': routeExecutor,
    'session.signIn': click('Sign in'),
    'session.signOut': click('Sign out'),
  },
  assertions: { home: screen('Home'), area: screen('Area'), notFound: screen('Not found') },
});

export const deadlinesSpec = makeSpec({
  ...common,
  name: 'deadlines',
  productName: 'Deadlines shape',
  machine: deadlinesMachine,
  events: [{ type: 'task.start' }, { type: 'reminder.later' }],
  executors: { 'xstate.route': routeExecutor, 'task.start': click('Start'), 'reminder.later': click('Later') },
  assertions: {
    home: screen('Home'),
    task: screen('Task'),
    'deadlines.task.open': { heading: 'Open' },
    'deadlines.task.snoozed': { heading: 'Snoozed' },
    'deadlines.task.overdue': { heading: 'Overdue' },
    notFound: screen('Not found'),
  },
});

export const finalDoneSpec = makeSpec({
  ...common,
  name: 'finalDone',
  productName: 'Final-state shape',
  machine: finalDoneMachine,
  events: [{ type: 'flow.next' }],
  executors: { 'xstate.route': routeExecutor, 'flow.next': click('Next') },
  assertions: {
    home: screen('Home'),
    flow: screen('Flow'),
    'finalDone.flow.step': { heading: 'Step' },
    notFound: screen('Not found'),
  },
});

export const allUrlsSpec = makeSpec({
  ...common,
  name: 'allUrls',
  productName: 'All-URLs shape',
  machine: allUrlsMachine,
  events: [{ type: 'settings.resume' }],
  executors: { 'xstate.route': routeExecutor, 'settings.resume': click('Resume settings') },
  assertions: {
    home: screen('Home'),
    settings: { heading: 'Settings' },
    profile: screen('Profile'),
    security: screen('Security'),
    notFound: screen('Not found'),
  },
});

export const wildcardSpec = makeSpec({
  ...common,
  name: 'wildcard',
  productName: 'Wildcard shape',
  machine: wildcardMachine,
  // The events a wildcard handler receives, each with its own executor.
  events: [{ type: 'window.focus' }, { type: 'window.blur' }],
  executors: { 'xstate.route': routeExecutor, 'window.focus': click('Focus'), 'window.blur': click('Blur') },
  assertions: {
    home: screen('Home'),
    'wildcard.home.quiet': { heading: 'Quiet' },
    'wildcard.home.noticed': { heading: 'Noticed' },
    notFound: screen('Not found'),
  },
});

export const hashIdSpec = makeSpec({
  ...common,
  name: 'hashId',
  productName: 'Hash-id shape',
  machine: hashIdMachine,
  params: { ...common.params, n: [2] },
  events: [],
  executors: { 'xstate.route': routeExecutor },
  assertions: {
    home: screen('Home'),
    '#document-validation': screen('Check'),
    notFound: screen('Not found'),
  },
});

export const parallelRootSpec = makeSpec({
  ...common,
  name: 'parallelRoot',
  productName: 'Parallel-root shape',
  machine: parallelRootMachine,
  events: [{ type: 'tool.toggle' }],
  executors: { 'xstate.route': routeExecutor, 'tool.toggle': click('Toggle the tool') },
  outcomes: { loadHome: [{ output: 'home' }, { error: new Error('The load failed') }] },
  assertions: {
    home: screen('Home'),
    'parallelRoot.page.home.loading': { heading: 'Loading' },
    'parallelRoot.page.home.loaded': { heading: 'Loaded' },
    other: screen('Other'),
    notFound: screen('Not found'),
    'parallelRoot.toolbar.closed': { heading: 'Tool closed' },
    'parallelRoot.toolbar.open': { heading: 'Tool open' },
  },
});

export const resetSpec = makeSpec({
  ...common,
  name: 'reset',
  productName: 'Reset shape',
  machine: resetMachine,
  events: [{ type: 'app.reset' }],
  executors: { 'xstate.route': routeExecutor, 'app.reset': click('Start over') },
  assertions: { home: screen('Home'), other: screen('Other'), notFound: screen('Not found') },
});

export const redirectSpec = makeSpec({
  ...common,
  name: 'redirect',
  productName: 'Redirect shape',
  machine: redirectMachine,
  events: [{ type: 'search.found' }],
  executors: { 'xstate.route': routeExecutor, 'search.found': click('Found') },
  assertions: {
    home: screen('Home'),
    search: { heading: 'Search' },
    loading: screen('Loading'),
    results: screen('Results'),
    notFound: screen('Not found'),
  },
});

export const historiesTogetherSpec = makeSpec({
  ...common,
  name: 'historiesTogether',
  productName: 'Histories-together shape',
  machine: historiesTogetherMachine,
  events: [{ type: 'panel.resume' }, { type: 'a.next' }, { type: 'k.next' }],
  executors: {
    'xstate.route': routeExecutor,
    'panel.resume': click('Resume'),
    'a.next': click('Next A'),
    'k.next': click('Next K'),
  },
  assertions: {
    home: screen('Home'),
    panel: screen('Panel'),
    'historiesTogether.panel.A.a1': { heading: 'A one' },
    'historiesTogether.panel.A.a2': { heading: 'A two' },
    'historiesTogether.panel.K.k1': { heading: 'K one' },
    'historiesTogether.panel.K.k2': { heading: 'K two' },
    notFound: screen('Not found'),
  },
});

export const untargetedHistorySpec = makeSpec({
  ...common,
  name: 'untargetedHistory',
  productName: 'Untargeted-history shape',
  machine: untargetedHistoryMachine,
  events: [{ type: 'settings.advance' }],
  executors: { 'xstate.route': routeExecutor, 'settings.advance': click('Advanced') },
  assertions: {
    home: screen('Home'),
    settings: screen('Settings'),
    'untargetedHistory.settings.general': { heading: 'General' },
    'untargetedHistory.settings.advanced': { heading: 'Advanced settings' },
    notFound: screen('Not found'),
  },
});

export const finalChildrenSpec = makeSpec({
  ...common,
  name: 'finalChildren',
  productName: 'Final-children shape',
  machine: finalChildrenMachine,
  events: [{ type: 'checkout.pay' }],
  executors: { 'xstate.route': routeExecutor, 'checkout.pay': click('Pay') },
  assertions: {
    home: screen('Home'),
    checkout: screen('Checkout'),
    'finalChildren.checkout.cart': { heading: 'Cart' },
    notFound: screen('Not found'),
  },
});

export const formDoneSpec = makeSpec({
  ...common,
  name: 'formDone',
  productName: 'Form-done shape',
  machine: formDoneMachine,
  events: [{ type: 'form.next' }, { type: 'form.submit' }],
  executors: { 'xstate.route': routeExecutor, 'form.next': click('Next'), 'form.submit': click('Submit') },
  assertions: {
    home: screen('Home'),
    form: { heading: 'Form' },
    edit: screen('Edit'),
    review: screen('Review'),
    notFound: screen('Not found'),
  },
});

export const nestedUrlsSpec = makeSpec({
  ...common,
  name: 'nestedUrls',
  productName: 'Nested-URLs shape',
  machine: nestedUrlsMachine,
  events: [{ type: 'settings.resume' }],
  executors: { 'xstate.route': routeExecutor, 'settings.resume': click('Resume settings') },
  assertions: {
    home: screen('Home'),
    settings: { heading: 'Settings' },
    profile: screen('Profile'),
    security: screen('Security'),
    privacy: screen('Privacy'),
    notFound: screen('Not found'),
  },
});

export const parallelHistorySpec = makeSpec({
  ...common,
  name: 'parallelHistory',
  productName: 'Parallel-history shape',
  machine: parallelHistoryMachine,
  events: ['power.on', 'power.off', 'power.resume', 'a.inner', 'k.inner', 'a.resume'].map((type) => ({ type })),
  executors: {
    'xstate.route': routeExecutor,
    'power.on': click('Switch on'),
    'power.off': click('Power off'),
    'power.resume': click('Resume both'),
    'a.inner': click('Inner A'),
    'k.inner': click('Inner K'),
    'a.resume': click('Resume A'),
  },
  assertions: {
    off: screen('Off'),
    on: screen('On'),
    ...Object.fromEntries(
      ['A.B', 'A.C.D', 'A.C.E', 'K.L', 'K.M.N', 'K.M.O'].map((path) => [
        `parallelHistory.on.${path}`,
        { heading: `At ${path}` },
      ]),
    ),
    notFound: screen('Not found'),
  },
});

/**
 * A game whose boards outgrow a breadth-first search (machine level only: its point is the
 * search). A draw needs all nine cells filled: the search finds one by diving toward the
 * transitions it has not taken once its breadth-first part nears the budget, with no hint.
 */
export const ticTacToeSpec = makeSpec({
  ...common,
  name: 'ticTacToe',
  productName: 'Tic-tac-toe',
  machine: ticTacToeMachine,
  events: [...Array.from({ length: 9 }, (_, cell) => ({ type: 'game.play', cell })), { type: 'game.reset' }],
  executors: {
    'xstate.route': routeExecutor,
    'game.play': (event) => ({ do: 'click', role: 'button', name: `Cell ${String(event.cell)}` }),
    'game.reset': click('Play again'),
  },
  assertions: {
    game: screen('Game'),
    'ticTacToe.game.playing': { heading: 'Playing' },
    won: { heading: 'Won' },
    draw: { heading: 'Draw' },
    notFound: screen('Not found'),
  },
});

export const minimalSpecs: MachineSpec[] = [
  signInSpec,
  deadlinesSpec,
  finalDoneSpec,
  allUrlsSpec,
  wildcardSpec,
  hashIdSpec,
  parallelRootSpec,
  resetSpec,
  redirectSpec,
  historiesTogetherSpec,
  untargetedHistorySpec,
  finalChildrenSpec,
  formDoneSpec,
  nestedUrlsSpec,
  parallelHistorySpec,
];
