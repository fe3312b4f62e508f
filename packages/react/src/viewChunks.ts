import type { AnyMachineSnapshot } from 'xstate';
import { activeNodesOf } from '@statechart/core/internal';
import type { Router } from './routing';
import { shownOf } from './shown';
import type { LazyView } from './views';

/**
 * How long a screen change waits for its views' chunks before the Suspense fallback shows: the
 * old screen stays meanwhile, as a browser keeps a page until the next one paints (TanStack
 * Router's `defaultPendingMs` is the same second).
 */
export const PENDING_AFTER_MS = 1000;

/** A view's load as React's use() marks it (views.ts). */
type Marked = Promise<unknown> & { status?: 'fulfilled' | 'rejected' };

/**
 * Screen changes wait for their views' chunks: installed by the navigation effects (this chunk is
 * never in the first load), it makes the shown store (shown.ts) hold a change whose snapshot
 * renders a view that has not arrived, then hands it on, to the view transition where there is
 * one. Shown at once, the Suspense fallback cost every such navigation about 300 ms more than its
 * chunk, one that came in 5 ms included: React 19 holds a boundary's content back until 300 ms
 * after its fallback appeared (FALLBACK_THROTTLE_MS), so that content arriving close together
 * reveals together. The first screen's views are loaded before the first render and the others
 * while idle (mountApp), so this waits only for a move made before they are in, or on a slow network.
 *
 * A chunk still on its way after PENDING_AFTER_MS is let go: its screen shows the fallback, and
 * is not waited for again. A failed load is not waited for: its error shows at once.
 *
 * Returns the uninstall (which puts back the presenter it wrapped).
 */
export function waitForViewChunks(router: Router): () => void {
  const shown = shownOf(router);
  const { actor, table, views } = router;
  const inner = shown.present;
  const overdue = new WeakSet<LazyView>();
  // Every active state with a view renders it (nested outlets, parallel regions); activeNodesOf is
  // memoised per snapshot (the outlets read it too).
  const loadingFor = (snapshot: AnyMachineSnapshot): LazyView[] => {
    const loading: LazyView[] = [];
    if (snapshot.status === 'error') return loading;
    for (const node of activeNodesOf(table, snapshot)) {
      const view = views[node.id];
      if (!view || view.loaded() || overdue.has(view)) continue;
      const load: Marked = view.load();
      if (load.status === 'rejected') continue;
      // A failure is the render's to show (use() throws it to the error boundary), not unhandled here.
      load.catch(() => undefined);
      loading.push(view);
    }
    return loading;
  };
  const present: NonNullable<typeof shown.present> = {
    holds: (before) => loadingFor(actor.getSnapshot()).length > 0 || inner?.holds(before) === true,
    run(commit, before) {
      // The actor's snapshot now: events that came while a chunk was awaited are in it.
      const loading = loadingFor(actor.getSnapshot());
      if (loading.length === 0) return inner?.holds(before) ? inner.run(commit, before) : commit();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(resolve, PENDING_AFTER_MS, 'late')));
      const loaded = Promise.allSettled(loading.map((view) => view.load())).then(() => clearTimeout(timer));
      void Promise.race([loaded, late]).then((outcome) => {
        if (outcome === 'late') for (const view of loading) overdue.add(view);
        present.run(commit, before);
      });
    },
  };
  shown.present = present;
  return () => {
    if (shown.present === present) shown.present = inner;
  };
}
