import { shapesMachine, shapesStrings } from './shapesMachine';
import { stockStrings as strings } from '@statechart/react';
import { makeSpec, routeExecutor } from '@statechart/paths';

const click = (name: string) => () => ({ do: 'click', role: 'button', name }) as const;

/**
 * The second reference machine's spec: history, final states, a timer, an invoked actor, a
 * parallel state below a compound. No XState-internal event name appears here: the actor's
 * outcomes are declared by its `src`, the timer and the done events are derived.
 */
export const shapesSpec = makeSpec({
  name: 'shapes',
  productName: 'Shapes app',
  machine: shapesMachine,
  params: { '*': ['/no/such/page'] },
  search: {},
  events: [
    { type: 'home.resumeShallow' },
    { type: 'home.resumeDeep' },
    { type: 'settings.advanced' },
    { type: 'settings.general' },
    { type: 'advanced.expert' },
    { type: 'wizard.next' },
    { type: 'wizard.finish' },
    { type: 'load.retry' },
    { type: 'left.toggle' },
    { type: 'right.toggle' },
  ],
  outcomes: { fetchThing: [{ output: 'thing' }, { error: new Error('The call failed') }] },
  urls: ['/', '/settings', '/wizard', '/load', '/dashboard', '/no/such/page'],
  executors: {
    'xstate.route': routeExecutor,
    'home.resumeShallow': click('Resume settings'),
    'home.resumeDeep': click('Resume settings exactly'),
    'settings.advanced': click('Advanced'),
    'settings.general': click('General'),
    'advanced.expert': click('Expert mode'),
    'wizard.next': click('Next'),
    'wizard.finish': click('Finish'),
    'load.retry': click('Retry'),
    'left.toggle': click('Toggle layout'),
    'right.toggle': click('Toggle details'),
  },
  assertions: {
    home: { heading: shapesStrings.home, title: shapesStrings.home },
    settings: { heading: shapesStrings.settings, title: shapesStrings.settings },
    'shapes.settings.general': { heading: shapesStrings.general },
    'shapes.settings.advanced.basic': { heading: shapesStrings.basic },
    'shapes.settings.advanced.expert': { heading: shapesStrings.expert },
    wizard: { heading: shapesStrings.wizard, title: shapesStrings.wizard },
    'shapes.wizard.steps.one': { heading: shapesStrings.stepOne },
    'shapes.wizard.steps.two': { heading: shapesStrings.stepTwo },
    'shapes.wizard.review': { heading: shapesStrings.review },
    load: { heading: shapesStrings.load, title: shapesStrings.load },
    'shapes.load.loading': { heading: shapesStrings.loading },
    'shapes.load.slow': { heading: shapesStrings.slow },
    'shapes.load.failed': { heading: shapesStrings.failed },
    'shapes.load.ready': { heading: shapesStrings.ready('thing') },
    dashboard: { heading: shapesStrings.dashboard, title: shapesStrings.dashboard },
    'shapes.dashboard.panels.left.list': { heading: 'List layout' },
    'shapes.dashboard.panels.left.grid': { heading: 'Grid layout' },
    'shapes.dashboard.panels.right.shown': { heading: 'Details' },
    'shapes.dashboard.panels.right.hidden': { absentHeading: 'Details' },
    notFound: { heading: strings.notFound.heading, title: shapesStrings.notFound },
  },
});
