import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { clampSize, effectiveSide, loadDock, padPage, saveDock, type Dock, type Side, type WindowSize } from './dock';

const windowSize = (): WindowSize => ({ width: window.innerWidth, height: window.innerHeight });

/**
 * The overlay's dock, for the dialog `dialogRef` is given to. Collapsed, the overlay is its header:
 * the page is padded by the dialog's measured height then.
 */
export function useDialogDock() {
  const [barHeight, setBarHeight] = useState(0);
  const dock = useDock(barHeight);
  const dialogRef = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dock.collapsed || !dialog) return;
    const measure = () => setBarHeight(Math.ceil(dialog.getBoundingClientRect().height));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(dialog);
    return () => observer.disconnect();
  }, [dock.collapsed]);
  return { dock, dialogRef };
}

export type DockState = ReturnType<typeof useDock>;

/**
 * The overlay's dock: remembered per browser, kept within the window, the page padded to match.
 * Collapsed, it is a bar at the bottom whatever the side, `barHeight` high (measured by the overlay).
 */
function useDock(barHeight = 0) {
  const [win, setWin] = useState(windowSize);
  const [dock, setDock] = useState<Dock>(() => loadDock(windowSize()));
  useEffect(() => {
    const onResize = () => setWin(windowSize());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const side = effectiveSide(dock, win);
  // The bottom dock's size is a height; a side dock's a width: each remembered on its own.
  const stored = side === 'bottom' && dock.side !== 'bottom' ? Math.round(win.height * 0.6) : dock.size;
  const size = clampSize(stored, side, win);
  const collapsed = dock.collapsed === true;
  // Before paint: the app reflows in the same frame the overlay appears (or folds).
  useLayoutEffect(
    () => (collapsed ? padPage('bottom', barHeight) : padPage(side, size)),
    [collapsed, barHeight, side, size],
  );
  const update = (next: Dock) => {
    setDock(next);
    saveDock(next);
  };
  return {
    side,
    size,
    collapsed,
    setCollapsed: (next: boolean) => update({ ...dock, collapsed: next }),
    chosenSide: dock.side,
    narrow: side !== dock.side,
    setSide: (next: Side) =>
      update({
        ...dock,
        side: next,
        size:
          next === 'bottom'
            ? Math.round(win.height * 0.6)
            : dock.side === 'bottom'
              ? Math.round(win.width * 0.45)
              : dock.size,
      }),
    // Resized on a narrow window: the bottom dock is what was in effect, and is what is kept.
    setSize: (next: number) => update({ ...dock, side, size: clampSize(next, side, win) }),
    limits: { min: clampSize(0, side, win), max: clampSize(Number.MAX_SAFE_INTEGER, side, win) },
  };
}

interface ResizeHandleProps {
  side: Side;
  size: number;
  limits: { min: number; max: number };
  onResize: (size: number) => void;
}

/** The overlay's inner edge: drag it, or focus it and use the arrows (Shift: bigger steps), Home, End. */
export function ResizeHandle({ side, size, limits, onResize }: ResizeHandleProps) {
  const start = useRef<{ pointer: number; size: number } | null>(null);
  const horizontal = side === 'bottom';
  const position = (event: PointerEvent) => (horizontal ? event.clientY : event.clientX);
  // Dragging towards the app grows the overlay: left for a right dock, right for a left one, up for the bottom.
  const direction = side === 'left' ? 1 : -1;
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    start.current = { pointer: position(event), size };
  };
  const onPointerMove = (event: PointerEvent) => {
    if (!start.current) return;
    onResize(start.current.size + direction * (position(event) - start.current.pointer));
  };
  const onPointerUp = () => {
    start.current = null;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.shiftKey ? 80 : 16;
    const grow = horizontal ? 'ArrowUp' : side === 'left' ? 'ArrowRight' : 'ArrowLeft';
    const shrink = horizontal ? 'ArrowDown' : side === 'left' ? 'ArrowLeft' : 'ArrowRight';
    if (event.key === grow) onResize(size + step);
    else if (event.key === shrink) onResize(size - step);
    else if (event.key === 'Home') onResize(limits.min);
    else if (event.key === 'End') onResize(limits.max);
    else return;
    event.preventDefault();
  };
  return (
    // A focusable separator is a widget (WAI-ARIA window splitter): it takes arrows and Home/End.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      className={`sc-resize sc-resize-${side}`}
      role="separator"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      aria-label="Resize the statechart inspector"
      aria-orientation={horizontal ? 'horizontal' : 'vertical'}
      aria-valuenow={size}
      aria-valuemin={limits.min}
      aria-valuemax={limits.max}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
    />
  );
}
