import { useEffect, useRef } from 'react';
import type { Navigation } from '../routing/sync';

/** Scroll positions by history entry key, kept across reloads of the tab. */
const STORAGE_KEY = 'scroll-positions';

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * What a navigation does for people, after the new screen is committed: the title always; and,
 * after each navigation but the first, an announcement, focus on the entered screen's heading,
 * and the scroll position (top for a new entry, the remembered one for Back/Forward).
 * In-screen changes are not navigations and do none of this.
 */
export function useNavigationEffects(navigation: Navigation, title: string, announce: (title: string) => string) {
  const positions = useRef<Record<string, number>>({});
  const currentKey = useRef(navigation.key);

  useEffect(() => {
    positions.current = readPositions();
    const remember = () => {
      positions.current[currentKey.current] = window.scrollY;
    };
    const persist = () => sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current));
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', persist);
    const saved = positions.current[currentKey.current];
    if (saved) window.scrollTo(0, saved);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', persist);
    };
  }, []);

  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    currentKey.current = navigation.key;
    if (navigation.id === 0) return;
    if (navigation.kind === 'pop') window.scrollTo(0, positions.current[navigation.key] ?? 0);
    else if (navigation.kind === 'push') window.scrollTo(0, 0);
    return focusHeading(navigation.entered);
    // Runs once per navigation: `navigation` is a new object only when the screens change.
  }, [navigation]);

  // Titles change only with screens and path params, that is, with navigations.
  return navigation.id === 0 ? '' : announce(title);
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
