import { useEffect, useRef } from 'react';
import { useRouter } from './routing';
import type { Navigation } from '@statechart/core';
import { prune, readPositions, writePositions, type Positions } from './scrollPositions';

/**
 * What a navigation does for people after the new screen is committed, besides the title and the
 * announcement (the shell's own): after each navigation but the first, focus on the entered
 * screen's heading and the scroll position (top for a new entry, the remembered one for
 * Back/Forward). In-screen changes are not navigations and do none of this.
 *
 * Loaded after the first render (Shell.tsx), since none of it acts on the first screen but a
 * reload's scroll position: a navigation made before this module arrives is still focused and
 * scrolled when it mounts; only the first entry's scroll position is then not remembered.
 */
export function NavigationEffects({ navigation }: { navigation: Navigation }) {
  const { sync } = useRouter();
  const positions = useRef<Positions>({});
  const shown = useRef(navigation);

  useEffect(() => {
    positions.current = readPositions();
    const remember = () => {
      const { key, index } = shown.current;
      positions.current[key] = { index, y: window.scrollY };
    };
    const persist = () => writePositions(positions.current);
    // The leaving entry's position is taken when the router announces a navigation, before the
    // new screen is committed; from then on scroll events belong to the new entry. A shorter new
    // screen makes the browser clamp the scroll position, and the scroll event saying so comes a
    // frame later: it must not overwrite the leaving entry's position.
    const unsubscribe = sync.subscribe(() => {
      remember();
      shown.current = sync.getNavigation();
    });
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', persist);
    const saved = positions.current[shown.current.key];
    if (saved) window.scrollTo(0, saved.y);
    return () => {
      unsubscribe();
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', persist);
    };
  }, [sync]);

  useEffect(() => {
    shown.current = navigation;
    if (navigation.id === 0) return;
    prune(positions.current, navigation);
    if (navigation.kind === 'pop') window.scrollTo(0, positions.current[navigation.key]?.y ?? 0);
    else if (navigation.kind === 'push') window.scrollTo(0, 0);
    // A tool beside the app that sent the navigation (the inspector: `data-keeps-focus`) keeps
    // the focus; the screen still changes, with its title and announcement.
    if (document.activeElement?.closest('[data-keeps-focus]')) return;
    return focusHeading(navigation.entered);
    // Runs once per navigation: `navigation` is a new object only when the screens change.
  }, [navigation]);

  return null;
}

/**
 * Focuses the heading of the deepest entered screen that has one, else of the deepest screen
 * shown. A view still loading gets focus when its heading appears.
 */
function focusHeading(entered: string[]): (() => void) | undefined {
  const find = (): HTMLElement | null => {
    const all = [...document.querySelectorAll<HTMLElement>('main [data-screen-heading]')];
    for (const id of [...entered].reverse()) {
      const heading = all.find((element) => element.dataset.screenHeading === id);
      if (heading) return heading;
    }
    return all[all.length - 1] ?? null;
  };
  const focus = (heading: HTMLElement) => heading.focus({ preventScroll: true });
  const isEntered = (heading: HTMLElement) => entered.includes(heading.dataset.screenHeading ?? '');
  const heading = find();
  if (heading && (entered.length === 0 || isEntered(heading))) {
    focus(heading);
    return undefined;
  }
  // The entered screen's view may still be loading: wait for its heading, briefly.
  const observer = new MutationObserver(() => {
    const next = find();
    if (next && isEntered(next)) {
      observer.disconnect();
      focus(next);
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  const timeout = setTimeout(() => {
    observer.disconnect();
    const fallback = find();
    if (fallback) focus(fallback);
  }, 3000);
  return () => {
    observer.disconnect();
    clearTimeout(timeout);
  };
}
