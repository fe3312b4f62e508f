import type { RouterSync, RouterSyncOptions } from './routerContract';
import { attachPlannedMoves } from './fastPlan';
import { startRouterSync } from './syncStart';

/**
 * The only code that reads or writes history. State → URL: after each transition the URL is
 * href(snapshot); a change pushes one entry. URL → state: the URL becomes route events and the
 * machine decides; whatever it refuses or redirects is written back without adding entries
 * (a refused Back goes forward again, so the forward entry survives). syncStart.ts starts it;
 * moves.ts handles every move (fastPlan.ts plans the common one); what they say to each other is
 * movesProtocol.ts, what the router promises the app routerContract.ts.
 */
export function createRouterSync(options: RouterSyncOptions): RouterSync {
  return startRouterSync(options, () => attachPlannedMoves);
}
