import { stockStrings as strings, mountApp, viewsFromGlob, type ViewModule, stockViews } from '@statechart/react';
import '@statechart/react/styles.css';
import { FRESHNESS_KEY, TIMEOUT_KEY, referenceActors } from './referenceCalls';
import { keepDraft, recordDraft, settleDraft } from './drafts';
import { referenceMachine } from './referenceMachine';
import { sessionStore } from './session';

// Development only (the import is dropped from production builds): the statechart inspector.
const devTools = import.meta.env.DEV ? await (await import('@statechart/devtools')).startDevTools() : undefined;

const container = document.getElementById('root');
if (container) {
  void mountApp(container, {
    machine: referenceMachine,
    // The real calls, to same-origin /api (proxied to the reference API server).
    // The session's roles and a draft from an earlier visit; storage stays out of the machine.
    input: { ...(sessionStore.load() ?? { roles: [] }), draft: recordDraft.load() },
    provide: {
      actors: referenceActors({ timeoutMs: storedTimeout(), fresh: stored(FRESHNESS_KEY) !== 'off' }),
      actions: {
        saveDraft: ({ context }) => keepDraft(context.record),
        clearDraft: (_, { ended }) => recordDraft.end(ended),
        settleDraft: ({ context }) => settleDraft(context.record),
        rememberSession: ({ context }) => sessionStore.save({ roles: [...context.roles], returnTo: context.returnTo }),
      },
    },
    // The product's not-found and error views, and the reference screens' own.
    views: {
      ...stockViews(),
      ...viewsFromGlob(import.meta.glob<ViewModule>('./views/*.view.tsx')),
    },
    strings: { ...strings, productName: 'Reference app' },
    base: import.meta.env.BASE_URL,
    inspect: devTools?.inspect,
  }).then((app) => {
    devTools?.attach({ actor: app.actor, machine: referenceMachine });
    // The draft changed in another tab (and, at start, a change this tab missed while it reloaded).
    recordDraft.subscribe((change, own) => app.actor.send({ type: 'record.changedElsewhere', change, own }));
    // Lets the browser tests read the machine's state and send events, as a visualiser would.
    Object.assign(window, { __app: app });
  });
}

/** A setting a browser test or bench set in localStorage; none where storage is disabled. */
function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function storedTimeout(): number | undefined {
  return Number(stored(TIMEOUT_KEY)) || undefined;
}
