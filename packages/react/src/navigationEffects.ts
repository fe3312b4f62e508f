import { useEffect, useRef } from 'react';
import { useRouter } from './routing';
import type { Navigation } from '@statechart/core';
import { prune, readPositions, writePositions, type Positions } from './scrollPositions';
import { VIEW_PENDING, type ViewRegistry } from './views';
import { ARRIVED } from './focus';
import { presentWithViewTransitions } from './viewTransitions';
import { waitForViewChunks } from './viewChunks';
import { shownOf } from './shown';
export { RefusalNotice } from './RefusalNotice';
export { HeaderMenu } from './headerMenu';

/**
 * What a navigation does for people after the new screen is committed, besides the title and the
 * announcement (the shell's own): after each navigation but the first, focus on the entered
 * screen's heading and the scroll position (top for a new entry, the remembered one for
 * Back/Forward). In-screen changes are not navigations and do none of this.
 *
 * Screen changes run as view transitions where the browser has them (viewTransitions.ts), and all
 * of this runs in the commit made inside the transition's update callback: as soon as the new
 * screen is in the DOM, not after the animation.
 *
 * Loaded after the first render (Shell.tsx), since none of it acts on the first screen but a
 * reload's scroll position: a navigation made before this module arrives is still focused and
 * scrolled when it mounts (not animated); only the first entry's scroll position is then not remembered.
 */
export function NavigationEffects({ navigation }: { navigation: Navigation }) {
  const router = useRouter();
  const { views } = router;
  const shown = shownOf(router);
  const positions = useRef<Positions>({});
  const current = useRef(navigation);
  // From a navigation's commit until its scroll position is set: scroll events then come from
  // the screen that left (the browser sends them a frame late) and belong to no entry.
  const settling = useRef(false);

  // The view transitions' presenter, wrapped by the wait for views' chunks (viewChunks.ts).
  useEffect(() => {
    const withoutTransitions = presentWithViewTransitions(router);
    const withoutWaits = waitForViewChunks(router);
    return () => {
      withoutWaits();
      withoutTransitions?.();
    };
  }, [router]);

  useEffect(() => {
    positions.current = readPositions();
    const remember = () => {
      if (settling.current) return;
      const { key, index } = current.current;
      positions.current[key] = { index, y: window.scrollY };
    };
    const persist = () => {
      prune(positions.current, current.current, true);
      writePositions(positions.current);
    };
    // The leaving entry's position is taken when the shown store commits a navigation, before
    // React renders the new screen: its listeners run first (in the view transition's flushSync, or
    // before the microtask React renders in). Not when the router announces it: a change held for
    // its view transition (or its views' chunks) still shows the old screen, whose scroll events
    // still belong to the leaving entry; and inside the transition's update callback, right after
    // the browser's capture, layout is clean, so reading `scrollY` forces none (read at the
    // announcement, it forced a style and layout pass on every Back: bench/navigationProfile.ts).
    // From then on scroll events belong to the new entry. A shorter new screen makes the browser
    // clamp the scroll position, and the scroll event saying so comes a frame later: it must not
    // overwrite the leaving entry's position, nor the entering entry's before it is restored (a
    // Back right after a scroll to the top: the top's late scroll event would be taken for the
    // position to restore).
    const unsubscribe = shown.listen(() => {
      const next = shown.getNavigation();
      if (next === current.current) return;
      remember();
      current.current = next;
      settling.current = true;
    });
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', persist);
    const saved = positions.current[current.current.key];
    if (saved) window.scrollTo(0, saved.y);
    return () => {
      unsubscribe();
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', persist);
    };
  }, [shown]);

  useEffect(() => {
    // A newer navigation already announced keeps its own settling until its own commit.
    if (navigation === shown.getNavigation()) settling.current = false;
    current.current = navigation;
    if (navigation.id === 0) return;
    prune(positions.current, navigation);
    if (navigation.kind === 'pop') window.scrollTo(0, positions.current[navigation.key]?.y ?? 0);
    else if (navigation.kind === 'push') window.scrollTo(0, 0);
    // A tool beside the app that sent the navigation (the inspector: `data-keeps-focus`) keeps
    // the focus; the screen still changes, with its title and announcement.
    if (document.activeElement?.closest('[data-keeps-focus]')) return;
    return focusHeading(navigation, views);
    // Runs once per navigation: `navigation` is a new object only when the screens change.
  }, [navigation, views, shown]);

  return null;
}

/**
 * Focuses the heading of the deepest entered screen that has one, at once. A view still loading
 * (its Suspense fallback shown) gets the focus when its heading appears; when no entered screen's
 * view has a heading, the deepest heading shown (else the main landmark) gets it at once, and a
 * development build names the views without one. After a new entry (not Back/Forward, whose scroll
 * position is the one remembered) a heading below the fold is scrolled into view: a detail shown
 * under its list on a phone.
 */
function focusHeading(navigation: Navigation, views: ViewRegistry): (() => void) | undefined {
  const { entered, kind } = navigation;
  const all = () => [...document.querySelectorAll<HTMLElement>('main [data-screen-heading]')];
  const enteredHeading = (): HTMLElement | undefined => {
    const headings = all();
    for (const id of [...entered].reverse()) {
      const heading = headings.find((element) => element.dataset.screenHeading === id);
      if (heading) return heading;
    }
    return undefined;
  };
  const loading = () => document.querySelector(`main [${VIEW_PENDING}]`) !== null;
  const focus = (target: HTMLElement) => {
    // What took the focus on arrival with the new screen (a call's failure, useFocusOnArrival) took it
    // on purpose, to say what went wrong: the heading does not take it back, whichever came first.
    if (document.activeElement?.closest(`main [${ARRIVED}]`)) return;
    target.focus({ preventScroll: true });
    if (kind === 'pop') return;
    const { top, bottom } = target.getBoundingClientRect();
    if (top < 0 || bottom > window.innerHeight) target.scrollIntoView({ block: 'start' });
  };
  const fallback = () => {
    const heading = all().at(-1);
    const shown = heading ?? document.getElementById('main');
    if (shown) focus(shown);
    if (process.env.NODE_ENV !== 'production') {
      const without = entered.filter((id) => id in views);
      if (without.length > 0)
        console.warn(
          `No <ScreenHeading> in the view of ${without.map((id) => `"${id}"`).join(', ')}: the focus went to ` +
            `${heading ? `"${heading.textContent}"` : 'the main landmark'} instead. Give the view a ` +
            '<ScreenHeading> (its level 2 or 3 under a parent that has one), so that a person who moved here hears where.',
        );
    }
  };
  const now = enteredHeading();
  if (now || entered.length === 0) {
    const target = now ?? all().at(-1);
    if (target) focus(target);
    return undefined;
  }
  if (!loading()) {
    fallback();
    return undefined;
  }
  // An entered view is still loading: its heading, or, once nothing loads, the fallback.
  const observer = new MutationObserver(() => {
    const next = enteredHeading();
    if (next) focus(next);
    else if (!loading()) fallback();
    else return;
    observer.disconnect();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}
