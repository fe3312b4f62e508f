import { getMicrosteps, transition } from 'xstate';
import { LEAVING_REFUSED } from './leaving';
import { URL_PARAM, type RouteEvent } from './routeMeta';
import { linkLocations, resolveLink } from './links';
import { href, hrefFor, routeEvent, type RouteLocation } from './url';
import type { Refusal } from './sync';
import { isActive, refuses, stripPrefix, type AttachMoves } from './syncStart';

/**
 * What the router does from the first move on (syncStart.ts has the start): URL → state for a link,
 * a typed URL, Back and Forward; the refusal records and their retry; beforeunload while the machine
 * would refuse leaving. Whatever the machine refuses or redirects is written back without adding
 * entries (a refused Back goes forward again, so the forward entry survives).
 */
export const attachMoves: AttachMoves = (start) => {
  const { actor, table, history, prefix, window: win, state, plan, planMove, send, write, settle, appUrl } = start;
  let restoring = false;
  let refusal: Refusal | undefined;
  let refusals = 0;
  // The machine's words for the refusal being planned (refuseLeavingWhile emits them).
  let refusedWords: string | undefined;
  const words = actor.on?.(LEAVING_REFUSED, (event: { message?: unknown }) => {
    refusedWords = typeof event.message === 'string' ? event.message : undefined;
  });
  const refused = (url: string, delta: number) => {
    refusal = { id: ++refusals, url, message: refusedWords, navigation: start.navigation().id, delta };
    refusedWords = undefined;
    start.notify();
  };

  const refusesLeaving = () => {
    const probe = routeEvent({ route: table.notFound, params: { [URL_PARAM]: '/' } });
    const [next] = transition(table.machine, actor.getSnapshot(), probe);
    return !isActive(table, next, table.notFound.node);
  };
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    // Asked only when the page is about to unload, not on every transition.
    if (!refusesLeaving()) return;
    event.preventDefault();
    // Chromium still wants returnValue set to show its own confirmation.
    event.returnValue = '';
  };
  win?.addEventListener('beforeunload', onBeforeUnload);

  /**
   * A move the app asks for (a link, navigate()) of one part is sent at once: the machine hears a
   * single part whether it takes it or refuses it, so XState picks the transition once, in the
   * send (asking `getTransitionData` first was a second scan of the root's route transitions per
   * click: ~0.08 ms at 1,000 routes). Refused: it stayed where it was in that part and, by the pure
   * probe of the snapshot before, never entered the part's state (not a redirect back to it).
   */
  const sendOne = (only: RouteLocation): RouteEvent[] | 'refused' => {
    const before = actor.getSnapshot();
    const event = routeEvent(only);
    send([event]);
    const after = actor.getSnapshot();
    const stayed = refuses(table, only, before, [], after);
    return stayed && refuses(table, only, before, getMicrosteps(table.machine, before, event), after) ? 'refused' : [];
  };

  /** A move asked by the app (a link, navigate()): a new entry when the URL changes. */
  const move = (events: RouteEvent[] | 'refused', asked: () => string) => {
    if (events === 'refused') return refused(asked(), 0);
    send(events);
    const next = shown();
    if (next !== state.current) write('push', next);
    settle('push');
  };
  const shown = () => href(table, actor.getSnapshot());
  const navigate = (url: string) => {
    const asked = resolveLink(url, state.current);
    refusedWords = undefined;
    move(plan(asked, sendOne), () => asked);
  };

  // Planned already when the adapter asked before the traversal committed (intercept).
  let planned: { url: string; events: RouteEvent[] } | undefined;

  return {
    pop(from, delta) {
      if (restoring) {
        restoring = false;
        return;
      }
      const asked = appUrl();
      const ready = planned?.url === asked ? planned.events : undefined;
      planned = undefined;
      if (!ready) refusedWords = undefined;
      const events = ready ?? plan(asked);
      if (events === 'refused') {
        // Step back over the same distance instead of rewriting, so no entry is lost or changed.
        const at = state.at;
        const moved = at !== undefined && from !== undefined ? at - from : delta;
        refused(asked, moved ?? 0);
        if (moved) {
          restoring = true;
          history.go(-moved);
        } else {
          write('replace', state.current);
        }
        return;
      }
      send(events);
      state.current = shown();
      // A redirect or a non-canonical spelling: this entry (only this one) becomes the state's URL.
      if (state.current !== appUrl()) write('replace', state.current);
      settle('pop');
    },
    // An adapter that hears moves before they commit (the Navigation API): a refused traversal is
    // cancelled instead of stepped back, and link clicks come from the browser's own navigation.
    link: (url) => navigate(stripPrefix(prefix, url)),
    traversal(url, delta) {
      // The step back after a refusal the browser would not let us cancel.
      if (restoring) return true;
      const asked = stripPrefix(prefix, url);
      refusedWords = undefined;
      const events = plan(asked);
      if (events === 'refused') {
        refused(asked, delta);
        return false;
      }
      planned = { url: asked, events };
      return true;
    },
    navigate,
    follow(to, params, snapshot = actor.getSnapshot()) {
      const locations = linkLocations(table, snapshot, to, params);
      if (!locations) return navigate(hrefFor(table, snapshot, to, params));
      refusedWords = undefined;
      move(planMove(locations, sendOne), () => hrefFor(table, snapshot, to, params));
    },
    isBlocking: refusesLeaving,
    getRefusal: () => refusal,
    retry() {
      if (!refusal) return;
      if (refusal.delta) history.go(refusal.delta);
      else navigate(refusal.url);
    },
    stop() {
      words?.unsubscribe();
      win?.removeEventListener('beforeunload', onBeforeUnload);
    },
  };
};
