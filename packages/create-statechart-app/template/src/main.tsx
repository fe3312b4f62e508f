import { appMachine } from '../machines/appMachine';
import { strings } from '../machines/strings';
import { callActors } from './api/calls';
import { mountApp, viewsFromGlob, type ViewModule } from '@statechart/react';
import '@statechart/react/styles.css';

// Development only (the import is dropped from production builds): the statechart inspector.
const devTools = import.meta.env.DEV ? await (await import('@statechart/devtools')).startDevTools() : undefined;

const container = document.getElementById('root');
if (container) {
  void mountApp(container, {
    machine: appMachine,
    // The product's calls (src/api/calls.ts), to same-origin /api: its handlers, or API_URL's backend.
    provide: { actors: callActors },
    views: viewsFromGlob(import.meta.glob<ViewModule>('./views/*.view.tsx')),
    strings,
    base: import.meta.env.BASE_URL,
    inspect: devTools?.inspect,
  }).then((app) => devTools?.attach({ actor: app.actor, machine: appMachine }));
}
