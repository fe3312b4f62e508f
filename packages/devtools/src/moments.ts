import { getMicrosteps, type AnyMachineSnapshot, type AnyStateNode, type EventObject, type StateValue } from 'xstate';
import { type RouteTable, href, locate } from '@statechart/core';
import { isBooting } from '@statechart/core/internal';
import type { StepMark } from './Diagram';
import type { LoggedEvent } from './eventLog';
import { routePath } from './graph';

/** What one event did to the states: from XState's microsteps, in document order. */
export interface StepExplained {
  exited: string[];
  /** Entered, re-entered ones included (they are in `exited` too). */
  entered: string[];
  /** Active before and after, never left in between. */
  kept: string[];
  microsteps: number;
}

const nodesOf = (snapshot: AnyMachineSnapshot): AnyStateNode[] =>
  // `_nodes` is the snapshot's active state nodes, internal but the only exact source (`value`
  // loses nothing for atomic states but says nothing about history and final nodes' identity).
  (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes;

/**
 * Replays the event on the snapshot before it, microstep by microstep, with XState's pure
 * `getMicrosteps` (no action runs, no actor starts): a state left in one microstep and entered in
 * a later one (a self-transition with `reenter`, an `always` back) shows as exited and entered.
 */
export function explainStep(before: AnyMachineSnapshot, event: EventObject): StepExplained {
  const steps = getMicrosteps(before.machine, before, event);
  const exited = new Set<AnyStateNode>();
  const entered = new Set<AnyStateNode>();
  let previous = new Set(nodesOf(before));
  steps.forEach(([snapshot], index) => {
    const next = new Set(nodesOf(snapshot as AnyMachineSnapshot));
    for (const node of previous) if (!next.has(node)) exited.add(node);
    for (const node of next) if (!previous.has(node)) entered.add(node);
    // A state left and entered again in one microstep is in both sets of nodes: the event's own
    // transitions with `reenter` say which (their source and what lies under it).
    if (index === 0) {
      for (const source of reenteredSources(before, event)) {
        for (const node of previous) if (isWithin(node, source)) exited.add(node);
        for (const node of next) if (isWithin(node, source)) entered.add(node);
      }
    }
    previous = next;
  });
  const byDocumentOrder = (nodes: Iterable<AnyStateNode>) =>
    [...nodes].sort((a, b) => a.order - b.order).map((node) => node.id);
  const kept = nodesOf(before).filter((node) => previous.has(node) && !exited.has(node));
  return {
    exited: byDocumentOrder(exited),
    entered: byDocumentOrder(entered),
    kept: byDocumentOrder(kept),
    microsteps: steps.length,
  };
}

function reenteredSources(before: AnyMachineSnapshot, event: EventObject): AnyStateNode[] {
  const taken = before.machine.getTransitionData(before, event) as {
    source: AnyStateNode;
    target?: readonly AnyStateNode[];
    reenter?: boolean;
  }[];
  return taken.filter((t) => t.reenter && (t.target?.length ?? 0) > 0).map((t) => t.source);
}

const isWithin = (node: AnyStateNode, ancestor: AnyStateNode): boolean => {
  for (let at: AnyStateNode | undefined = node; at; at = at.parent) if (at === ancestor) return true;
  return false;
};

/** Dotted paths of the context that differ between two moments (`record.values.name`). */
export function changedPaths(before: unknown, after: unknown, prefix = ''): string[] {
  if (Object.is(before, after)) return [];
  if (isRecord(before) && isRecord(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    const changed = [...keys].flatMap((key) =>
      changedPaths(before[key], after[key], prefix ? `${prefix}.${key}` : key),
    );
    return changed.length > 0 ? [prefix, ...changed].filter(Boolean) : [];
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [prefix];
}

/**
 * Plain objects only: a context may hold actor refs (`spawn` inside `assign`), whose fields lead to
 * the whole actor system; such a value is compared as a whole (by identity, then its JSON).
 */
const isRecord = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** The screen a moment shows: its URL and each URL part's route with its params. */
export interface RouteShown {
  url: string;
  routes: { id: string; path: string; params: Record<string, unknown>; search: Record<string, unknown> }[];
}

export function routeShown(table: RouteTable | null, snapshot: AnyMachineSnapshot): RouteShown | null {
  if (!table || isBooting(snapshot.value)) return null;
  try {
    return {
      url: href(table, snapshot),
      routes: locate(table, snapshot).map(({ route, params }) => ({
        id: route.id,
        path: routePath(route),
        params: pickDefined(params, Object.keys(route.params)),
        search: pickDefined(params, Object.keys(route.search)),
      })),
    };
  } catch {
    return null;
  }
}

const pickDefined = (params: Record<string, unknown>, names: string[]) =>
  Object.fromEntries(names.filter((name) => params[name] !== undefined).map((name) => [name, params[name]]));

/**
 * A path-test case, as packages/paths/src/cases.ts replays it (its `RecordedCase`): where the machine
 * starts (its `input`; a `url` to enter first, as the app does on a deep link), then each event
 * with its payload and the state value and URL expected after it.
 */
export interface CopiedCase {
  name: string;
  start: { input?: unknown; url?: string };
  steps: { event: { type: string; [key: string]: unknown }; value: StateValue; url?: string }[];
}

/**
 * The root's events from `from` (an entry of the log) to the newest as a case. From the start
 * (the root's init entry) the case starts where the app did; from a later entry it starts at the
 * URL shown before it, so only what the URL and `input` carry is restored (say so in the case).
 */
export function recordCase(entries: readonly LoggedEvent[], from: number, table: RouteTable | null): CopiedCase {
  const rootEntries = entries.filter((entry) => entry.root && entry.after);
  const init = rootEntries.find((entry) => entry.type === 'xstate.init');
  const start: CopiedCase['start'] = {};
  if (init && init.payload.input !== undefined) start.input = init.payload.input;
  const chosen = rootEntries.filter((entry) => entry.seq >= from && entry.type !== 'xstate.init');
  const first = chosen[0];
  const fromStart = !first || !first.before || isBooting(first.before.value);
  if (!fromStart && first.before && table) start.url = href(table, first.before);
  const steps = chosen.map((entry) => {
    const after = entry.after as AnyMachineSnapshot;
    const url = table && !isBooting(after.value) ? href(table, after) : undefined;
    return {
      event: { type: entry.type, ...plain(entry.payload) },
      value: after.value,
      ...(url !== undefined && { url }),
    };
  });
  const last = steps.at(-1);
  const name = `recorded ${fromStart ? 'from the start' : `from ${start.url ?? 'an entry'}`} to ${last?.url ?? JSON.stringify(last?.value ?? '')}`;
  return { name, start, steps };
}

/** JSON-safe (what a pasted case can hold): an Error keeps its message, functions are dropped. */
function plain(payload: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(payload, (_key, value: unknown) =>
      value instanceof Error ? { name: value.name, message: value.message } : value,
    ) ?? '{}',
  ) as Record<string, unknown>;
}

/** The event explained, or null when it cannot be (the start, or a guard that throws on replay). */
export function explainEntry(
  before: AnyMachineSnapshot | undefined,
  entry: { type: string; payload: object } | undefined,
) {
  if (!before || !entry) return null;
  try {
    return explainStep(before, { ...entry.payload, type: entry.type });
  } catch {
    // A guard that throws on replay (it read something live): the step is not explained.
    return null;
  }
}

/** Each state's part in the step, for the diagram. */
export function stepMarks(step: StepExplained): Map<string, StepMark> {
  const marks = new Map<string, StepMark>();
  for (const id of step.kept) marks.set(id, 'kept');
  for (const id of step.exited) marks.set(id, 'exited');
  for (const id of step.entered) marks.set(id, step.exited.includes(id) ? 'reentered' : 'entered');
  return marks;
}
