import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import type { AnyActorRef, AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { activeNodes } from '../routing/url';
import { Diagram } from './Diagram';
import { describeEvent, enabledTransitions, type GuardError } from './enabled';
import type { EventLog } from './eventLog';
import { machineGraph } from './graph';
import { layoutGraph, transitionLabel, type Scene } from './layout';
import './inspector.css';

interface InspectorProps {
  actor: AnyActorRef;
  machine: AnyStateMachine;
  log: EventLog;
  onClose: () => void;
  /** Sample events with payloads (a path spec's `events`): the buttons send these. */
  samples?: EventObject[];
}

/**
 * The live statechart overlay (development builds only): the diagram with the active states
 * highlighted, the transitions enabled now as buttons, and the last events with their payloads.
 * A non-modal dialog: the app stays usable beside it; Escape closes it.
 */
export function Inspector({ actor, machine, log, onClose, samples = [] }: InspectorProps) {
  const titleId = useId();
  const graph = useMemo(() => machineGraph(machine), [machine]);
  const [allRoutes, setAllRoutes] = useState(false);
  const [fit, setFit] = useState(true);
  const [scene, setScene] = useState<Scene | null>(null);
  const [layoutError, setLayoutError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    layoutGraph(graph, { routes: allRoutes ? 'all' : 'grouped' }).then(
      (laidOut) => live && setScene(laidOut),
      (error: unknown) => live && setLayoutError(String(error)),
    );
    return () => {
      live = false;
    };
  }, [graph, allRoutes]);

  const snapshot = useSyncExternalStore(
    (onChange) => {
      // With an error listener: a machine that throws shows its error here, and the overlay stays.
      const subscription = actor.subscribe({ next: onChange, error: onChange });
      return () => subscription.unsubscribe();
    },
    () => actor.getSnapshot() as AnyMachineSnapshot,
  );
  const events = useSyncExternalStore(log.subscribe, log.getEvents);
  const active = useMemo(
    () => new Set(activeNodes(machine.root, snapshot.value).map((node) => node.id)),
    [machine, snapshot],
  );
  // A domain event's payload: the sample for its type, else what is typed in the payload field.
  const [payloadText, setPayloadText] = useState('{}');
  const typed = useMemo(() => parsePayload(payloadText), [payloadText]);
  const { enabled, guardErrors } = useMemo(() => {
    const errors: GuardError[] = [];
    const payloadFor = (type: string) => {
      const sample = samples.find((event) => event.type === type);
      if (sample) return { ...sample } as Record<string, unknown>;
      return typed.ok ? typed.value : undefined;
    };
    return { enabled: enabledTransitions(machine, graph, snapshot, active, payloadFor, errors), guardErrors: errors };
  }, [machine, graph, snapshot, active, samples, typed]);
  const [sendError, setSendError] = useState<string | null>(null);
  const byId = useMemo(() => new Map(graph.transitions.map((t) => [t.id, t])), [graph]);
  // Grouped routes: a routable state's path is the button for the route into it.
  const routes = useMemo(() => {
    const found = new Map<string, EventObject>();
    for (const [id, event] of enabled) {
      const transition = byId.get(id);
      if (transition?.kind === 'route' && transition.targets.length > 0 && transition.routeTo) {
        found.set(transition.routeTo.slice(1), event);
      }
    }
    return found;
  }, [enabled, byId]);
  const send = (event: EventObject) => {
    try {
      setSendError(null);
      actor.send(event);
    } catch (error) {
      setSendError(error instanceof Error ? error.message : String(error));
    }
  };
  // XState stops an actor whose action or guard throws: its snapshot says so, the overlay stays.
  const machineError =
    snapshot.status === 'error'
      ? snapshot.error instanceof Error
        ? snapshot.error.message
        : String(snapshot.error)
      : null;

  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  };

  const activeLeaves = graph.states.filter(
    (state) => active.has(state.id) && !state.children.some((child) => active.has(child)),
  );
  // A route in place (same screen, same params) changes nothing worth a button.
  const buttons = [...enabled].flatMap(([id, event]) => {
    const transition = byId.get(id);
    return transition && !(transition.kind === 'route' && transition.targets.length === 0)
      ? [{ transition, event }]
      : [];
  });

  return (
    <dialog open className="sc-inspector" aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <div className="sc-inspector-header">
        <h2 id={titleId}>Statechart: {machine.id}</h2>
        <p className="sc-inspector-active" aria-live="polite">
          Active: {activeLeaves.map((state) => state.id).join(', ')}
        </p>
        <label className="sc-inspector-toggle">
          <input type="checkbox" checked={allRoutes} onChange={(event) => setAllRoutes(event.target.checked)} />
          Draw every route transition
        </label>
        <button type="button" aria-pressed={!fit} onClick={() => setFit(!fit)}>
          Actual size
        </button>
        <button type="button" ref={closeRef} onClick={onClose} aria-label="Close the statechart inspector">
          Close
        </button>
      </div>
      {/* Scrollable: focusable so the keyboard can scroll it (axe scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="sc-inspector-diagram" tabIndex={0} role="region" aria-label="Diagram">
        {scene ? (
          <Diagram scene={scene} active={active} enabled={enabled} routes={routes} onSend={send} fit={fit} />
        ) : (
          <p role="status">{layoutError ? `Layout failed: ${layoutError}` : 'Laying out the statechart…'}</p>
        )}
      </div>
      <div className="sc-inspector-panels">
        <section aria-labelledby={`${titleId}-enabled`}>
          <h3 id={`${titleId}-enabled`}>Enabled transitions</h3>
          {(machineError ?? sendError ?? guardErrors.length > 0) && (
            <div role="alert" className="sc-inspector-error">
              {machineError && <p>The machine stopped on an error: {machineError}</p>}
              {sendError && <p>Sending failed: {sendError}</p>}
              {guardErrors.map((error) => (
                <p key={error.transition}>
                  Guard of {error.transition} threw: {error.message} (give the event a payload below)
                </p>
              ))}
            </div>
          )}
          <label className="sc-inspector-payload">
            Payload of domain events without a sample (JSON object)
            <textarea rows={2} value={payloadText} onChange={(event) => setPayloadText(event.target.value)} />
          </label>
          {!typed.ok && <p className="sc-inspector-error">Not a JSON object: {typed.error}</p>}
          <ul className="sc-inspector-enabled">
            {buttons.map(({ transition, event }) => (
              <li key={transition.id}>
                <button type="button" onClick={() => send(event)}>
                  {transition.kind === 'route' ? describeEvent(event) : transitionLabel(transition)}
                </button>{' '}
                <span className="sc-inspector-muted">
                  {transition.source} → {transition.targets.join(', ') || '(stays)'}
                </span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby={`${titleId}-events`}>
          <h3 id={`${titleId}-events`}>Last events ({events.length} of at most 50, newest first)</h3>
          <ol className="sc-inspector-events" reversed>
            {[...events].reverse().map((event) => (
              <li key={event.seq}>
                <code>{event.type}</code>{' '}
                {event.target !== actor.sessionId && <span className="sc-inspector-muted">(to an invoked actor) </span>}
                {JSON.stringify(event.payload) !== '{}' && (
                  <code className="sc-inspector-muted">{JSON.stringify(event.payload)}</code>
                )}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </dialog>
  );
}

function parsePayload(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  try {
    const value: unknown = JSON.parse(text || '{}');
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, error: 'an object' };
    return { ok: true, value: value as Record<string, unknown> };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
