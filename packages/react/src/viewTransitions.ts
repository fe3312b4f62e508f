import { flushSync } from 'react-dom';
import type { AnyStateNode } from 'xstate';
import { sameScreens, screensOf, type Navigation } from '@statechart/core';
import type { Router } from './routing';
import { shownOf } from './shown';

/**
 * The `view-transition-name` of the screen that changes, while it changes: a product styles
 * `::view-transition-old(screen)`, `::view-transition-new(screen)` and `::view-transition-group(screen)`.
 */
const NAME = 'screen';

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
 * refused move (nothing changes), an in-screen change (a tab, a search param: no screen changes),
 * or `prefers-reduced-motion: reduce`.
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
  let named: HTMLElement[] = [];
  const name = (element: HTMLElement | undefined) => {
    if (!element) return;
    element.style.viewTransitionName = NAME;
    named.push(element);
  };
  const unname = () => {
    for (const element of named) element.style.viewTransitionName = '';
    named = [];
  };

  shown.present = {
    holds: (before) => !sameScreens(screensOf(table, actor.getSnapshot()), screensOf(table, before)),
    run(commit, before) {
      const from = shown.getNavigation();
      const navigation = sync.getNavigation();
      // The outlet that changes: the one showing the first entered screen with a view.
      const entered = navigation.entered.find(hasView);
      if (navigation === from || entered === undefined || matchMedia('(prefers-reduced-motion: reduce)').matches) {
        return commit();
      }
      const parent = viewAbove(nodeOf(entered));
      let level = 1;
      for (let at = viewAbove(nodeOf(entered)); at; at = viewAbove(nodeOf(at))) level++;
      const now = new Set(screensOf(table, actor.getSnapshot()).map((screen) => screen.key));
      const left = screensOf(table, before).find(
        (screen) => !now.has(screen.key) && hasView(screen.id) && viewAbove(nodeOf(screen.id)) === parent,
      );
      unname();
      if (left) name(screenElement(left.id, parent));
      try {
        const transition = document.startViewTransition({
          update() {
            flushSync(commit);
            unname();
            name(screenElement(entered, parent));
          },
          types: [direction(navigation, from), `level-${level}`],
        });
        // Skipped (a newer transition, a hidden page): the update still ran.
        transition.ready.catch(() => undefined);
        void transition.finished.then(unname, unname);
      } catch {
        // No types in this browser (`startViewTransition(callback)` only): a plain commit.
        unname();
        commit();
      }
    },
  };
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
