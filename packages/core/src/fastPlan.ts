import { isNeeded, sameLocation } from './locations';
import { locate, routeEvent, type RouteLocation } from './locations';
import { attachMoves } from './moves';
import type { AttachMoves, MoveOne, RouterStart } from './movesProtocol';
import type { RouteEvent } from './routeMeta';

/**
 * The moves with the common move's plan: a link or Back to another screen is one part of the URL,
 * accepted when the machine would take a route transition into its state (which enters it, whatever
 * follows), so it is all or nothing by itself and pays no probe. Picking the transition costs its
 * guards; the start's probe costs a whole pure macrostep. Other parts must be shown already or be
 * a region's default (a named region whose parallel state the move would enter is probed). Anything
 * else is the start's plan. It loads with the moves: the start sends a first URL of one part as it
 * is, and probes one of several.
 */
export const attachPlannedMoves: AttachMoves = (start) => attachMoves(withFastPlan(start));

export function withFastPlan(start: RouterStart): RouterStart {
  const { actor, table } = start.options;
  const plan = (locations: RouteLocation[], one?: MoveOne): RouteEvent[] | 'refused' => {
    const now = actor.getSnapshot();
    const moving = locations.filter((location) => isNeeded(table, location, now));
    const only = moving.length === 1 ? moving[0] : undefined;
    const here = locate(table, now);
    const othersStay = locations.every(
      (location) => location === only || location.implicit || here.some((shown) => sameLocation(shown, location)),
    );
    if (only && othersStay) {
      // A link or navigate() sends it at once (moves.ts sendOne); a traversal asks first.
      if (one) return one(only);
      const event = routeEvent(only);
      const taken = table.machine.getTransitionData(now, event);
      if (taken.length === 1 && taken[0]?.target?.length === 1 && taken[0].target[0] === only.route.node) {
        return [event];
      }
    }
    return start.plan(locations);
  };
  return { ...start, plan };
}
