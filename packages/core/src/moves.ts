import { getMicrosteps, transition } from 'xstate';
import { LEAVING_REFUSED } from './leaving';
import { URL_PARAM, type RouteEvent } from './routeMeta';
import { linkLocations, resolveLink } from './links';
import { href, hrefFor, routeEvent, type RouteLocation } from './locations';
import type { Refusal } from './sync';
import { isActive, refuses, stripPrefix, type AttachMoves } from './syncStart';

const withoutHash = (url: string) => {
  const at = url.indexOf('#');
  return at < 0 ? url : url.slice(0, at);
};

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
  // The machine's words for the refusal being planned, and its way out (refuseLeavingWhile emits them).
  let refusedWords: string | undefined;
  let discard: string | undefined;
  const words = actor.on?.(LEAVING_REFUSED, (event: { message?: unknown; discard?: unknown }) => {
    refusedWords = typeof event.message === 'string' ? event.message : undefined;
    discard = typeof event.discard === 'string' ? event.discard : undefined;
  });
  const refused = (url: string, delta: number) => {
    refusal = { id: ++refusals, url, message: refusedWords, discard, navigation: start.navigation().id, delta };
    refusedWords = discard = undefined;
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

  /**
   * A move asked by the app (a link, navigate()): a new entry when the URL changes, also when only
   * the entry's fragment goes (a link to the screen shown from its `#notes` entry: a browser pushes).
   */
  const move = (events: RouteEvent[] | 'refused', asked: () => string) => {
    if (events === 'refused') return refused(asked(), 0);
    send(events);
    const next = shown();
    if (next !== state.current || next !== appUrl()) write('push', next);
    settle('push');
  };
  const shown = () => href(table, actor.getSnapshot());
  const navigate = (url: string) => {
    const asked = resolveLink(url, state.current);
    refusedWords = discard = undefined;
    move(plan(asked, sendOne), () => asked);
  };

  // Planned already when the adapter asked before the traversal committed (intercept).
  let planned: { url: string; events: RouteEvent[] } | undefined;

  /**
   * Whether the entry is the one that shows the state: after a refused traversal was stepped back,
   * or after a fragment's entry of the same screen (fragments are the browser's: kept as they are).
   */
  const onShownEntry = (asked: string) =>
    withoutHash(asked) === withoutHash(state.current) && (state.at === undefined || state.at === state.shown);

  return {
    pop(from, delta, kind) {
      const asked = appUrl();
      if (restoring) {
        // Stepping back over a refused traversal: done once the history is on the state's entry
        // again. Traversals made meanwhile (several in one task: `history.back(); history.back()`)
        // land first, each moving the history elsewhere: the next step back starts from there.
        if (onShownEntry(asked)) {
          restoring = false;
          return;
        }
        const moved = state.at !== undefined && state.shown !== undefined ? state.at - state.shown : undefined;
        if (moved) history.go(-moved);
        return;
      }
      const ready = planned?.url === asked ? planned.events : undefined;
      planned = undefined;
      if (!ready) refusedWords = discard = undefined;
      const events = ready ?? plan(asked);
      if (events === 'refused') {
        // Step back over the same distance instead of rewriting, so no entry is lost or changed.
        const moved =
          state.at !== undefined && state.shown !== undefined
            ? state.at - state.shown
            : kind === 'replace'
              ? 0
              : (delta ?? (kind ? 1 : 0));
        refused(asked, kind ? 0 : moved);
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
      state.shown = state.at;
      // A redirect or a non-canonical spelling: this entry (only this one) becomes the state's URL.
      // Its fragment is the browser's (docs/routing.md), and stays where the rest is the state's.
      if (state.current !== withoutHash(asked)) write('replace', state.current);
      settle(kind ?? 'pop');
    },
    // An adapter that hears moves before they commit (the Navigation API): a refused traversal is
    // cancelled instead of stepped back, and link clicks come from the browser's own navigation.
    link(url, kind) {
      const asked = stripPrefix(prefix, url);
      // Not the router's: left to the browser.
      if (kind === 'reload' || (prefix && asked === url)) return;
      refusedWords = discard = undefined;
      const events = plan(asked);
      if (events === 'refused') {
        refused(asked, 0);
        return false;
      }
      // Made once the browser committed it (pop, with its kind): the entry is the browser's own.
      planned = { url: asked, events };
      return true;
    },
    traversal(url, delta) {
      // The step back after a refusal the browser would not let us cancel.
      if (restoring) return true;
      const asked = stripPrefix(prefix, url);
      refusedWords = discard = undefined;
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
      refusedWords = discard = undefined;
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
