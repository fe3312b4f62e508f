import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, Snapshot } from 'xstate';
import { buildRouteTable, type RouteTable, href, hrefFor, URL_PARAM } from '@statechart/core';
import { activeNodes } from '@statechart/core/internal';
import { eventTypesOf, generatePaths, stateNodesOf, type GenerateOptions, type TestPath } from './graph';
import { historyPaths } from './history';
import { createControls, internalEvents, undeclaredOutcomes, type Outcome } from './internal';
import { isInternal } from './internalNames';
import type { SearchBound } from './search';
import type { RecordedCase } from './cases';

export type AnyEvent = { type: string; [key: string]: unknown };
/** Words to check: fixed, from the params, or from the snapshot (a title from data). */
export type Text = string | ((params: Record<string, unknown>, snapshot: AnyMachineSnapshot) => string);

/**
 * How a person sees that a state is showing. Every field given is checked at the DOM and
 * Chromium levels; the URL (== href(snapshot)) is checked for every state anyway.
 */
export interface StateAssertion {
  /** The accessible name of the state's main heading. */
  heading?: Text;
  /** A piece of document.title (titles join the screens shown with ' · '). */
  title?: Text;
  /** A toggle button shown pressed (a tab). */
  pressed?: string;
  /** A heading that must not be shown (a closed panel). */
  absentHeading?: string;
}

/**
 * How a user performs an event. `route`: click a link on screen whose href is the target's URL
 * (hrefFor), else type the URL. `report`: not a user action: the app itself sends it, as the
 * shell's error boundary does when a view throws.
 */
export type UserAction =
  | { do: 'route'; to: string; params: Record<string, unknown> }
  | { do: 'click'; role: 'button' | 'link'; name: string }
  | { do: 'type'; label: string; text: string }
  | { do: 'report'; event: AnyEvent };

export type Executor = (event: AnyEvent) => UserAction;

export interface MachineSpec {
  name: string;
  machine: AnyStateMachine;
  table: RouteTable;
  /** Payload samples for route params, by name: each routable state is routed to with the first. */
  params: Record<string, unknown[]>;
  /** Search params get one route event without them and one per sample value. */
  search: Record<string, unknown[]>;
  /** Domain events with real payloads. */
  events: AnyEvent[];
  /**
   * What the app gives the machine as `input` after a reload, from the state before it: the parts
   * kept in storage (a session's roles, a form draft), which the URL does not carry. None by default.
   */
  storedInput?: (snapshot: AnyMachineSnapshot) => unknown;
  /** Extra context that changes behaviour (the href and state value are always part of a state). */
  stateContext?: (snapshot: AnyMachineSnapshot) => unknown;
  executors: Record<string, Executor>;
  assertions: Record<string, StateAssertion>;
  /**
   * What the app does by itself when a state's view is shown, at the DOM and Chromium levels
   * (a view that throws sends view.failed). Such a state never shows, so it needs no assertion.
   */
  followUps?: Record<string, (snapshot: AnyMachineSnapshot, table: RouteTable) => AnyEvent>;
  /** URLs the random walk types: valid, unknown and malformed. */
  urls: string[];
  /**
   * Per invoked actor `src`, what it may answer: `{ output }` or `{ error }`. Each becomes a
   * sample of XState's done/error event for every state invoking it; tests settle the actor on
   * demand (provided implementation), never by sending XState's event names.
   */
  outcomes?: Record<string, Outcome[]>;
  /**
   * Transitions (by their label in the coverage table) or states (`#id`) that cannot be taken or
   * reached, each with the reason: printed in the coverage table and written to coverage.json.
   */
  exclusions?: Record<string, string>;
  /**
   * Per state id, when its links may be refused (the machine stays, the URL is restored) and why:
   * at the DOM level every link on every screen reached must land where its URL names, or be
   * refused here.
   */
  refusals?: Record<string, { when: (snapshot: AnyMachineSnapshot) => boolean; reason: string }>;
  /** For the header of the table and the names of the tests. */
  productName: string;
  /** Explorations recorded in the statechart overlay (Copy as test), replayed by cases.test.ts. */
  cases?: RecordedCase[];
  /** The machine's `input`, as createApp takes it: every level starts the machine with it. */
  input?: unknown;
  /**
   * A persisted snapshot to start from (`actor.getPersistedSnapshot()`), as createApp takes it:
   * the search starts there and the machine and DOM levels restore it.
   */
  snapshot?: Snapshot<unknown>;
  /**
   * How many distinct states the generator's search explores before it stops (default 5000):
   * what it could not reach then is named, with the budget as the reason.
   */
  stateBudget?: number;
  /**
   * What matters for coverage, when the machine has more states than the budget (a game's
   * boards): the search explores at most `samples` states for each value `by` returns (say,
   * whether someone won and how many cells are filled). Unlike `stateContext`, states are still
   * told apart by all of their context, so what the walks check is unchanged.
   */
  searchBound?: SearchBound;
}

/** A route event to every routable state, with sample params, and with each search param variant. */
export function routeEvents(spec: Pick<MachineSpec, 'table' | 'params' | 'search'>): AnyEvent[] {
  const events: AnyEvent[] = [];
  for (const route of spec.table.routes.values()) {
    const base: Record<string, unknown> = {};
    for (const name of Object.keys(route.params)) base[name] = sample(spec.params, name, route.id);
    if (route.keepsUrl) base[URL_PARAM] = sample(spec.params, URL_PARAM, route.id);
    const names = Object.keys(route.search);
    const withoutSearch = { ...base, ...Object.fromEntries(names.map((name) => [name, undefined])) };
    events.push({ type: 'xstate.route', to: `#${route.id}`, params: withoutSearch });
    for (const name of names) {
      for (const value of spec.search[name] ?? []) {
        events.push({ type: 'xstate.route', to: `#${route.id}`, params: { ...withoutSearch, [name]: value } });
      }
    }
  }
  return events;
}

function sample(params: Record<string, unknown[]>, name: string, id: string): unknown {
  const values = params[name];
  if (!values?.length) throw new Error(`No sample value for param "${name}" of #${id}: add it to the spec's params`);
  return values[0];
}

export function generateOptions(spec: MachineSpec): GenerateOptions {
  return {
    events: [...routeEvents(spec), ...spec.events, ...internalEvents(spec.machine, spec.outcomes ?? {})],
    live: spec.machine.provide(createControls(spec.machine, spec.outcomes ?? {}).provide),
    serializeState: (snapshot) =>
      JSON.stringify([snapshot.value, href(spec.table, snapshot), spec.stateContext?.(snapshot)]),
    describeState: (snapshot) => describeState(spec.table, snapshot),
    global: (event) => event.type === 'xstate.route',
    // A route to the URL shown is sent by no link and no typed URL: take a transition by a URL
    // change when one does, so the same path works at every level.
    prefer: (snapshot, event) =>
      event.type !== 'xstate.route' ||
      hrefFor(spec.table, snapshot, String(event.to), event.params as Record<string, unknown>) !==
        href(spec.table, snapshot),
  };
}

/**
 * The older suite: shortest paths (routes from the initial state only), one per transition they
 * miss, one per history state. Kept for the opt-in pair coverage, the gate's own tests and
 * bench/paths.bench.ts; the three levels run generator/cover.ts's covering walks.
 */
export function pathsOf(spec: MachineSpec, options: GenerateOptions = generateOptions(spec)): TestPath[] {
  const paths = generatePaths(spec.machine, options);
  return options.traversal === 'simple' ? paths : [...paths, ...historyPaths(spec.machine, options, paths)];
}

/** `/section/3 (section.item.notes, overlay.closed)`: the URL and the active leaves. */
export function describeState(table: RouteTable, snapshot: AnyMachineSnapshot): string {
  const leaves = activeNodes(table.machine.root, snapshot.value)
    .filter((node) => node.type === 'atomic')
    .map((node) => node.path.filter((key: string) => key !== 'app' && key !== 'main').join('.'));
  return `${href(table, snapshot)} (${leaves.join(', ')})`;
}

/** A state that leaves at once by an unguarded `always` (a redirect) never shows. */
export function isTransient(node: AnyStateNode): boolean {
  return (node.always ?? []).some((transition) => !transition.guard && transition.target?.length);
}

/** A final state its parent's unguarded onDone leaves at once never shows either. */
export function isLeftAtOnce(node: AnyStateNode): boolean {
  const parent = node.parent;
  if (node.type !== 'final' || !parent || parent.type === 'parallel') return false;
  const done = (parent.transitions.get(`xstate.done.state.${parent.id}`) ?? []) as Array<{
    guard?: unknown;
    target?: unknown[];
  }>;
  return done.some((transition) => !transition.guard && Boolean(transition.target?.length));
}

/**
 * The final state above a node, if any: XState never enters a final state's children (written
 * below one, they are never active), even when a transition targets one of them.
 */
export function finalAbove(node: AnyStateNode): AnyStateNode | undefined {
  for (let at = node.parent; at; at = at.parent) if (at.type === 'final') return at;
  return undefined;
}

/** The states a person can see: atomic or routable, not transient, not replaced by a follow-up. */
export function statesNeedingAssertion(spec: MachineSpec): AnyStateNode[] {
  return stateNodesOf(spec.machine).filter(
    (node) =>
      (node.type === 'atomic' || node.type === 'final' || Boolean(node.config.route)) &&
      !isTransient(node) &&
      !isLeftAtOnce(node) &&
      !finalAbove(node) &&
      !spec.followUps?.[node.id],
  );
}

/**
 * Whether an event of `type` is one a transition on `descriptor` takes, as XState matches them:
 * the same type, `*` (every event), or a partial wildcard (`window.*`: `window.focus`, `window.a.b`).
 */
export function matchesDescriptor(descriptor: string, type: string): boolean {
  if (descriptor === type || descriptor === '*') return true;
  return descriptor.endsWith('.*') && type.startsWith(descriptor.slice(0, -1));
}

/** The spec's sample events a transition on `descriptor` takes (for a wildcard, every sample under it). */
export const samplesFor = (spec: MachineSpec, descriptor: string): AnyEvent[] =>
  spec.events.filter((sample) => matchesDescriptor(descriptor, sample.type));

/**
 * What an event type of the machine lacks: an executor (a person's action) for itself, or for a
 * wildcard (`window.*`), a sample under it and an executor for each sample (the replay performs
 * the samples, each by its own type).
 */
function missingExecutors(spec: MachineSpec, type: string): string[] {
  if (spec.executors[type] || isInternal(type)) return [];
  if (!type.endsWith('*'))
    return [
      `event "${type}" has no executor: add executors['${type}'] to the spec (what a person does, e.g. ` +
        `() => ({ do: 'click', role: 'button', name: '…' })), and a sample with its payload to events if it has one`,
    ];
  const samples = samplesFor(spec, type).filter((sample) => !isInternal(sample.type));
  if (!samples.length)
    return [`event "${type}" has no sample under it: add one to the spec's events (${type.replace('*', 'something')})`];
  return samples
    .filter((sample) => !spec.executors[sample.type])
    .map((sample) => `event "${sample.type}" (taken by "${type}") has no executor`);
}

/** Fails, naming the culprits, when an event has no executor or a state has no assertion. */
export function checkMaps(spec: MachineSpec): void {
  const problems = [
    ...undeclaredOutcomes(spec.machine, spec.outcomes ?? {}),
    ...[...new Set(eventTypesOf(spec.machine).flatMap((type) => missingExecutors(spec, type)))],
    ...statesNeedingAssertion(spec)
      .filter((node) => !spec.assertions[node.id])
      .map(
        (node) =>
          `state #${node.id} has no assertion: add assertions['${node.id}'] to the spec (how a person sees it: ` +
          `{ heading, title }, or absentHeading)`,
      ),
  ];
  if (problems.length) throw new Error(`Path tests of ${spec.name} cannot run:\n  ${problems.join('\n  ')}`);
}

export function makeSpec(spec: Omit<MachineSpec, 'table'> & { table?: RouteTable }): MachineSpec {
  return { ...spec, table: spec.table ?? buildRouteTable(spec.machine) };
}

/** `Text` → string, from the snapshot's params. */
export function textOf(text: Text, snapshot: AnyMachineSnapshot): string {
  return typeof text === 'function' ? text(snapshot.context.params as Record<string, unknown>, snapshot) : text;
}

/** The executor every routed machine uses for xstate.route. */
export const routeExecutor: Executor = (event) => ({
  do: 'route',
  to: String(event.to),
  params: (event.params as Record<string, unknown> | undefined) ?? {},
});
