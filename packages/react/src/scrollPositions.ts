import type { Navigation } from '@statechart/core';

/** Scroll positions by history entry key, kept across reloads of the tab. */
const STORAGE_KEY = 'scroll-positions';

/** A remembered scroll position and the position of its entry in the session history. */
export interface Position {
  index: number;
  y: number;
}
export type Positions = Record<string, Position>;

export function readPositions(): Positions {
  try {
    const stored: unknown = JSON.parse(storage().getItem(STORAGE_KEY) ?? '{}');
    if (!stored || typeof stored !== 'object') return {};
    const positions: Positions = {};
    for (const [key, value] of Object.entries(stored)) {
      if (value && typeof value === 'object' && typeof value.index === 'number' && typeof value.y === 'number') {
        positions[key] = { index: value.index, y: value.y };
      }
    }
    return positions;
  } catch {
    // Storage disabled, or not ours: start without remembered positions.
    return {};
  }
}

export function writePositions(positions: Positions) {
  try {
    storage().setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Storage full or disabled: positions are a convenience, lost with the tab's reload only.
  }
}

/**
 * Positions kept before the entries the history lists are asked for again: `navigation.entries()`
 * makes an object per entry (~0.08 ms at Chromium's 50, measured in Chromium 156), too much for
 * every navigation, while a position left over is harmless until then (entry keys are never reused).
 */
const LISTED_SLACK = 64;

/**
 * Keeps only the positions of entries that can still be reached: those the history lists, where it
 * can (the Navigation API), once more are kept than the slack (or always, with `now`: before they
 * are stored); else by position: a new entry (push) drops every entry after it, and the browser
 * keeps `reach` entries at most.
 */
export function prune(positions: Positions, navigation: Navigation, now = false) {
  if (navigation.reachable) {
    if (!now && Object.keys(positions).length <= LISTED_SLACK) return;
    const listed = new Set(navigation.reachable());
    for (const key of Object.keys(positions)) if (!listed.has(key)) delete positions[key];
    return;
  }
  const lowest = navigation.index - navigation.reach + 1;
  for (const [key, position] of Object.entries(positions)) {
    const dropped =
      (navigation.kind === 'push' && position.index >= navigation.index && key !== navigation.key) ||
      position.index < lowest;
    if (dropped) delete positions[key];
  }
}

/** The tab's sessionStorage; reading the property itself throws where storage is disabled. */
function storage(): Storage {
  return window.sessionStorage;
}
