import { useEffect, useRef } from 'react';

/**
 * Focus after in-screen work (Retry, submit, and the like): the control that was pressed is often
 * disabled or unmounted by what it started, and the browser then drops the focus on <body>, where a
 * keyboard or screen-reader user has lost their place. So the work moves the focus on purpose:
 * into the region that shows its progress (`focusRegion`, before the work starts), then to its
 * result (`useFocusOnArrival`, on the element that shows it) if the focus is still in that region.
 * Navigation has its own rule (the shell focuses the entered screen's heading, never on the first
 * load); an element with role=alert or role=status is announced wherever the focus is.
 */

/** On an element that took the focus on arrival (useFocusOnArrival): a failure that says what went wrong. */
export const ARRIVED = 'data-focus-arrived';

/** Moves the focus to `element` without scrolling it away; for regions with tabIndex=-1. */
export function focusRegion(element: HTMLElement | null | undefined): void {
  element?.focus({ preventScroll: true });
}

/** The element the focus is in, or null when it is nowhere (on <body>). */
export function focusedElement(): Element | null {
  const active = document.activeElement;
  return active === document.body ? null : active;
}

/**
 * Focuses the element once, when it appears, if `take(focused, element)` says so: `focused` is
 * the element holding the focus then, null when the focus was lost to <body>.
 */
export function useFocusOnArrival<T extends HTMLElement>(take: (focused: Element | null, element: T) => boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (ref.current && take(focusedElement(), ref.current)) {
      focusRegion(ref.current);
      // The shell's focus after a navigation leaves it there (navigationEffects.ts).
      ref.current.setAttribute(ARRIVED, '');
    }
    // Once, on arrival: later renders are not work the person did.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ref;
}
