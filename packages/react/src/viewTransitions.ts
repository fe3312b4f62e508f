import { flushSync } from 'react-dom';
import type { AnyMachineSnapshot, AnyStateNode } from 'xstate';
import { screensOf, type Navigation, type RouteMeta } from '@statechart/core';
import { activeNodesOf, sameScreens } from '@statechart/core/internal';
import type { Router } from './routing';
import { shownOf } from './shown';

/**
 * The `view-transition-name` of the screen that changes, while it changes: a product styles
 * `::view-transition-old(screen)`, `::view-transition-new(screen)` and `::view-transition-group(screen)`.
 */
const NAME = 'screen';
/** The attribute on the new screen's element while its transition runs (styles.css animates it). */
const ENTERING = 'data-screen-entering';

/**
 * Screen changes as view transitions, where the browser has them (`document.startViewTransition`
 * with types): installed by the navigation effects (this chunk is never in the first load), it
 * makes the shown store (shown.ts) hold each screen change until the browser has captured the old
 * screen, then commits it inside the transition's update callback with flushSync, so that the
 * title, the announcement, the focus and the scroll (effects of that commit) follow the new screen
 * as soon as it is in the DOM, not after the animation.
 *
 * Only the outlet whose screen changes is named (`screen`: the old screen's element before, the
 * new one's after), and the stylesheet keeps the page root out (`:root { view-transition-name:
 * none }`): a parent that stays, the header, the footer and parallel regions that do not change
 * are not captured and do not move. Types say the move: `forward` (a new entry, or Forward),
 * `back` (a traversal to an earlier entry), `replace`, and `level-N`, the depth of the outlet that
 * changes (1: the shell's, 2: a screen's inside a top-level screen). None for the first screen, a
 * refused move (nothing changes), an in-screen change (a tab, a search param: no screen changes)
 * unless the state it enters asks (`meta.viewTransition`, then `in-screen`), or
 * `prefers-reduced-motion: reduce`.
 *
 * Returns the uninstall, or undefined where the browser has no view transitions.
 */
export function presentWithViewTransitions(router: Router): (() => void) | undefined {
  if (typeof document.startViewTransition !== 'function') return undefined;
  const shown = shownOf(router);
  const { actor, sync, table, views } = router;
  const hasView = (id: string) => id in views;
  // The nearest state above `node` with a view of its own: the view whose outlet shows it.
  const viewAbove = (node: AnyStateNode | undefined): string | undefined => {
    for (let at = node?.parent; at; at = at.parent) if (hasView(at.id)) return at.id;
    return undefined;
  };
  const nodeOf = (id: string) => table.routes.get(id)?.node;
  // How many views there are from the view `id` up to the shell: the depth of its outlet's level.
  const viewsFrom = (id: string | undefined): number => {
    let count = 0;
    for (let at = id; at; at = viewAbove(nodeOf(at))) count++;
    return count;
  };
  let named: HTMLElement[] = [];
  const name = (element: HTMLElement | undefined) => {
    if (!element) return;
    element.style.viewTransitionName = NAME;
    named.push(element);
  };
  let entering: HTMLElement | undefined;
  const unname = () => {
    for (const element of named) element.style.viewTransitionName = '';
    named = [];
    entering?.removeAttribute(ENTERING);
    entering = undefined;
  };
  // The new screen is never captured, only marked: a captured element is not hit-tested while its
  // transition runs (Chromium sends a click there to the element around it), so a person's click
  // on the new screen right after a move would be lost. It stays live and enters by a CSS
  // animation of its own (styles.css), under the old screen's picture that fades out.
  const enter = (element: HTMLElement | undefined) => {
    entering = element;
    element?.setAttribute(ENTERING, '');
  };

  // A state entered in place that asks for a transition (`meta.viewTransition`), if any.
  const askedIn = (before: AnyMachineSnapshot): AnyStateNode | undefined => {
    const was = new Set(activeNodesOf(table, before));
    return activeNodesOf(table, actor.getSnapshot()).find(
      (node) => !was.has(node) && (node.meta as RouteMeta | undefined)?.viewTransition === true,
    );
  };
  const changesScreens = (before: AnyMachineSnapshot) =>
    !sameScreens(screensOf(table, actor.getSnapshot()), screensOf(table, before));
  // One query, read live (`matches` follows the preference): a new one per navigation was a
  // media query evaluated in every move's task. With reduced motion nothing is held: the change is
  // committed as it comes, as where there are no view transitions, not a microtask later.
  const motion = matchMedia('(prefers-reduced-motion: reduce)');

  shown.present = {
    holds: (before) => !motion.matches && (changesScreens(before) || askedIn(before) !== undefined),
    run(commit, before) {
      const from = shown.getNavigation();
      const navigation = sync.getNavigation();
      // The preference may have changed since `holds`.
      if (motion.matches) return commit();
      if (!changesScreens(before))
        return inScreen(commit, before, navigation === from ? [] : [direction(navigation, from)]);
      // The outlet that changes: the one showing the first entered screen with a view.
      const entered = navigation.entered.find(hasView);
      if (navigation === from || entered === undefined) return commit();
      const parent = viewAbove(nodeOf(entered));
      const level = 1 + viewsFrom(viewAbove(nodeOf(entered)));
      const now = new Set(screensOf(table, actor.getSnapshot()).map((screen) => screen.key));
      const left = screensOf(table, before).find(
        (screen) => !now.has(screen.key) && hasView(screen.id) && viewAbove(nodeOf(screen.id)) === parent,
      );
      transition(
        commit,
        () => (left ? screenElement(left.id, parent) : undefined),
        () => screenElement(entered, parent),
        [direction(navigation, from), `level-${level}`],
      );
    },
  };
  /**
   * An in-screen change that a state asked to animate: the screen around that state (the nearest
   * view above it; the main landmark when none) is named before the capture and again after the
   * commit, so that it cross-fades in place. Types: the move's direction where it was a navigation,
   * `in-screen`, and the level of that screen's outlet.
   */
  function inScreen(commit: () => void, before: AnyMachineSnapshot, move: string[]) {
    const asking = askedIn(before);
    if (!asking) return commit();
    const screen = viewAbove(asking);
    const level = viewsFrom(screen);
    const element = () =>
      screen === undefined
        ? (document.querySelector('main') ?? undefined)
        : screenElement(screen, viewAbove(nodeOf(screen)));
    transition(commit, element, element, [...move, 'in-screen', `level-${level}`]);
  }

  /** Names `before()`'s element, runs the transition, and marks `after()`'s as entering once committed. */
  function transition(
    commit: () => void,
    before: () => HTMLElement | undefined,
    after: () => HTMLElement | undefined,
    types: string[],
  ) {
    unname();
    name(before());
    try {
      const running = document.startViewTransition({
        update() {
          flushSync(commit);
          unname();
          enter(after());
        },
        types,
      });
      // Skipped (a newer transition, a hidden page): the update still ran.
      running.ready.catch(() => undefined);
      void running.finished.then(unname, unname);
    } catch {
      // No types in this browser (`startViewTransition(callback)` only): a plain commit.
      unname();
      commit();
    }
  }

  return () => {
    shown.present = undefined;
  };
}

function direction(navigation: Navigation, from: Navigation): string {
  if (navigation.kind === 'replace') return 'replace';
  return navigation.kind === 'pop' && navigation.index < from.index ? 'back' : 'forward';
}

/**
 * The element of the screen `id` shown in the outlet of the view `parent` (none: the shell's):
 * found from its ScreenHeading, as the highest element around that heading that does not hold the
 * parent's heading (the shell's main landmark at the top).
 */
function screenElement(id: string, parent: string | undefined): HTMLElement | undefined {
  const headingOf = (of: string) =>
    document.querySelector<HTMLElement>(`main [data-screen-heading="${CSS.escape(of)}"]`);
  const heading = headingOf(id);
  const above = parent === undefined ? heading?.closest('main') : headingOf(parent);
  if (!heading || !above) return undefined;
  let element = heading;
  while (element.parentElement && !element.parentElement.contains(above)) element = element.parentElement;
  return element;
}
