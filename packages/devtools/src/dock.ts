/**
 * Where the overlay sits: docked beside the app (the app's page is padded by the overlay's size,
 * so it reflows and nothing of it is covered) or below it. Below NARROW px wide the overlay docks
 * to the bottom whatever was chosen: beside a phone-width app there is no room for both.
 */
export type Side = 'right' | 'left' | 'bottom';

export interface Dock {
  side: Side;
  /** Width when docked to a side, height when at the bottom, in CSS px. */
  size: number;
  /**
   * Folded to a bar at the bottom (its header: the title, Expand and Close), the app given the
   * rest of the window: on a phone the overlay's least height would leave the app ~340 px.
   */
  collapsed?: boolean;
}

export interface WindowSize {
  width: number;
  height: number;
}

export const NARROW = 900;
export const STORAGE_KEY = 'statechart-inspector:dock';
/** What the app keeps at least, and the overlay at least, beside each other (px). */
const MIN_APP = 320;
const MIN_OVERLAY = 280;

/** The side actually used: the bottom on narrow windows. */
export const effectiveSide = (dock: Dock, win: WindowSize): Side => (win.width < NARROW ? 'bottom' : dock.side);

export function defaultDock(win: WindowSize): Dock {
  // 45% at 1,440 px leaves the app ~790 px: its header and a phone-width layout fit.
  return win.width < NARROW
    ? { side: 'right', size: Math.round(win.height * 0.6) }
    : { side: 'right', size: Math.round(win.width * 0.45) };
}

/** The size kept within the window, leaving the app and the overlay each a usable minimum. */
export function clampSize(size: number, side: Side, win: WindowSize): number {
  const total = side === 'bottom' ? win.height : win.width;
  const min = side === 'bottom' ? 160 : MIN_OVERLAY;
  const max = Math.max(min, total - (side === 'bottom' ? 160 : MIN_APP));
  return Math.round(Math.min(max, Math.max(min, size)));
}

/** The remembered dock (per browser: localStorage), or the default; storage may be disabled. */
export function loadDock(win: WindowSize, storage: Pick<Storage, 'getItem'> | null = safeStorage()): Dock {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null');
    if (isDock(raw)) return raw;
  } catch {
    // A malformed entry is replaced on the next change.
  }
  return defaultDock(win);
}

export function saveDock(dock: Dock, storage: Pick<Storage, 'setItem'> | null = safeStorage()): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(dock));
  } catch {
    // Storage full or disabled: the dock is only not remembered.
  }
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const isDock = (value: unknown): value is Dock =>
  typeof value === 'object' &&
  value !== null &&
  ['right', 'left', 'bottom'].includes((value as Dock).side) &&
  typeof (value as Dock).size === 'number' &&
  Number.isFinite((value as Dock).size) &&
  ['undefined', 'boolean'].includes(typeof (value as Dock).collapsed);

/**
 * Pads the page so the app reflows beside (or above) the overlay instead of under it. Returns
 * the function that restores the page. Padding the root element moves every in-flow and sticky
 * part of the app; an app with `position: fixed` parts would need them to honour the same padding.
 */
export function padPage(side: Side, size: number, root: HTMLElement = document.documentElement): () => void {
  const property = side === 'bottom' ? 'paddingBottom' : side === 'left' ? 'paddingLeft' : 'paddingRight';
  const previous = root.style[property];
  root.style[property] = `${size}px`;
  return () => {
    root.style[property] = previous;
  };
}
