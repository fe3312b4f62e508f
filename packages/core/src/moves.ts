import { getMicrosteps, transition } from 'xstate';
import { LEAVING_REFUSED } from './leaving';
import { URL_PARAM, type RouteEvent } from './routeMeta';
import { linkLocations, resolveLink } from './links';
import { appUrlOf, stripPrefix } from './appUrl';
import { href, hrefFor, isActive, refuses, resolveUrl, routeEvent, type RouteLocation } from './locations';
import type { AttachMoves, MoveOne, RouterStart } from './movesProtocol';
import type { Refusal } from './routerContract';
import type { RouteTable } from './table';

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
  const { options, prefix, shown, steps } = start;
  const { actor, table, history } = options;
  const { send, write, settle } = steps;
  const appUrl = () => appUrlOf(history, prefix);
  const resolved = resolvedUrls(table);
  const plan = (url: string, one?: MoveOne) => start.plan(resolved(url), one);
  let restoring = false;
  const refusals = recordRefusals(start);
  const { refused } = refusals;
  const leaving = guardLeaving(start);

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
    const next = stateUrl();
    if (next !== shown.url || next !== appUrl()) write('push', next);
    settle('push');
  };
  const stateUrl = () => href(table, actor.getSnapshot());
  const navigate = (url: string) => {
    const asked = resolveLink(url, shown.url);
    refusals.forget();
    move(plan(asked, sendOne), () => asked);
  };

  // Planned already when the adapter asked before the traversal committed (intercept).
  let planned: { url: string; events: RouteEvent[] } | undefined;

  /**
   * Whether the entry is the one that shows the state: after a refused traversal was stepped back,
   * or after a fragment's entry of the same screen (fragments are the browser's: kept as they are).
   */
  const onShownEntry = (asked: string) =>
    withoutHash(asked) === withoutHash(shown.url) && (shown.at === undefined || shown.at === shown.entry);

  /**
   * A move the adapter heard before it commits: planned now, and made once the browser committed
   * it (pop, with its kind: the entry is the browser's own); false: refused, the adapter cancels it.
   */
  const intercepted = (asked: string, delta: number): boolean => {
    refusals.forget();
    const events = plan(asked);
    if (events === 'refused') {
      refused(asked, delta);
      return false;
    }
    planned = { url: asked, events };
    return true;
  };

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
        const moved = shown.at !== undefined && shown.entry !== undefined ? shown.at - shown.entry : undefined;
        if (moved) history.go(-moved);
        return;
      }
      const ready = planned?.url === asked ? planned.events : undefined;
      planned = undefined;
      if (!ready) refusals.forget();
      const events = ready ?? plan(asked);
      if (events === 'refused') {
        // Step back over the same distance instead of rewriting, so no entry is lost or changed.
        const moved =
          shown.at !== undefined && shown.entry !== undefined
            ? shown.at - shown.entry
            : kind === 'replace'
              ? 0
              : (delta ?? (kind ? 1 : 0));
        refused(asked, kind ? 0 : moved);
        if (moved) {
          restoring = true;
          history.go(-moved);
        } else {
          write('replace', shown.url);
        }
        return;
      }
      send(events);
      shown.url = stateUrl();
      shown.entry = shown.at;
      // A redirect or a non-canonical spelling: this entry (only this one) becomes the state's URL.
      // Its fragment is the browser's (docs/routing.md), and stays where the rest is the state's.
      if (shown.url !== withoutHash(asked)) write('replace', shown.url);
      settle(kind ?? 'pop');
    },
    // An adapter that hears moves before they commit (the Navigation API): a refused traversal is
    // cancelled instead of stepped back, and link clicks come from the browser's own navigation.
    link(url, kind) {
      const asked = stripPrefix(prefix, url);
      // Not the router's: left to the browser.
      if (kind === 'reload' || (prefix && asked === url)) return;
      return intercepted(asked, 0);
    },
    // The step back after a refusal the browser would not let us cancel goes through.
    traversal: (url, delta) => restoring || intercepted(stripPrefix(prefix, url), delta),
    navigate,
    follow(to, params, snapshot = actor.getSnapshot()) {
      const locations = linkLocations(table, snapshot, to, params);
      if (!locations) return navigate(hrefFor(table, snapshot, to, params));
      refusals.forget();
      move(start.plan(locations, sendOne), () => hrefFor(table, snapshot, to, params));
    },
    isBlocking: leaving.blocks,
    getRefusal: refusals.latest,
    retry() {
      const refusal = refusals.latest();
      if (!refusal) return;
      if (refusal.delta) history.go(refusal.delta);
      else navigate(refusal.url);
    },
    stop() {
      refusals.stop();
      leaving.stop();
    },
  };
};

/**
 * resolveUrl() with the last URLs' answers kept: Back and Forward go to URLs read before (a
 * traversal is planned in the navigate event, before it commits, so reading its URL is time the
 * Back waits). An answer depends on the URL and the table only (param parsers are pure: the
 * `Param` contract), and is shared between moves: nothing may change it, which development builds
 * make sure of (frozen).
 */
function resolvedUrls(table: RouteTable): (url: string) => RouteLocation[] {
  const kept = new Map<string, RouteLocation[]>();
  return (url) => {
    let locations = kept.get(url);
    if (locations) kept.delete(url);
    else {
      locations = resolveUrl(table, url);
      if (process.env.NODE_ENV !== 'production') frozen(locations);
      if (kept.size >= KEPT_URLS) kept.delete(kept.keys().next().value as string);
    }
    kept.set(url, locations);
    return locations;
  };
}

/** As many URLs as Chromium keeps entries a document can reach. */
const KEPT_URLS = 50;

function frozen(locations: RouteLocation[]) {
  for (const location of locations) Object.freeze(Object.freeze(location).params);
  Object.freeze(locations);
}

/**
 * The refused moves' records: each with the machine's words for it and its way out, which
 * refuseLeavingWhile emits (LEAVING_REFUSED) while the move is planned. Subscribers hear each.
 */
function recordRefusals({ options: { actor }, shown, steps }: RouterStart) {
  let refusal: Refusal | undefined;
  let count = 0;
  let message: string | undefined;
  let discard: string | undefined;
  const words = actor.on?.(LEAVING_REFUSED, (event: { message?: unknown; discard?: unknown }) => {
    message = typeof event.message === 'string' ? event.message : undefined;
    discard = typeof event.discard === 'string' ? event.discard : undefined;
  });
  const forget = () => {
    message = discard = undefined;
  };
  return {
    /** Records a refusal of the move to `url` (`delta`: how far a traversal went or would have gone). */
    refused(url: string, delta: number) {
      refusal = { id: ++count, url, message, discard, navigation: shown.navigation.id, delta };
      forget();
      steps.notify();
    },
    /** Before a new move is planned: words heard earlier are not its own. */
    forget,
    latest: () => refusal,
    stop: () => words?.unsubscribe(),
  };
}

/**
 * beforeunload while the machine would refuse leaving (reload, closing the tab): the browser asks.
 * The machine would refuse leaving when a move to the not-found route, which every machine takes,
 * is not taken.
 */
function guardLeaving({ options: { actor, table, window: win } }: RouterStart) {
  const blocks = () => {
    const probe = routeEvent({ route: table.notFound, params: { [URL_PARAM]: '/' } });
    const [next] = transition(table.machine, actor.getSnapshot(), probe);
    return !isActive(table, next, table.notFound.node);
  };
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    // Asked only when the page is about to unload, not on every transition.
    if (!blocks()) return;
    event.preventDefault();
    // Chromium still wants returnValue set to show its own confirmation.
    event.returnValue = '';
  };
  win?.addEventListener('beforeunload', onBeforeUnload);
  return { blocks, stop: () => win?.removeEventListener('beforeunload', onBeforeUnload) };
}
