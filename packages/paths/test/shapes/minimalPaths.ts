import { makeSpec, routeExecutor, type MachineSpec, type StateAssertion } from '../../src/spec';
import { allUrlsMachine } from './allUrls.machine';
import { deadlinesMachine } from './deadlines.machine';
import { finalChildrenMachine } from './finalChildren.machine';
import { finalDoneMachine } from './finalDone.machine';
import { finalParentMachine } from './finalParent.machine';
import { formDoneMachine } from './formDone.machine';
import { hashIdMachine } from './hashId.machine';
import { historiesTogetherMachine } from './historiesTogether.machine';
import { nestedUrlsMachine } from './nestedUrls.machine';
import { parallelHistoryMachine } from './parallelHistory.machine';
import { parallelRootMachine } from './parallelRoot.machine';
import { parallelTabsMachine } from './parallelTabs.machine';
import { parallelTimersMachine } from './parallelTimers.machine';
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
 * A shape's spec whose domain events carry no payload, each performed by clicking the button
 * `buttons` names for it (event type → the button's name), with the URLs every shape shares.
 */
function shape({
  buttons,
  ...spec
}: Pick<MachineSpec, 'name' | 'productName' | 'machine' | 'assertions'> &
  Partial<MachineSpec> & { buttons: Record<string, string> }): MachineSpec {
  return makeSpec({
    ...common,
    ...spec,
    events: Object.keys(buttons).map((type) => ({ type })),
    executors: {
      'xstate.route': routeExecutor,
      ...Object.fromEntries(Object.entries(buttons).map(([type, name]) => [type, click(name)])),
    },
  });
}

/**
 * The minimal machines of the statechart shapes the generator must cover with no internal event
 * name and no exclusion: each names only its domain events, how a person performs them and how
 * a person sees each state.
 */
export const signInSpec = shape({
  name: 'signIn',
  productName: 'Sign-in shape',
  machine: signInMachine,
  buttons: { 'session.signIn': 'Sign in', 'session.signOut': 'Sign out' },
  assertions: { home: screen('Home'), area: screen('Area'), notFound: screen('Not found') },
});

export const deadlinesSpec = shape({
  name: 'deadlines',
  productName: 'Deadlines shape',
  machine: deadlinesMachine,
  buttons: { 'task.start': 'Start', 'reminder.later': 'Later' },
  assertions: {
    home: screen('Home'),
    task: screen('Task'),
    'deadlines.task.open': { heading: 'Open' },
    'deadlines.task.snoozed': { heading: 'Snoozed' },
    'deadlines.task.overdue': { heading: 'Overdue' },
    notFound: screen('Not found'),
  },
});

export const finalDoneSpec = shape({
  name: 'finalDone',
  productName: 'Final-state shape',
  machine: finalDoneMachine,
  buttons: { 'flow.next': 'Next' },
  assertions: {
    home: screen('Home'),
    flow: screen('Flow'),
    'finalDone.flow.step': { heading: 'Step' },
    notFound: screen('Not found'),
  },
});

export const allUrlsSpec = shape({
  name: 'allUrls',
  productName: 'All-URLs shape',
  machine: allUrlsMachine,
  buttons: { 'settings.resume': 'Resume settings' },
  assertions: {
    home: screen('Home'),
    settings: { heading: 'Settings' },
    profile: screen('Profile'),
    security: screen('Security'),
    notFound: screen('Not found'),
  },
});

export const wildcardSpec = shape({
  name: 'wildcard',
  productName: 'Wildcard shape',
  machine: wildcardMachine,
  // The events a wildcard handler receives, each with its own button.
  buttons: { 'window.focus': 'Focus', 'window.blur': 'Blur' },
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

export const parallelRootSpec = shape({
  name: 'parallelRoot',
  productName: 'Parallel-root shape',
  machine: parallelRootMachine,
  buttons: { 'tool.toggle': 'Toggle the tool' },
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

export const resetSpec = shape({
  name: 'reset',
  productName: 'Reset shape',
  machine: resetMachine,
  buttons: { 'app.reset': 'Start over' },
  assertions: { home: screen('Home'), other: screen('Other'), notFound: screen('Not found') },
});

export const redirectSpec = shape({
  name: 'redirect',
  productName: 'Redirect shape',
  machine: redirectMachine,
  buttons: { 'search.found': 'Found' },
  assertions: {
    home: screen('Home'),
    search: { heading: 'Search' },
    loading: screen('Loading'),
    results: screen('Results'),
    notFound: screen('Not found'),
  },
});

export const historiesTogetherSpec = shape({
  name: 'historiesTogether',
  productName: 'Histories-together shape',
  machine: historiesTogetherMachine,
  buttons: { 'panel.resume': 'Resume', 'a.next': 'Next A', 'k.next': 'Next K' },
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

export const untargetedHistorySpec = shape({
  name: 'untargetedHistory',
  productName: 'Untargeted-history shape',
  machine: untargetedHistoryMachine,
  buttons: { 'settings.advance': 'Advanced' },
  assertions: {
    home: screen('Home'),
    settings: screen('Settings'),
    'untargetedHistory.settings.general': { heading: 'General' },
    'untargetedHistory.settings.advanced': { heading: 'Advanced settings' },
    notFound: screen('Not found'),
  },
});

export const finalChildrenSpec = shape({
  name: 'finalChildren',
  productName: 'Final-children shape',
  machine: finalChildrenMachine,
  buttons: { 'checkout.pay': 'Pay' },
  assertions: {
    home: screen('Home'),
    checkout: screen('Checkout'),
    'finalChildren.checkout.cart': { heading: 'Cart' },
    notFound: screen('Not found'),
  },
});

export const formDoneSpec = shape({
  name: 'formDone',
  productName: 'Form-done shape',
  machine: formDoneMachine,
  buttons: { 'form.next': 'Next', 'form.submit': 'Submit' },
  assertions: {
    home: screen('Home'),
    form: { heading: 'Form' },
    edit: screen('Edit'),
    review: screen('Review'),
    notFound: screen('Not found'),
  },
});

export const nestedUrlsSpec = shape({
  name: 'nestedUrls',
  productName: 'Nested-URLs shape',
  machine: nestedUrlsMachine,
  buttons: { 'settings.resume': 'Resume settings' },
  assertions: {
    home: screen('Home'),
    settings: { heading: 'Settings' },
    profile: screen('Profile'),
    security: screen('Security'),
    privacy: screen('Privacy'),
    notFound: screen('Not found'),
  },
});

export const parallelHistorySpec = shape({
  name: 'parallelHistory',
  productName: 'Parallel-history shape',
  machine: parallelHistoryMachine,
  buttons: {
    'power.on': 'Switch on',
    'power.off': 'Power off',
    'power.resume': 'Resume both',
    'a.inner': 'Inner A',
    'k.inner': 'Inner K',
    'a.resume': 'Resume A',
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

export const parallelTimersSpec = shape({
  name: 'parallelTimers',
  productName: 'Parallel-timers shape',
  machine: parallelTimersMachine,
  buttons: { 'a.rearm': 'Re-arm A' },
  assertions: {
    home: screen('Home'),
    timers: screen('Timers'),
    ...Object.fromEntries(
      ['a.a1', 'a.a2', 'b.b1', 'b.b2'].map((path) => [`parallelTimers.timers.${path}`, { heading: `At ${path}` }]),
    ),
    notFound: screen('Not found'),
  },
});

export const finalParentSpec = shape({
  name: 'finalParent',
  productName: 'Final-parent shape',
  machine: finalParentMachine,
  buttons: { 'session.leave': 'Leave' },
  assertions: { home: screen('Home'), notFound: screen('Not found') },
});

export const parallelTabsSpec = shape({
  name: 'parallelTabs',
  productName: 'Parallel-tabs shape',
  machine: parallelTabsMachine,
  buttons: { 'board.resume': 'Resume board', 'filter.toggle': 'Toggle filter' },
  assertions: {
    home: screen('Home'),
    board: { heading: 'Board' },
    todo: screen('To do'),
    done: screen('Done'),
    'parallelTabs.board.filter.all': { heading: 'All' },
    'parallelTabs.board.filter.mine': { heading: 'Mine' },
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
  parallelTimersSpec,
  finalParentSpec,
  parallelTabsSpec,
];
