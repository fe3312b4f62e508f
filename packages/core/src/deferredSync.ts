import type * as Moves from './fastPlan';
import type { RouterSync, RouterSyncOptions } from './sync';
import { startRouterSync } from './syncStart';

let moves: typeof Moves | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads what the router does from the first move on (moves.ts, fastPlan.ts), in a chunk of its own in an app's
 * build. Resolves once it is in, also when the chunk failed to load (offline, a deploy replaced
 * it): the next call asks for it again.
 */
export function loadRouterMoves(): Promise<void> {
  return (loading ??= import('./fastPlan').then(
    (module) => {
      moves = module;
    },
    () => {
      loading = undefined;
    },
  ));
}

/**
 * `createRouterSync()` for an app's first load: the first URL is applied at once, and what acts
 * only from the first move on (links, Back and Forward, refusals and their retry, beforeunload)
 * comes with loadRouterMoves(), asked for here. A move made before it arrives waits and is made
 * when it does, in order; a traversal the browser would let be cancelled goes through then (it is
 * stepped back if refused). Once loaded, it is createRouterSync().
 */
export function createDeferredRouterSync(options: RouterSyncOptions): RouterSync {
  return startRouterSync(options, () => moves?.attachPlannedMoves, loadRouterMoves);
}
