import {
  createActor,
  fromPromise,
  type AnyActorRef,
  type AnyStateMachine,
  type AnyStateNode,
  type Snapshot,
} from 'xstate';
import { stateNodesOf, transitionDefinitions } from './graph';
import { DONE_ACTOR, ERROR_ACTOR, delayOf } from './internalNames';

type AnyEvent = { type: string; [key: string]: unknown };

/**
 * What an invoked actor may answer, declared per actor `src` in a spec: each outcome becomes a
 * sample of `xstate.done.actor.<id>` (with `output`) or `xstate.error.actor.<id>` (with `error`)
 * for every state that invokes it. Nobody writes those names: they are derived from the machine.
 */
export type Outcome = { output: unknown } | { error: unknown };

export interface Invocation {
  /** The invoked actor's id (XState's event types carry it). */
  id: string;
  src: string;
  node: AnyStateNode;
}

/**
 * A machine's invocations, found once: a machine's config never changes, and the link checks make
 * a model (and its controls) per link on every screen (links.ts), which read them each time.
 */
const invocationsFound = new WeakMap<AnyStateMachine, readonly Invocation[]>();

/** Every `invoke` of the machine with a named `src`. */
export function invocationsOf(machine: AnyStateMachine): readonly Invocation[] {
  const known = invocationsFound.get(machine);
  if (known) return known;
  const found: Invocation[] = [];
  for (const node of [machine.root, ...stateNodesOf(machine)]) {
    for (const invoke of node.invoke as Array<{ id: string; src: unknown }>) {
      if (typeof invoke.src === 'string') found.push({ id: invoke.id, src: invoke.src, node });
    }
  }
  invocationsFound.set(machine, found);
  return found;
}

/**
 * The internal events a machine's transitions wait for, as samples: one "wait" per `after`
 * delay and one per declared outcome of each invoked actor. Event types come from the machine.
 */
export function internalEvents(machine: AnyStateMachine, outcomes: Record<string, Outcome[]>): AnyEvent[] {
  const events: AnyEvent[] = [];
  const types = new Set(transitionDefinitions(machine).map((def) => def.eventType));
  for (const type of types) if (delayOf({ type }) !== undefined) events.push({ type });
  for (const { id, src } of invocationsOf(machine)) {
    for (const outcome of outcomes[src] ?? []) {
      if ('output' in outcome) events.push({ type: `${DONE_ACTOR}${id}`, output: outcome.output });
      else events.push({ type: `${ERROR_ACTOR}${id}`, error: outcome.error });
    }
  }
  return events;
}

/** One sample of XState's done or error event per declared outcome of each invoked actor. */
export function outcomeEvents(machine: AnyStateMachine, outcomes: Record<string, Outcome[]>): AnyEvent[] {
  return internalEvents(machine, outcomes).filter((event) => delayOf(event) === undefined);
}

/**
 * Fix-it messages for internal transitions that no sample can take: an actor whose outcomes are
 * not declared (the only way to name what `xstate.done.actor.<id>` carries).
 */
export function undeclaredOutcomes(machine: AnyStateMachine, outcomes: Record<string, Outcome[]>): string[] {
  const problems: string[] = [];
  const types = new Set(transitionDefinitions(machine).map((def) => def.eventType));
  for (const { id, src } of invocationsOf(machine)) {
    const declared = outcomes[src] ?? [];
    if (types.has(`${DONE_ACTOR}${id}`) && !declared.some((o) => 'output' in o)) {
      problems.push(
        `event "${DONE_ACTOR}${id}" never appears: declare an outcome { output } for actor '${src}' in the spec's outcomes (outcomes.${src}: [{ output: … }])`,
      );
    }
    if (types.has(`${ERROR_ACTOR}${id}`) && !declared.some((o) => 'error' in o)) {
      problems.push(
        `event "${ERROR_ACTOR}${id}" never appears: declare an outcome { error } for actor '${src}' in the spec's outcomes (outcomes.${src}: [{ error: … }])`,
      );
    }
  }
  return problems;
}

interface Pending {
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Promise actors that settle on demand, for every `src` with declared outcomes, keyed by the
 * invoked actor's id; and a simulated clock. `perform(event)` does what the internal event
 * stands for (moves the clock, settles the actor) and sends any other event as it is.
 */
export function createControls(machine: AnyStateMachine, outcomes: Record<string, Outcome[]>) {
  const pending = new Map<string, Pending>();
  const clock = new OrderedClock();
  const actors = Object.fromEntries(
    [...new Set(invocationsOf(machine).map((invocation) => invocation.src))]
      .filter((src) => outcomes[src]?.length)
      .map((src) => [
        src,
        fromPromise<unknown>(
          ({ self }) =>
            new Promise((resolve, reject) => {
              pending.set(self.id, { resolve, reject });
            }),
        ),
      ]),
  );
  const settle = (id: string, how: (p: Pending) => void) => {
    const waiting = pending.get(id);
    if (!waiting) throw new Error(`actor "${id}" is not running: it cannot settle now`);
    pending.delete(id);
    how(waiting);
  };
  return {
    clock,
    provide: { actors },
    /** Performs `event` on `actor`; resolves once its consequences are processed. */
    async perform(actor: AnyActorRef, event: AnyEvent): Promise<void> {
      const delay = delayOf(event);
      if (delay !== undefined) clock.increment(delay);
      else if (event.type.startsWith(DONE_ACTOR))
        settle(event.type.slice(DONE_ACTOR.length), (p) => p.resolve(event.output));
      else if (event.type.startsWith(ERROR_ACTOR))
        settle(event.type.slice(ERROR_ACTOR.length), (p) => p.reject(event.error));
      else actor.send(event);
      // A settled promise reaches the machine in a later microtask.
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

/** An actor of `machine` on the controls' clock with their actors, started with the spec's input or snapshot. */
export function createControlledActor(
  machine: AnyStateMachine,
  controls: ReturnType<typeof createControls>,
  start: { input?: unknown; snapshot?: Snapshot<unknown> } = {},
) {
  // provide() builds a new machine, every state node again: for a machine without an actor to
  // settle, the machine as it is. The link checks start a model per link on every screen (links.ts),
  // and on a 100-screen product those copies were a quarter of the DOM level's time.
  const provided = Object.keys(controls.provide.actors).length ? machine.provide(controls.provide) : machine;
  return createActor(provided, {
    clock: controls.clock,
    ...(start.input !== undefined && { input: start.input }),
    ...(start.snapshot !== undefined && { snapshot: start.snapshot }),
  });
}

/**
 * A simulated clock that fires, when moved on, every timer due by then in the order a browser
 * does: earliest first, the one set first when two are due together, each at its own time (a
 * timer it sets runs from then). XState's SimulatedClock sets the time to the end first and does
 * not keep that order for timers due together; the generator's waits (search.ts) expect it kept.
 */
export class OrderedClock {
  private time = 0;
  private lastId = 0;
  private readonly timers = new Map<number, { at: number; fn: () => void }>();

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => void, timeout: number): number {
    const id = ++this.lastId;
    this.timers.set(id, { at: this.time + timeout, fn });
    return id;
  }

  clearTimeout(id: number): void {
    this.timers.delete(id);
  }

  /** Moves time on by `ms`, firing every timer due by then, in order. */
  increment(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | undefined;
      // Map order is the order they were set: the strict < keeps the first set of two due together.
      for (const entry of this.timers) if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
      if (!next) break;
      this.timers.delete(next[0]);
      this.time = next[1].at;
      next[1].fn();
    }
    this.time = end;
  }
}
