import type { AnyActorRef, AnyMachineSnapshot, InspectionEvent } from 'xstate';

export interface LoggedEvent {
  /** Increasing, for React keys. */
  seq: number;
  type: string;
  /** The event's fields other than `type`. */
  payload: Record<string, unknown>;
  /** The session id of the actor it was sent to (the app's own, or an invoked one). */
  target: string;
  /** Sent to the root actor (the app's machine): only these move the app, and only these are replayable. */
  root: boolean;
  /** The root's snapshot before the event (root events; none for the start). */
  before?: AnyMachineSnapshot;
  /** The root's snapshot once the event was processed: the moment time travel shows. */
  after?: AnyMachineSnapshot;
  /** The actors of the system right after the event (their states are live objects, so read them now). */
  actors?: ActorSummary[];
}

/** An invoked or spawned actor as it was at one moment. */
export interface ActorSummary {
  id: string;
  /** The logic's name (`src`) when it has one. */
  src: string;
  /** Invoked by an active state (stopped when it is left), or spawned (lives until stopped). */
  kind: 'invoked' | 'spawned';
  status: string;
  /** A machine actor's state value, JSON. */
  value?: string;
  children: ActorSummary[];
}

/**
 * The last `limit` events sent to any actor of the system, newest last. Each event the root takes
 * keeps the snapshot before and after it, so the overlay can show any logged moment (time travel)
 * and turn the events into a replayable test. Snapshots are immutable and share structure, so
 * keeping them costs little.
 */
export function createEventLog(limit = 100) {
  let events: readonly LoggedEvent[] = [];
  let seq = 0;
  const listeners = new Set<() => void>();
  const publish = (next: readonly LoggedEvent[]) => {
    events = next.slice(-limit);
    for (const listener of listeners) listener();
  };
  // The logged entry waiting for its snapshot, by the event object XState passes to both.
  const pending = new Map<object, LoggedEvent>();
  return {
    inspect(inspection: InspectionEvent) {
      const root = inspection.actorRef.sessionId === inspection.rootId;
      if (inspection.type === '@xstate.event') {
        const { type, ...payload } = inspection.event;
        const entry: LoggedEvent = { seq: ++seq, type, payload, target: inspection.actorRef.sessionId, root };
        if (root) {
          entry.before = inspection.actorRef.getSnapshot() as AnyMachineSnapshot;
          pending.set(inspection.event, entry);
        }
        publish([...events, entry]);
        return;
      }
      if (inspection.type !== '@xstate.snapshot' || !root) return;
      const after = inspection.snapshot as AnyMachineSnapshot;
      const waiting = pending.get(inspection.event);
      pending.delete(inspection.event);
      if (waiting) {
        // Replaced, not mutated: React sees a new array and a new entry.
        const done: LoggedEvent = { ...waiting, after, actors: actorTree(after) };
        publish(events.map((entry) => (entry === waiting ? done : entry)));
      } else if (inspection.event.type === 'xstate.init') {
        // The root's start has no `@xstate.event`: its first snapshot is the first moment.
        const { type, ...payload } = inspection.event;
        const target = inspection.actorRef.sessionId;
        publish([...events, { seq: ++seq, type, payload, target, root, after, actors: actorTree(after) }]);
      }
    },
    getEvents: () => events,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type EventLog = ReturnType<typeof createEventLog>;

interface SnapshotLike {
  status?: string;
  value?: unknown;
  children?: Record<string, AnyActorRef | undefined>;
  machine?: { root: { id: string } };
  _nodes?: { invoke: { id: string }[] }[];
}

/** The actors under a snapshot, recursively: which are invoked is read from the active states. */
export function actorTree(snapshot: unknown): ActorSummary[] {
  const { children = {}, _nodes = [] } = (snapshot ?? {}) as SnapshotLike;
  // `_nodes` (the active state nodes) is internal but stable across v5; without it every child
  // would read as spawned, which is only a wrong label.
  const invoked = new Set(_nodes.flatMap((node) => node.invoke.map((invoke) => invoke.id)));
  return Object.entries(children).flatMap(([id, ref]) => {
    if (!ref) return [];
    const child = ref.getSnapshot() as SnapshotLike;
    const src = typeof ref.src === 'string' ? ref.src : id;
    return [
      {
        id,
        src,
        kind: invoked.has(id) ? ('invoked' as const) : ('spawned' as const),
        status: child.status ?? 'unknown',
        ...(child.value !== undefined && { value: JSON.stringify(child.value) }),
        children: actorTree(child),
      },
    ];
  });
}
