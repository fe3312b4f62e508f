import { createActor, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { activeNodes } from '@statechart/core/internal';
import { transitionKey, type TransitionLike } from './graph';
import { defaultValueBelow, valueBelow } from './history';
import { isAfter } from './internalNames';
import type { AnyEvent } from './spec';

/** How the search names a history state's restore among the transition keys it wants taken. */
export const HISTORY_KEY = 'history:';

/** setTimeout's largest delay: a longer one overflows and fires at once (browsers and Node). */
export const MAX_TIMER_DELAY = 2 ** 31 - 1;

/** How many distinct states the search explores before it stops and says so. */
export const DEFAULT_STATE_BUDGET = 5000;
/** Follow-ups in a row after one step at most: a view that keeps failing must not loop the search. */
const MAX_FOLLOW_UPS = 10;

/** What the app sends by itself in a state (a view that throws), if anything. */
type FollowUp = (snapshot: AnyMachineSnapshot) => AnyEvent | undefined;

/** Where a step lands, and the keys of the transitions it took (see transitionKey). */
interface Step {
  next: AnyMachineSnapshot;
  taken: string[];
}

/**
 * One pure step of the machine: XState's own `machine.transition` on an inert actor scope (no
 * action runs, no actor starts), with the transitions each microstep took read from XState's
 * inspection events, as a running actor reports them. Eventless and done transitions taken in the
 * same macrostep are included.
 */
export function createStepper(machine: AnyStateMachine) {
  // Never started: its system only carries the inspection events of the steps below.
  const self = createActor(machine);
  let taken: TransitionLike[] = [];
  // The timers of the snapshot being stepped: armed and cancelled as XState's actions say.
  let timers: Timer[] = [];
  let firedAt = 0;
  // A history state re-entered into another configuration than its parent's default: a restore
  // worth checking, wanted like a transition (`history:<id>`).
  const restores = (next: AnyMachineSnapshot) =>
    taken.flatMap((transition) =>
      (transition.target ?? [])
        .filter((target) => target.type === 'history' && target.parent)
        .filter((target) => {
          const parent = target.parent as AnyStateNode;
          const now = valueBelow(next.value, parent.path);
          return now !== undefined && JSON.stringify(now) !== JSON.stringify(defaultValueBelow(parent));
        })
        .map((target) => `${HISTORY_KEY}${target.id}`),
    );
  self.system.inspect((event: unknown) => {
    const step = event as { type: string; _transitions?: TransitionLike[] };
    if (step.type === '@xstate.microstep') taken.push(...(step._transitions ?? []));
  });
  const scope = {
    self,
    defer: () => {},
    id: '',
    logger: () => {},
    sessionId: '',
    stopChild: () => {},
    system: self.system,
    emit: () => {},
    // Nothing runs; a delayed raise (what `after` does on entry) arms a timer, a cancel (on exit)
    // disarms it, in the order XState executes them.
    actionExecutor: (action: { type: string; params?: unknown }) => {
      const params = (action.params ?? {}) as { event?: AnyEvent; id?: string; delay?: unknown; sendId?: string };
      if (action.type === 'xstate.raise' && typeof params.delay === 'number' && params.event) {
        const id = params.id ?? params.event.type;
        timers = timers.filter((timer) => timer.id !== id);
        timers.push({ id, event: params.event, due: firedAt + checkedDelay(params.delay, id), order: nextOrder++ });
      } else if (action.type === 'xstate.cancel') {
        timers = timers.filter((timer) => timer.id !== params.sendId);
      }
    },
  };
  // Why the casts: the scope is XState's inert scope (createInertActorScope), which it does not export.
  type Scope = Parameters<AnyStateMachine['transition']>[2];
  const transition = (snapshot: AnyMachineSnapshot, event: AnyEvent) =>
    machine.transition(snapshot, event as never, scope as unknown as Scope) as AnyMachineSnapshot;
  /** The snapshot with its timers, a copy when XState handed back the same object (nothing moved). */
  const withTimers = (before: AnyMachineSnapshot, next: AnyMachineSnapshot) => {
    const own = next === before ? ({ ...next } as AnyMachineSnapshot) : next;
    TIMERS.set(own, timers);
    return own;
  };
  const step = (snapshot: AnyMachineSnapshot, event: AnyEvent): Step => {
    taken = [];
    timers = [...timersOf(machine, snapshot)];
    firedAt = 0;
    let next = snapshot;
    if (isAfter(event.type) && typeof event.delay === 'number') {
      // Time passes: every timer due within the wait fires, earliest first (the one armed first
      // when two are due together), each on the state the one before it left, as a clock does.
      const wait = event.delay;
      timers = timers.map((timer) => ({ ...timer, due: timer.due - wait }));
      for (let due = nextDue(timers); due && due.due <= 0; due = nextDue(timers)) {
        const fired = due;
        timers = timers.filter((timer) => timer !== fired);
        firedAt = fired.due;
        next = transition(next, fired.event);
      }
      firedAt = 0;
    } else {
      next = transition(snapshot, event);
    }
    next = withTimers(snapshot, next);
    return { next, taken: [...taken.map(transitionKey), ...restores(next)] };
  };
  return {
    initial(input?: unknown): Step {
      taken = [];
      timers = [];
      firedAt = 0;
      const next = machine.getInitialSnapshot(scope as unknown as Scope, input) as AnyMachineSnapshot;
      TIMERS.set(next, timers);
      return { next, taken: taken.map(transitionKey) };
    },
    step,
    /**
     * A step, then what the app sends by itself after it (ExploreOptions.followUp), each from the
     * state the one before left, at most MAX_FOLLOW_UPS in a row: where the app comes to rest, and
     * every transition taken on the way.
     */
    follow(snapshot: AnyMachineSnapshot, event: AnyEvent, followUp?: FollowUp): Step {
      let { next, taken } = step(snapshot, event);
      for (let count = 0, extra = followUp?.(next); extra && count < MAX_FOLLOW_UPS; count++) {
        const after = step(next, extra);
        next = after.next;
        taken = [...taken, ...after.taken];
        extra = followUp?.(next);
      }
      return { next, taken };
    },
  };
}

/** A timer the search keeps with a snapshot: XState's delayed event and how long until it fires. */
interface Timer {
  id: string;
  event: AnyEvent;
  /** Ms from this snapshot until it fires. */
  due: number;
  /** Arming order: of two timers due together, the one armed first fires first (browsers' order). */
  order: number;
}

let nextOrder = 0;
const TIMERS = new WeakMap<AnyMachineSnapshot, Timer[]>();

const nextDue = (timers: readonly Timer[]) =>
  timers.reduce<Timer | undefined>(
    (best, timer) =>
      !best || timer.due < best.due || (timer.due === best.due && timer.order < best.order) ? timer : best,
    undefined,
  );

function checkedDelay(delay: number, id: string): number {
  if (!Number.isFinite(delay) || delay < 0) {
    throw new Error(
      `the timer ${id} waits ${delay} ms, which is not a number of ms: give the machine's delays an implementation for it`,
    );
  }
  if (delay > MAX_TIMER_DELAY) {
    throw new Error(
      `the timer ${id} waits ${delay} ms: browsers and Node fire a timer over ${MAX_TIMER_DELAY} ms (about 24.8 days) at once; keep the delay under that, or wait in steps (an \`after\` that re-enters until a date in context has passed)`,
    );
  }
  return delay;
}

/**
 * The timers running in a snapshot the stepper made; for one it did not (a spec's restored
 * snapshot), one per `after` of the active states at its full delay, as XState re-arms none on
 * restore but a started app enters its states.
 */
function timersOf(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): Timer[] {
  const known = TIMERS.get(snapshot);
  if (known) return known;
  const armed = waitsForEach(machine, snapshot).map((wait) => ({
    id: wait.type,
    event: { type: wait.type },
    due: wait.delay as number,
    order: nextOrder++,
  }));
  TIMERS.set(snapshot, armed);
  return armed;
}

/**
 * The timers of a snapshot as a key: what fires next, and when, in firing order. Two snapshots
 * alike but for how long a timer has left are two states: waiting from each leads elsewhere.
 */
export function timersKey(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): string {
  const timers = [...timersOf(machine, snapshot)].sort((a, b) => a.due - b.due || a.order - b.order);
  return timers.map((timer) => `${timer.event.type}@${timer.due}`).join(',');
}

/**
 * Time passing, as a step: a wait until the next timer due (XState's own delayed event, its
 * delay resolved as XState does: a number, a named delay of the machine's `delays`, or one
 * computed from context). `delay` is how long each level lets its clock run: the time left on
 * that timer, which may have run while other steps happened (another region's timer, re-armed).
 * Every timer due by then fires, in order, so the step expects where they all lead; a later
 * timer is the next wait's. The generator reads the event and never asks anyone to write it.
 */
export function waitsIn(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): AnyEvent[] {
  const next = nextDue(timersOf(machine, snapshot));
  return next ? [{ type: next.event.type, delay: next.due }] : [];
}

/** One wait per `after` of the active states, at its full delay (a snapshot's timers as entered). */
function waitsForEach(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): AnyEvent[] {
  const waits: AnyEvent[] = [];
  const delays = (machine.implementations.delays ?? {}) as Record<string, unknown>;
  for (const node of activeNodes(machine.root, snapshot.value)) {
    for (const transition of node.after as Array<{ eventType: string; delay: unknown }>) {
      if (waits.some((wait) => wait.type === transition.eventType)) continue;
      const configured = typeof transition.delay === 'string' ? delays[transition.delay] : transition.delay;
      const delay =
        typeof configured === 'function'
          ? (configured as (args: unknown, params: unknown) => unknown)(
              { context: snapshot.context, event: { type: '' }, self: undefined, system: undefined },
              undefined,
            )
          : configured;
      if (typeof delay !== 'number' || !Number.isFinite(delay)) {
        throw new Error(
          `#${node.id} waits for a delay "${String(transition.delay)}" that is not a number of ms: give the machine's delays an implementation for it`,
        );
      }
      if (delay > MAX_TIMER_DELAY) {
        throw new Error(
          `#${node.id} waits ${delay} ms (delay "${String(transition.delay)}"): browsers and Node fire a timer over ${MAX_TIMER_DELAY} ms (about 24.8 days) at once; keep the delay under that, or wait in steps (an \`after\` that re-enters until a date in context has passed)`,
        );
      }
      waits.push({ type: transition.eventType, delay });
    }
  }
  return waits;
}

export interface GraphEdge {
  event: AnyEvent;
  to: number;
  /** Keys of the transition definitions this step takes (see transitionKey). */
  taken: string[];
}

export interface GraphNode {
  key: string;
  snapshot: AnyMachineSnapshot;
  /** The node and event the breadth-first search first reached it by. */
  via?: { from: number; event: AnyEvent };
  depth: number;
  edges: GraphEdge[];
}

export interface StateGraph {
  nodes: GraphNode[];
  /** Transitions taken by starting the machine. */
  initialTaken: string[];
  /** The budget stopped the search with states still unexplored. */
  truncated: boolean;
  budget: number;
  /** The spec's searchBound left states out (more than its samples for one value of its `by`). */
  bounded: boolean;
  /** Dives the search made past the breadth-first part, toward what it had not taken yet. */
  dives: number;
}

/**
 * What matters for coverage, when a machine has more states than a search can visit (a game's
 * boards): at most `samples` distinct states are explored for each value `by` returns. States
 * are still told apart by their whole key, so the walks run on real states and check everything.
 */
export interface SearchBound {
  by: (snapshot: AnyMachineSnapshot) => unknown;
  samples: number;
}

export interface ExploreOptions {
  /** The events to try in a state (routes from every state, domain events, waits, outcomes). */
  events: (snapshot: AnyMachineSnapshot) => AnyEvent[];
  serializeState: (snapshot: AnyMachineSnapshot) => string;
  budget?: number;
  input?: unknown;
  /** Start from this snapshot instead of the machine's initial state. */
  start?: AnyMachineSnapshot;
  /** What the app sends by itself in a state (a view that throws): taken after every step. */
  followUp?: FollowUp;
  bound?: SearchBound;
  /**
   * The transition keys (and `history:` restores) the walks must take. When the breadth-first
   * search would stop at its budget with some of them not taken by any edge, it stops at 90% of
   * it and spends the rest on dives toward them (see dive below).
   */
  wanted?: Iterable<string>;
}

/**
 * Breadth-first over the machine's states (as serializeState tells them apart): every event from
 * every state reached, so a route whose guard reads context is tried where the context allows it.
 * An event no transition selects is no edge. Stops at `budget` states, saying so in the result;
 * with a `bound`, a state past its samples is not explored (nor an edge kept to it).
 */
export function explore(machine: AnyStateMachine, options: ExploreOptions): StateGraph {
  const stepper = createStepper(machine);
  const budget = options.budget ?? DEFAULT_STATE_BUDGET;
  const wanted = new Set(options.wanted ?? []);
  // Kept for the dives, spent only when the breadth-first part is cut short.
  const reserve = wanted.size ? Math.floor(budget / 10) : 0;
  let limit = budget - reserve;
  const initial = options.start ? { next: options.start, taken: [] as string[] } : stepper.initial(options.input);
  const nodes: GraphNode[] = [];
  const index = new Map<string, number>();
  const perBound = new Map<string, number>();
  let truncated = false;
  let bounded = false;
  const add = (snapshot: AnyMachineSnapshot, depth: number, via?: GraphNode['via']) => {
    const key = options.serializeState(snapshot);
    const known = index.get(key);
    if (known !== undefined) return known;
    if (nodes.length >= limit) {
      truncated = true;
      return undefined;
    }
    if (options.bound && via) {
      const by = JSON.stringify(options.bound.by(snapshot));
      const count = perBound.get(by) ?? 0;
      if (count >= options.bound.samples) {
        bounded = true;
        return undefined;
      }
      perBound.set(by, count + 1);
    }
    index.set(key, nodes.length);
    nodes.push({ key, snapshot, via, depth, edges: [] });
    return nodes.length - 1;
  };
  /** Every step the spec's events take from a state (an event no transition selects is none). */
  const moves = (snapshot: AnyMachineSnapshot) => {
    const found: Array<{ event: AnyEvent; next: AnyMachineSnapshot; taken: string[] }> = [];
    for (const event of options.events(snapshot)) {
      // A wait always moves time on (its timers fire, taken or not); any other event is a step
      // only where a transition selects it.
      const selected = isAfter(event.type)
        ? [event]
        : (machine.getTransitionData(snapshot, event as never) as unknown[]);
      if (selected.length === 0) continue;
      found.push({ event, ...stepper.follow(snapshot, event, options.followUp) });
    }
    return found;
  };
  add(initial.next, 0);
  for (let at = 0; at < nodes.length; at++) {
    const node = nodes[at] as GraphNode;
    for (const { event, next, taken } of moves(node.snapshot)) {
      const to = add(next, node.depth + 1, { from: at, event });
      if (to !== undefined) node.edges.push({ event, to, taken });
    }
  }
  let dives = 0;
  if (truncated && !bounded && reserve > 0) {
    for (const key of initial.taken) wanted.delete(key);
    for (const node of nodes) for (const edge of node.edges) for (const key of edge.taken) wanted.delete(key);
    limit = budget;
    dives = dive(nodes, wanted, moves, add, (snapshot) => index.has(options.serializeState(snapshot)), budget);
  }
  return { nodes, initialTaken: initial.taken, truncated, budget, bounded, dives };
}

/**
 * Dives: when the breadth-first search runs out of budget with wanted transitions not taken (a
 * guard true only deep in the game: a full board, a win), it goes deep instead of wide. Each dive
 * starts from the start and takes, at every state, a step that takes something still wanted if
 * there is one, else a step to a state not seen yet, else any step (chosen by a seeded random
 * number, so a suite is the same from run to run), up to 60 steps. Dives stop when nothing is left
 * wanted, at the budget, or after 200 dives in a row that took nothing new. What a dive finds becomes nodes and edges of the graph, which the
 * covering walks use like any other. Machines the breadth-first search covers within 90% of the
 * budget never dive.
 */
function dive(
  nodes: GraphNode[],
  wanted: Set<string>,
  moves: (snapshot: AnyMachineSnapshot) => Array<{ event: AnyEvent; next: AnyMachineSnapshot; taken: string[] }>,
  add: (snapshot: AnyMachineSnapshot, depth: number, via?: GraphNode['via']) => number | undefined,
  known: (snapshot: AnyMachineSnapshot) => boolean,
  budget: number,
): number {
  let seed = 0x2f6b4c1d;
  const random = () => {
    // mulberry32: small, and the same sequence on every run.
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: T[]): T | undefined => list[Math.floor(random() * list.length)];
  let dives = 0;
  let fruitless = 0;
  while (wanted.size > 0 && nodes.length < budget && fruitless < 200) {
    dives++;
    const before = wanted.size;
    let at = 0;
    for (let depth = 0; depth < 60 && nodes.length < budget; depth++) {
      const node = nodes[at] as GraphNode;
      const options = moves(node.snapshot);
      const move =
        options.find((option) => option.taken.some((key) => wanted.has(key))) ??
        pick(options.filter((option) => !known(option.next))) ??
        pick(options);
      if (!move) break;
      const to = add(move.next, node.depth + 1, { from: at, event: move.event });
      if (to === undefined) break;
      if (!node.edges.some((edge) => edge.to === to && edge.event === move.event)) {
        node.edges.push({ event: move.event, to, taken: move.taken });
      }
      for (const key of move.taken) wanted.delete(key);
      at = to;
    }
    fruitless = wanted.size < before ? 0 : fruitless + 1;
  }
  return dives;
}

export interface WalkStep {
  event: AnyEvent;
  /** The snapshot the step really lands on (the walk's own context, not the graph's representative). */
  state: AnyMachineSnapshot;
  /** The graph edge followed (`from:index`). */
  edge: string;
  /** What the step really took: transition keys and history restores. */
  taken: string[];
}

export interface Walk {
  steps: WalkStep[];
  /** Why this walk ends and the next one starts the app again. */
  endsBecause: string;
}

export interface Cover {
  walks: Walk[];
  /** Transition keys no state within the budget can take. */
  unreachable: string[];
}

export interface CoverOptions {
  /** Walks are cut at this many steps so that a failure is reported near its cause. */
  maxSteps?: number;
  /** Edges (`from:index`) not to follow. Edges found not to do what the graph says are added. */
  banned?: Set<string>;
  /** The pure step, to run each walk on its own snapshots. */
  step: (snapshot: AnyMachineSnapshot, event: AnyEvent) => { next: AnyMachineSnapshot; taken: string[] };
  /** The graph's key of a snapshot (its serializeState). */
  keyOf: (snapshot: AnyMachineSnapshot) => string;
  /** Names a snapshot in the reasons a walk ends. */
  describe?: (snapshot: AnyMachineSnapshot) => string;
}

/**
 * Covering walks: from the start, the shortest way (breadth-first on the explored graph) to the
 * nearest step that takes something not yet taken, then that step; again from where it lands,
 * until nothing left is reachable from there, when a new walk starts from the start. The graph's
 * states are what serializeState tells apart, so a walk is run on its own snapshots as it is
 * built: what it really takes is what counts, and an edge that lands elsewhere in the walk's own
 * context (a part of the context the spec's stateContext leaves out) is banned and the search
 * goes on from where the walk really is.
 */
export function coveringWalks(graph: StateGraph, wanted: Iterable<string>, options: CoverOptions): Cover {
  const maxSteps = options.maxSteps ?? 40;
  const banned = options.banned ?? new Set<string>();
  const left = new Set(wanted);
  for (const key of graph.initialTaken) left.delete(key);
  const indexOf = new Map(graph.nodes.map((node, i) => [node.key, i]));
  const edgeId = (from: number, index: number) => `${from}:${index}`;

  /** Breadth-first from `from` to the nearest edge taking something left: the edges on the way. */
  const nearest = (from: number): Array<{ from: number; index: number; edge: GraphEdge }> | undefined => {
    type Hop = { from: number; index: number; edge: GraphEdge };
    const back = new Map<number, Hop | null>([[from, null]]);
    const queue = [from];
    for (let head = 0; head < queue.length; head++) {
      const at = queue[head] as number;
      const edges = (graph.nodes[at] as GraphNode).edges
        .map((edge, index) => ({ from: at, index, edge }))
        .filter((hop) => !banned.has(edgeId(hop.from, hop.index)));
      const hit = edges.find(({ edge }) => edge.taken.some((key) => left.has(key)));
      if (hit) {
        const route: Hop[] = [hit];
        for (let hop = back.get(at); hop; hop = back.get(hop.from)) route.unshift(hop);
        return route;
      }
      for (const hop of edges) {
        if (back.has(hop.edge.to)) continue;
        back.set(hop.edge.to, hop);
        queue.push(hop.edge.to);
      }
    }
    return undefined;
  };

  const start = (graph.nodes[0] as GraphNode).snapshot;
  const walks: Walk[] = [];
  let steps: WalkStep[] = [];
  let at = 0;
  let real = start;
  const close = (endsBecause: string) => {
    if (steps.length) walks.push({ steps, endsBecause });
    steps = [];
    at = 0;
    real = start;
  };
  for (;;) {
    const route = nearest(at);
    if (!route) {
      if (steps.length === 0) break;
      close(
        `nothing left to take is reachable from ${graph.nodes[at]?.key ?? '?'}: the next walk starts the app again`,
      );
      continue;
    }
    if (steps.length > 0 && steps.length + route.length > maxSteps) {
      close(`walks are cut at ${maxSteps} steps so that a failure is reported near its cause`);
      continue;
    }
    for (const [i, { from, index, edge }] of route.entries()) {
      const id = edgeId(from, index);
      const { next, taken } = options.step(real, edge.event);
      steps.push({ event: edge.event, state: next, edge: id, taken });
      for (const key of taken) left.delete(key);
      real = next;
      const landed = indexOf.get(options.keyOf(next));
      const last = i === route.length - 1;
      const tookWhatItWasFor = !last || edge.taken.every((key) => taken.includes(key));
      if (landed !== edge.to || !tookWhatItWasFor) banned.add(id);
      if (landed === undefined) {
        close(`the walk reached a state the search did not (its context differs): the next walk starts the app again`);
        break;
      }
      at = landed;
      if (landed !== edge.to) break;
    }
  }
  close('every transition reachable within the budget is taken');
  return { walks, unreachable: [...left] };
}
