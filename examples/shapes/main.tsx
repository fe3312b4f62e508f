import { fromPromise } from 'xstate';
import { stockStrings as strings, mountApp, viewsFromGlob, type ViewModule, stockViews } from '@statechart/react';
import '@statechart/react/styles.css';
import { shapesMachine } from './shapesMachine';

/**
 * The shapes app: the second reference machine built like the product, for the Chromium-level path
 * tests. Its fetch never settles by itself: each path delivers the outcome it needs (the done or
 * error event the actor would raise), and time moves only on the page clock the tests install.
 */
const container = document.getElementById('root');
const views = {
  ...stockViews(),
  ...viewsFromGlob(import.meta.glob<ViewModule>('./views/*.view.tsx')),
};
// Every view before the first render: with the page clock stopped, React's reveal of a suspended
// view (a timer) would wait for a path step to move time.
await Promise.all(Object.values(views).map((view) => view.load()));
if (container) {
  void mountApp(container, {
    machine: shapesMachine,
    views,
    strings: { ...strings, productName: 'Shapes app' },
    base: import.meta.env.BASE_URL,
    provide: { actors: { fetchThing: fromPromise<string>(() => new Promise<string>(() => {})) } },
  });
}
