import { transition, type AnyActorLogic } from 'xstate';
import type { Router } from './routing';
import { resolveUrl, routeEvent, screensOf } from '@statechart/core';
import { warmLogic } from '@statechart/core/internal';

/**
 * Intent preloading, as TanStack Router's `preload: 'intent'`: a link hovered or focused warms
 * its screen — the view chunks and the calls its states would invoke — so the click shows it at
 * once. What to warm is derived from the machine, never listed: the link's URL becomes its route
 * events (as a click would), XState's pure `transition()` takes them from the current snapshot
 * without running anything, and every invoke it would start (`xstate.spawnChild`, with its `src`
 * and `input`) whose provided actor is a call with a freshness (packages/calls/src/cache.ts) is started
 * ahead. Guards and redirects are the machine's own: a refused link warms nothing it would not show.
 */
export function createWarmer(router: Pick<Router, 'actor' | 'table' | 'sync' | 'views'>): (href: string) => void {
  const { table, views } = router;
  const actors = table.machine.implementations.actors as Record<string, AnyActorLogic | undefined>;
  return (href) => {
    const snapshot = router.actor.getSnapshot();
    const url = router.sync.toAppUrl(href);
    let probe = snapshot;
    try {
      for (const location of resolveUrl(table, url)) {
        const [next, actions] = transition(table.machine, probe, routeEvent(location));
        for (const action of actions) {
          if (action.type !== 'xstate.spawnChild') continue;
          const { src, input } = (action.params ?? {}) as { src?: unknown; input?: unknown };
          if (typeof src === 'string') warmLogic(actors[src], input);
        }
        probe = next;
      }
    } catch {
      // A guard or input that throws on a probe is the machine's to report when it is taken for real.
      return;
    }
    for (const screen of screensOf(table, probe)) void views[screen.id]?.load().catch(() => {});
  };
}
