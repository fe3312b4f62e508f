import type { AnyMachineSnapshot, AnyStateNode, StateValue } from 'xstate';
import { URL_PARAM, type RouteMeta } from './routeMeta';
import type { RouteTable } from './table';

// What a snapshot shows: the state nodes it is in, its URL params, the screens and their titles.

/**
 * Values derived from a snapshot, kept while the snapshot lives: every link, the shell and the
 * router ask for the same few per snapshot, and a snapshot never changes.
 */
const derived = new WeakMap<RouteTable, WeakMap<AnyMachineSnapshot, Map<string, unknown>>>();
export function memo<T>(table: RouteTable, snapshot: AnyMachineSnapshot, name: string, compute: () => T): T {
  let bySnapshot = derived.get(table);
  if (!bySnapshot) derived.set(table, (bySnapshot = new WeakMap()));
  let values = bySnapshot.get(snapshot);
  if (!values) bySnapshot.set(snapshot, (values = new Map()));
  if (!values.has(name)) values.set(name, compute());
  return values.get(name) as T;
}

/** The URL params in a routed machine's context (RoutedContext: every routed machine has them). */
export function paramsOf(snapshot: AnyMachineSnapshot): Record<string, unknown> {
  return snapshot.context.params as Record<string, unknown>;
}

/** The state nodes a snapshot is in, parents before children, in document order. */
export function activeNodesOf(table: RouteTable, snapshot: AnyMachineSnapshot): AnyStateNode[] {
  return memo(table, snapshot, 'activeNodes', () => activeNodes(table.machine.root, snapshot.value));
}

/** The state nodes a state value is in, parents before children, in document order. */
export function activeNodes(root: AnyStateNode, value: StateValue): AnyStateNode[] {
  const nodes: AnyStateNode[] = [root];
  const walk = (node: AnyStateNode, at: StateValue) => {
    const keys = typeof at === 'string' ? [at] : Object.keys(at);
    for (const key of keys) {
      const child = node.states[key] as AnyStateNode | undefined;
      if (!child) continue;
      nodes.push(child);
      if (typeof at !== 'string') walk(child, (at as Record<string, StateValue>)[key] as StateValue);
    }
  };
  walk(root, value);
  return nodes;
}

/**
 * One screen shown: a state with a path and the path params it owns (not search params). `key`
 * encodes both unambiguously (JSON), for React keys and comparisons; never parsed back.
 */
export interface Screen {
  id: string;
  key: string;
}

/** The screens shown, parents before children. The same array for the same snapshot. */
export function screensOf(table: RouteTable, snapshot: AnyMachineSnapshot): Screen[] {
  return memo(table, snapshot, 'screens', () => screensNow(table, snapshot));
}

function screensNow(table: RouteTable, snapshot: AnyMachineSnapshot): Screen[] {
  const params = paramsOf(snapshot);
  return activeNodesOf(table, snapshot)
    .filter((node) => node.meta?.path !== undefined)
    .map((node) => {
      const route = table.routes.get(node.id);
      const own = route ? Object.keys(route.params).map((name) => params[name]) : [params[URL_PARAM]];
      return { id: node.id, key: JSON.stringify([node.id, ...own]) };
    });
}

/** Same screens, in the same order. */
export function sameScreens(a: readonly Screen[], b: readonly Screen[]): boolean {
  return a.length === b.length && a.every((screen, index) => screen.key === b[index]?.key);
}

/** The screens shown as one string: a React key, or a value to compare, that changes with any screen. */
export function screenKey(table: RouteTable, snapshot: AnyMachineSnapshot): string {
  return screensKey(screensOf(table, snapshot));
}

/** One key for a list of screens (a React key that changes when any screen does). */
export function screensKey(screens: readonly Screen[]): string {
  return JSON.stringify(screens.map((screen) => screen.key));
}

/** `'Item {id}'` → `'Item 3'`, from the params in context. */
function fillParams(title: string, snapshot: AnyMachineSnapshot): string {
  const params = paramsOf(snapshot);
  return title.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

/**
 * The titles of the screens shown, topmost first: each URL part's deepest titled state, the
 * search-keyed parts (overlays) before the pathname's.
 */
export function screenTitles(table: RouteTable, snapshot: AnyMachineSnapshot): string[] {
  const deepest = new Map<string | null, string>();
  for (const node of activeNodesOf(table, snapshot)) {
    const title = (node.meta as RouteMeta | undefined)?.title;
    // A title from data reads the snapshot (and falls back while loading); a string fills its {params}.
    const text = typeof title === 'function' ? title(snapshot) : title && fillParams(title, snapshot);
    if (text) deepest.set(table.regionOf.get(node) ?? null, text);
  }
  const main = deepest.get(null);
  deepest.delete(null);
  return [...[...deepest.values()].reverse(), ...(main ? [main] : [])];
}
