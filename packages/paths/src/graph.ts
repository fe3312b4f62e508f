import {
  createActor,
  getInitialSnapshot,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type StateValue,
} from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { routeTargetOf } from '@statechart/core';
import { activeNodes } from '@statechart/core/internal';
import { describeInternal, isDoneState } from './internalNames';
import type { AnyEvent } from './spec';

/**
 * One of the machine's own transition definitions: an `on` entry (each candidate of an array
 * counts, with its guard), an `always`, an `after` or a done entry, or one of the route
 * transitions routed() and XState generate. Keyed by source, event and position, which is
 * stable for a given machine and readable in the browser too.
 */
export interface TransitionDef {
  key: string;
  source: AnyStateNode;
  eventType: string;
  /** Ids of the target states; empty for a targetless (in-place or refusing) transition. */
  targets: string[];
  /** For route transitions: the `#id` the route guard accepts. */
  routeTo?: string;
  label: string;
}

/**
 * Every state node but the root, which is always active, and history pseudo-states, which are
 * never active: a history state is covered by re-entering through it (see history.ts).
 */
export function stateNodesOf(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      if (child.type !== 'history') nodes.push(child);
      walk(child);
    }
  };
  walk(machine.root);
  return nodes;
}

export interface TransitionLike {
  source: AnyStateNode;
  eventType: string;
  target?: readonly AnyStateNode[];
  guard?: unknown;
}

/** The key of a transition object as XState holds it (also what inspection events carry). */
export function transitionKey(transition: TransitionLike): string {
  const { source, eventType } = transition;
  const always = (source.always ?? []) as unknown[];
  if (always.includes(transition)) return `${source.id}|always|${always.indexOf(transition)}`;
  const list = (source.transitions.get(eventType) ?? []) as unknown[];
  return `${source.id}|${eventType}|${list.indexOf(transition)}`;
}

function guardName(guard: unknown): string | undefined {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && typeof (guard as { type?: unknown }).type === 'string') {
    return (guard as { type: string }).type;
  }
  return undefined;
}

function describe(source: AnyStateNode, eventType: string, transition: TransitionLike): TransitionDef {
  const targets = (transition.target ?? []).map((node) => node.id);
  const routeTo = eventType === 'xstate.route' ? (routeTargetOf(source, transition) ?? undefined) : undefined;
  const guard = routeTo ? undefined : guardName(transition.guard);
  const event = routeTo ? `route ${routeTo}` : eventType === '' ? 'always' : eventType;
  const where = targets.length ? `→ ${targets.map((id) => `#${id}`).join(', ')}` : '(in place)';
  const scope = source.parent ? '' : ' (root)';
  return {
    key: transitionKey(transition),
    source,
    eventType,
    targets,
    routeTo,
    label: `#${source.id}${scope} on ${event}${guard ? ` [${guard}]` : ''} ${where}`,
  };
}

/** Every transition definition of the machine, in document order. */
export function transitionDefinitions(machine: AnyStateMachine): TransitionDef[] {
  const defs: TransitionDef[] = [];
  const walk = (node: AnyStateNode) => {
    for (const [eventType, list] of node.transitions) {
      for (const transition of list) defs.push(describe(node, eventType, transition as TransitionLike));
    }
    for (const transition of node.always ?? []) defs.push(describe(node, '', transition as TransitionLike));
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
  };
  walk(machine.root);
  return defs;
}

/** The event types a machine handles, route and domain, without eventless ones. */
export function eventTypesOf(machine: AnyStateMachine): string[] {
  const types = new Set<string>();
  for (const def of transitionDefinitions(machine)) if (def.eventType !== '') types.add(def.eventType);
  return [...types];
}

/** What a replay saw: transition definitions taken and states entered, by key and id. */
export interface Seen {
  transitions: Set<string>;
  states: Set<string>;
  /** History states whose restore a replay checked. */
  histories: Set<string>;
}

export const emptySeen = (): Seen => ({ transitions: new Set(), states: new Set(), histories: new Set() });

export function seeSnapshot(seen: Seen, machine: AnyStateMachine, snapshot: { value: StateValue }) {
  for (const node of activeNodes(machine.root, snapshot.value)) if (node.parent) seen.states.add(node.id);
}

interface MicrostepEvent {
  type: string;
  actorRef: unknown;
  snapshot: AnyMachineSnapshot;
  _transitions?: TransitionLike[];
}

/** Records every microstep of `actor` from now on; counts its current state as reached. */
export function observe(actor: AnyActorRef, machine: AnyStateMachine, seen: Seen): () => void {
  seeSnapshot(seen, machine, actor.getSnapshot() as AnyMachineSnapshot);
  const subscription = actor.system.inspect((event: unknown) => {
    const step = event as MicrostepEvent;
    if (step.type !== '@xstate.microstep' || step.actorRef !== actor) return;
    for (const transition of step._transitions ?? []) seen.transitions.add(transitionKey(transition));
    seeSnapshot(seen, machine, step.snapshot);
  });
  return () => subscription.unsubscribe();
}

export interface PathStep {
  event: { type: string; [key: string]: unknown };
  state: AnyMachineSnapshot;
  /**
   * After this step, the parent of each history state it came back through must hold what that
   * history restores (one transition may target several, one per region of a parallel state).
   */
  restores?: Array<{ history: string; parent: string; value: StateValue }>;
}

export interface TestPath {
  description: string;
  /** Without the synthetic `xstate.init` first step. */
  steps: PathStep[];
  state: AnyMachineSnapshot;
}

export interface GenerateOptions {
  /** Sample events with real payloads; a type the machine handles without a sample is sent bare. */
  events: Array<{ type: string; [key: string]: unknown }>;
  /** Two snapshots that serialize the same are one state of the graph. */
  serializeState: (snapshot: AnyMachineSnapshot) => string;
  /** Names a snapshot in the path descriptions. */
  describeState?: (snapshot: AnyMachineSnapshot) => string;
  /** `shortest` (default): one shortest path per state, plus one per transition not yet taken. */
  traversal?: 'shortest' | 'simple';
  /**
   * Events tried first to take a transition the shortest paths miss: another event taking the
   * same transition is used only when no preferred one does.
   */
  prefer?: (snapshot: AnyMachineSnapshot, event: AnyEvent) => boolean;
  /**
   * Events that lead to the same place from every state (URL-driven routes): the traversal sends
   * them from the initial state only; scoped transitions they take elsewhere get their own paths.
   */
  global?: (event: AnyEvent) => boolean;
  /** For `simple`: stop after this many paths. */
  limit?: number;
  /**
   * The machine the generator's own replays run: the same one with actors that never settle by
   * themselves (internal events are sent as samples), so generating calls nothing real.
   */
  live?: AnyStateMachine;
}

export function describeEvent(event: AnyEvent): string {
  const internal = describeInternal(event);
  if (internal) return internal;
  if (event.type === 'xstate.route') {
    const params = event.params as Record<string, unknown> | undefined;
    const shown = Object.entries(params ?? {}).filter(([, value]) => value !== undefined);
    return `route ${String(event.to)}${shown.length ? ` ${JSON.stringify(Object.fromEntries(shown))}` : ''}`;
  }
  return event.type;
}

function toTestPath(
  steps: PathStep[],
  state: AnyMachineSnapshot,
  describeState: (snapshot: AnyMachineSnapshot) => string,
): TestPath {
  const via = steps.length ? steps.map((step) => describeEvent(step.event)).join(' → ') : 'the initial state';
  return { description: `reaches ${describeState(state)} via ${via}`, steps, state };
}

const defaultDescribe = (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value);

/** Replays `events` from the initial state on an actor that records what it takes. */
export function replayEvents(machine: AnyStateMachine, events: AnyEvent[], seen: Seen) {
  reach(machine, events, seen);
}

/** The snapshot `events` lead to from the initial state, recording what the actor takes. */
export function reach(machine: AnyStateMachine, events: AnyEvent[], seen: Seen): AnyMachineSnapshot {
  const actor = createActor(machine);
  actor.start();
  const stop = observe(actor, machine, seen);
  for (const event of events) actor.send(event);
  const state = actor.getSnapshot() as AnyMachineSnapshot;
  stop();
  actor.stop();
  return state;
}

/** Whether the transition enters a final state below `node` (which raises its done event). */
function entersFinalBelow(transition: TransitionLike, node: AnyStateNode): boolean {
  return (transition.target ?? []).some((target) => target.type === 'final' && isAncestor(node, target));
}

function enters(transition: TransitionLike, node: AnyStateNode): boolean {
  return (transition.target ?? []).some(
    (target) => target === node || isAncestor(target, node) || isAncestor(node, target),
  );
}

function isAncestor(ancestor: AnyStateNode, node: AnyStateNode): boolean {
  for (let at = node.parent; at; at = at.parent) if (at === ancestor) return true;
  return false;
}

/**
 * The path suite: getShortestPaths (or bounded getSimplePaths) from xstate/graph, then, for every
 * transition definition those paths never take, the shortest path to a state where one of the
 * sample events selects it, plus that event. What is taken is read from the machine's own
 * microsteps. Events marked `global` (URL-driven routes, which lead to the same place from
 * everywhere) are explored from the initial state only: from every state they would square the
 * traversal; the transitions they take elsewhere (scoped routes) get their own paths.
 */
/** The traversal part of generatePaths: one path per state (shortest) or bounded simple paths. */
export function traversePaths(machine: AnyStateMachine, options: GenerateOptions): TestPath[] {
  const describeState = options.describeState ?? defaultDescribe;
  const initialKey = options.serializeState(getInitialSnapshot(machine) as AnyMachineSnapshot);
  const global = options.global ?? (() => false);
  const local = options.events.filter((event) => !global(event));
  const traversal = {
    events: (state: AnyMachineSnapshot) => (options.serializeState(state) === initialKey ? options.events : local),
    serializeState: options.serializeState,
  };
  const raw =
    options.traversal === 'simple'
      ? getSimplePaths(machine, { ...traversal, limit: options.limit ?? 1000 })
      : getShortestPaths(machine, traversal);
  return raw.map((path) =>
    toTestPath(path.steps.slice(1) as unknown as PathStep[], path.state as AnyMachineSnapshot, describeState),
  );
}

export function generatePaths(machine: AnyStateMachine, options: GenerateOptions): TestPath[] {
  const describeState = options.describeState ?? defaultDescribe;
  const paths = traversePaths(machine, options);
  if (options.traversal === 'simple') return paths;

  const seen = emptySeen();
  const sources = paths
    .map((path) => ({
      path,
      active: new Set(activeNodes(machine.root, path.state.value)),
      events: path.steps.map((step) => step.event),
    }))
    .sort((a, b) => a.events.length - b.events.length);
  const live = options.live ?? machine;
  for (const source of sources) reach(live, source.events, seen);
  const prefer = options.prefer ?? (() => true);

  // A path already added for another transition (a guarded always that entering its state did
  // not take) is not added again: the next source is tried instead.
  const added = new Set(sources.map((source) => JSON.stringify(source.events)));
  const addPath = (source: (typeof sources)[number], event: AnyEvent): boolean => {
    const key = JSON.stringify([...source.events, event]);
    if (added.has(key)) return false;
    added.add(key);
    const state = reach(live, [...source.events, event], seen);
    paths.push(toTestPath([...source.path.steps, { event, state }], state, describeState));
    return true;
  };

  // Not snapshot.can(): a targetless transition without actions (a refusal) is still taken.
  const selects = (state: AnyMachineSnapshot, event: AnyEvent) =>
    machine.getTransitionData(state, event) as unknown as TransitionLike[];

  for (const def of transitionDefinitions(machine)) {
    if (seen.transitions.has(def.key)) continue;
    // An eventless transition is taken on entering its source: any event that enters it. A done
    // event is raised by XState on entering a final state: any event that enters one below it.
    const raised = def.eventType === '' || isDoneState(def.eventType);
    const candidates = raised
      ? options.events
      : options.events.filter((e) => e.type === def.eventType && (!def.routeTo || e.to === def.routeTo));
    const found = [true, false].some((preferred) =>
      sources.some((source) => {
        if (def.eventType !== '' && !source.active.has(def.source)) return false;
        const event = candidates.find((candidate) => {
          if (prefer(source.path.state, candidate) !== preferred) return false;
          const selected = selects(source.path.state, candidate);
          if (def.eventType === '') return selected.some((transition) => enters(transition, def.source));
          if (raised) return selected.some((transition) => entersFinalBelow(transition, def.source));
          return selected.some((transition) => transitionKey(transition) === def.key);
        });
        if (!event || !addPath(source, event)) return false;
        return seen.transitions.has(def.key);
      }),
    );
    void found;
  }
  return paths;
}
