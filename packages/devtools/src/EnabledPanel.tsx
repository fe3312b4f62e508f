import { useEffect, useMemo, useRef, useState } from 'react';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { describeEvent, enabledTransitions, enabledTransitionsInSlices, type GuardError } from './enabled';
import type { GraphTransition, MachineGraph } from './graph';
import { transitionLabel } from './layout';

/** Machines with more transitions than this have their enabled ones computed in slices (see enabled.ts). */
export const SLICED_FROM = 300;
const NOTHING_YET = { enabled: new Map<string, EventObject>(), guardErrors: [] as GuardError[] };

/**
 * The transitions the machine would take now, each with the event that takes it: a domain event's
 * payload is the sample for its type (`samples`), else the JSON typed in the payload field.
 */
export function useEnabled(
  machine: AnyStateMachine,
  graph: MachineGraph,
  snapshot: AnyMachineSnapshot,
  active: ReadonlySet<string>,
  samples: readonly EventObject[],
) {
  const [payloadText, setPayloadText] = useState('{}');
  const typed = useMemo(() => parsePayload(payloadText), [payloadText]);
  const sliced = graph.transitions.length > SLICED_FROM;
  const payloadFor = useMemo(
    () => (type: string) => {
      const sample = samples.find((event) => event.type === type);
      if (sample) return { ...sample } as Record<string, unknown>;
      return typed.ok ? typed.value : undefined;
    },
    [samples, typed],
  );
  const now = useMemo(() => {
    if (sliced) return null;
    const errors: GuardError[] = [];
    return { enabled: enabledTransitions(machine, graph, snapshot, active, payloadFor, errors), guardErrors: errors };
  }, [sliced, machine, graph, snapshot, active, payloadFor]);
  // A big machine: computed in slices after the render; until then no transition is offered.
  const [later, setLater] = useState<{ enabled: Map<string, EventObject>; guardErrors: GuardError[] } | null>(null);
  useEffect(() => {
    if (!sliced) return;
    let cancelled = false;
    const errors: GuardError[] = [];
    void enabledTransitionsInSlices(machine, graph, snapshot, active, payloadFor, errors, () => cancelled).then(
      (enabled) => enabled && setLater({ enabled, guardErrors: errors }),
    );
    return () => {
      cancelled = true;
    };
  }, [sliced, machine, graph, snapshot, active, payloadFor]);
  const { enabled, guardErrors } = now ?? later ?? NOTHING_YET;
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
  // A route in place (same screen, same params) changes nothing worth a button.
  const buttons = [...enabled].flatMap(([id, event]) => {
    const transition = byId.get(id);
    return transition && !(transition.kind === 'route' && transition.targets.length === 0)
      ? [{ transition, event }]
      : [];
  });
  return { enabled, routes, buttons, guardErrors, payloadText, setPayloadText, typed };
}

interface EnabledPanelProps {
  buttons: { transition: GraphTransition; event: EventObject }[];
  errors: string[];
  payloadText: string;
  setPayloadText: (text: string) => void;
  typedError: string | null;
  onSend: (event: EventObject) => void;
}

/**
 * The first this many buttons are listed; "Show all" lists the rest. At the root of a machine with
 * 1,000 routes every route is enabled, and 1,000 buttons are one long main-thread task per step.
 */
export const BUTTONS_SHOWN = 100;

export function EnabledPanel({ buttons, errors, payloadText, setPayloadText, typedError, onSend }: EnabledPanelProps) {
  const [all, setAll] = useState(false);
  const shown = all ? buttons : buttons.slice(0, BUTTONS_SHOWN);
  const list = useRef<HTMLUListElement>(null);
  return (
    <>
      {errors.length > 0 && (
        <div role="alert" className="sc-inspector-error">
          {errors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      )}
      <label className="sc-inspector-payload">
        Payload of domain events without a sample (JSON object)
        <textarea rows={2} value={payloadText} onChange={(event) => setPayloadText(event.target.value)} />
      </label>
      {typedError && <p className="sc-inspector-error">Not a JSON object: {typedError}</p>}
      {/* Focusable by script: the focus waits here while the sent event changes the buttons (the one
          clicked may go), so it stays in the inspector and Escape still closes it. */}
      <ul className="sc-inspector-enabled" tabIndex={-1} ref={list}>
        {shown.map(({ transition, event }) => (
          <li key={transition.id}>
            <button
              type="button"
              onClick={() => {
                list.current?.focus();
                onSend(event);
              }}
            >
              {transition.kind === 'route' ? describeEvent(event) : transitionLabel(transition)}
            </button>{' '}
            <span className="sc-inspector-muted">
              {transition.source} → {transition.targets.join(', ') || '(stays)'}
              {/* What a domain event carries: its sample (the path spec's), or the JSON typed above. */}
              {transition.kind !== 'route' && payloadOf(event) ? ` with ${payloadOf(event)}` : null}
            </span>
          </li>
        ))}
      </ul>
      {shown.length < buttons.length && (
        <button type="button" onClick={() => setAll(true)}>
          Show all {buttons.length} enabled transitions
        </button>
      )}
    </>
  );
}

/** An event's payload as JSON (its fields but `type`), or undefined when it has none. */
function payloadOf(event: EventObject): string | undefined {
  const payload = Object.fromEntries(Object.entries(event).filter(([key]) => key !== 'type'));
  return Object.keys(payload).length > 0 ? JSON.stringify(payload) : undefined;
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
