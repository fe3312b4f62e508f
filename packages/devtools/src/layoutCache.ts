import type { MachineGraph } from './graph';
import { layoutGraph, type LayoutOptions, type Scene } from './layout';

/**
 * Layouts kept by the machine's definition: reopening the overlay, toggling "Every route
 * transition" back, or reloading the page with the same machine shows the diagram at once
 * instead of laying it out again (seconds for a big machine in a cold worker). Kept in memory for
 * the page, and per machine id in localStorage (one entry per machine, replaced when the
 * definition changes), so an edit to the machine is never shown with an old layout.
 */
export interface LayoutStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Bump when layout.ts changes what a given graph lays out to: stored layouts of older code are then ignored. */
export const LAYOUT_VERSION = 2;
export const LAYOUT_STORAGE_PREFIX = 'statechart-inspector:layout:';

const memory = new Map<string, Promise<Scene>>();

export async function cachedLayout(
  graph: MachineGraph,
  options: LayoutOptions = {},
  storage: LayoutStorage | null = browserStorage(),
): Promise<Scene> {
  const key = layoutKey(graph, options);
  const kept = memory.get(key);
  if (kept) return kept;
  const storageKey = `${LAYOUT_STORAGE_PREFIX}${graph.machineId}:${options.routes ?? 'grouped'}`;
  const stored = read(storage, storageKey, key);
  if (stored) {
    memory.set(key, Promise.resolve(stored));
    return stored;
  }
  const pending = layoutGraph(graph, options);
  memory.set(key, pending);
  try {
    const scene = await pending;
    // After the diagram is drawn: serialising a big scene takes tens of milliseconds.
    setTimeout(() => write(storage, storageKey, key, scene), 0);
    return scene;
  } catch (error) {
    memory.delete(key);
    throw error;
  }
}

/** The definition as drawn (every state and transition), the options that change the drawing, and the code's version. */
export function layoutKey(graph: MachineGraph, options: LayoutOptions): string {
  const text = JSON.stringify([
    LAYOUT_VERSION,
    options.routes ?? 'grouped',
    graph.root,
    graph.states,
    graph.transitions,
  ]);
  return `${text.length}:${hash(text)}`;
}

/** FNV-1a, 32 bits: with the length, enough to tell one definition from its edit. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

function read(storage: LayoutStorage | null, storageKey: string, key: string): Scene | null {
  try {
    const entry = JSON.parse(storage?.getItem(storageKey) ?? 'null') as { key: string; scene: Scene } | null;
    return entry?.key === key ? entry.scene : null;
  } catch {
    return null;
  }
}

function write(storage: LayoutStorage | null, storageKey: string, key: string, scene: Scene) {
  try {
    storage?.setItem(storageKey, JSON.stringify({ key, scene }));
  } catch {
    // Storage full or disabled: the layout is only not kept past this page.
  }
}

function browserStorage(): LayoutStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
