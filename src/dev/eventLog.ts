import type { InspectionEvent } from 'xstate';

export interface LoggedEvent {
  /** Increasing, for React keys. */
  seq: number;
  type: string;
  /** The event's fields other than `type`. */
  payload: Record<string, unknown>;
  /** The session id of the actor it was sent to (the app's own, or an invoked one). */
  target: string;
}

/** The last `limit` events sent to any actor of the system, newest last. */
export function createEventLog(limit = 50) {
  let events: readonly LoggedEvent[] = [];
  let seq = 0;
  const listeners = new Set<() => void>();
  return {
    inspect(inspection: InspectionEvent) {
      if (inspection.type !== '@xstate.event') return;
      const { type, ...payload } = inspection.event;
      events = [...events, { seq: ++seq, type, payload, target: inspection.actorRef.sessionId }].slice(-limit);
      for (const listener of listeners) listener();
    },
    getEvents: () => events,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type EventLog = ReturnType<typeof createEventLog>;
