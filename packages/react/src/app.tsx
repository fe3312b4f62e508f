import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  createActor,
  type ActorOptions,
  type AnyStateMachine,
  type InputFrom,
  type InspectionEvent,
  type Snapshot,
} from 'xstate';
import { startsAtUrl, type History, buildRouteTable } from '@statechart/core';
import { createDeferredRouterSync } from '@statechart/core/internal';
import { preloadActiveViews, RouterProvider, type Router } from './routing';
import type { ViewRegistry } from './views';
import { Shell, type ShellStrings } from './Shell';
import type { createBrowserHistory } from './browserHistory';
import { createNavigationHistory, navigationOf } from './navigationHistory';

export interface AppOptions<M extends AnyStateMachine = AnyStateMachine> {
  machine: M;
  /**
   * The machine's input (`setup({ types: { input } })`): what the app knows before the first state,
   * such as the signed-in session. Its context is made from it (`context: ({ input }) => …`).
   */
  input?: InputFrom<M>;
  /**
   * A snapshot to resume from (`actor.getPersistedSnapshot()` of an earlier run): entry actions are
   * not run again, invoked actors restart, then the URL is applied as usual.
   */
  snapshot?: Snapshot<unknown>;
  /**
   * Implementations to swap (`machine.provide(…)`): actors, guards, actions, delays. The app
   * provides its real calls here; tests provide fakes.
   */
  provide?: Parameters<M['provide']>[0];
  /** The clock of `after` timers: tests pass XState's SimulatedClock to move time by hand. */
  clock?: ActorOptions<M>['clock'];
  views: ViewRegistry;
  strings: ShellStrings & { loading: string };
  /**
   * A memory history in tests; the browser's otherwise: on the Navigation API where it exists
   * (createNavigationHistory), else on the History API (createBrowserHistory, which mountApp loads
   * only then).
   */
  history?: History;
  base?: string;
  /** Sees every event and snapshot of the actor from its start (dev tools, inspectors). */
  inspect?: (event: InspectionEvent) => void;
}

/** Wires machine, URL and views together. The caller renders `element`. */
export function createApp<M extends AnyStateMachine>(options: AppOptions<M>) {
  const { views, strings, history, base, inspect, input, snapshot, provide, clock } = options;
  // The actor enters the URL's state first (startsAtUrl); the route table is of the same machine.
  // One build for both the boot state and `provide` (a machine's build costs ~50 µs per route).
  const machine = startsAtUrl(options.machine, provide);
  const table = buildRouteTable(machine);
  // Only a given clock: `clock: undefined` would replace XState's own, and every `after` timer would throw.
  const actor = createActor(machine, { inspect, input, snapshot, ...(clock && { clock }) }).start();
  // What acts only from the first move on (links, Back, refusals) loads beside the first render.
  const sync = createDeferredRouterSync({
    actor,
    table,
    history: history ?? browserHistory(),
    base,
    window: typeof window === 'undefined' ? undefined : window,
  });
  // A chunk that failed to load (offline, a deploy replaced it) is fetched again when a navigation
  // enters its screen again, not in a loop, and not on what else the router hears: a refused move
  // (nothing moved) or the machine's own move to its error state (which enters the error screen,
  // not the failed one) would only fetch it for a view that is no longer shown.
  let heard = sync.getNavigation().id;
  sync.subscribe(() => {
    const navigation = sync.getNavigation();
    if (navigation.id === heard) return;
    heard = navigation.id;
    for (const id of navigation.entered) views[id]?.retry();
  });
  const router: Router = {
    actor,
    table,
    sync,
    views,
    pending: (
      // data-view-pending (VIEW_PENDING): the shell's focus waits while a view's chunk loads.
      <p className="pending" role="status" data-view-pending="">
        {strings.loading}
      </p>
    ),
  };
  // Links warm their screen's calls on hover or focus; derived from the machine (packages/react/src/warm.ts),
  // loaded on the first hover: it is no part of the first load's budget.
  let warm: Promise<((href: string) => void) | undefined> | undefined;
  router.warm = (href) => {
    // Offline, or a deploy replaced the chunk: nothing to warm now; a later hover tries again.
    warm ??= import('./warm').then(
      (module) => module.createWarmer(router),
      () => (warm = undefined),
    );
    void warm.then((warmer) => warmer?.(href));
  };
  const shell = (
    <RouterProvider router={router}>
      <Shell strings={strings} />
    </RouterProvider>
  );
  // StrictMode's checks run in development builds only: production leaves it out of the first load.
  const element: ReactNode = process.env.NODE_ENV === 'production' ? shell : <StrictMode>{shell}</StrictMode>;
  return { actor, table, sync, router, element };
}

/**
 * The History API adapter, once loaded: it is on react-router's history (~10 KB gzip), which a
 * browser with the Navigation API never needs, so it is its own chunk, asked for by mountApp only
 * where `window.navigation` is missing.
 */
let historyApiFallback: typeof createBrowserHistory | undefined;

function browserHistory(): History {
  if (navigationOf(window)) return createNavigationHistory(window);
  if (historyApiFallback) return historyApiFallback(window);
  throw new Error(
    // Development builds say what to change; production keeps the check, not the words.
    process.env.NODE_ENV === 'production'
      ? 'No history'
      : 'createApp() without `history` in a browser without the Navigation API needs the History API adapter: ' +
          'mount with mountApp() (it loads the adapter first), or pass `history: createBrowserHistory()`.',
  );
}

// Tests and entries import it from here, beside createApp.
export { preloadActiveViews };

/** Browser entry: mount, then load the other screens' chunks while idle. */
export async function mountApp<M extends AnyStateMachine>(container: HTMLElement, options: AppOptions<M>) {
  if (!options.history && !navigationOf(window) && !historyApiFallback) {
    historyApiFallback = await import('./browserHistory').then((module) => module.createBrowserHistory);
  }
  const app = createApp(options);
  await preloadActiveViews(app.router);
  createRoot(container, {
    // A view that throws is handled (error state); say so without an error in the console.
    onCaughtError: (error) =>
      console.warn(
        process.env.NODE_ENV === 'production' ? 'View failed:' : 'A view failed and was replaced by the error screen:',
        error,
      ),
  }).render(app.element);
  const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 200));
  idle(() => {
    for (const view of Object.values(options.views)) void view.load().catch(() => undefined);
  });
  return app;
}
