import { useId, useMemo, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import type { AnyActorRef, AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { buildRouteTable, type RouteTable } from '@statechart/core';
import { DiagramView } from './DiagramView';
import { ResizeHandle, useDialogDock } from './Dock';
import { useEnabled } from './EnabledPanel';
import type { GuardError } from './enabled';
import type { EventLog } from './eventLog';
import { machineGraph } from './graph';
import { InspectorHeader } from './InspectorHeader';
import { InspectorPanels } from './InspectorPanels';
import { useMoment } from './useMoment';
import { useScene } from './useScene';
import './inspector.css';

interface InspectorProps {
  actor: AnyActorRef;
  machine: AnyStateMachine;
  log: EventLog;
  onClose: () => void;
  /** Sample events with payloads (a path spec's `events`): the buttons send these. */
  samples?: EventObject[];
}

const NO_SAMPLES: EventObject[] = [];

/**
 * The live statechart overlay (development builds only), docked beside the app: the diagram
 * (zoom, pan, follow) with the active states highlighted and the enabled transitions as buttons;
 * the screen's route, the context and the actors; the event log, where selecting an entry shows
 * that moment (time travel, the app untouched) and what the event did; and "Copy as test".
 */
export function Inspector({ actor, machine, log, onClose, samples = NO_SAMPLES }: InspectorProps) {
  const titleId = useId();
  const { dock, dialogRef } = useDialogDock();
  const graph = useMemo(() => machineGraph(machine), [machine]);
  const table = useMemo(() => routeTableOf(machine), [machine]);
  const [allRoutes, setAllRoutes] = useState(false);
  const { scene, layoutError } = useScene(graph, allRoutes);

  const liveSnapshot = useSyncExternalStore(
    (onChange) => {
      // With an error listener: a machine that throws shows its error here, and the overlay stays.
      const subscription = actor.subscribe({ next: onChange, error: onChange });
      return () => subscription.unsubscribe();
    },
    () => actor.getSnapshot() as AnyMachineSnapshot,
  );
  const events = useSyncExternalStore(log.subscribe, log.getEvents);
  const [selected, setSelected] = useState<number | null>(null);
  const moment = useMoment(machine, table, events, liveSnapshot, selected);
  const { entry, past, shown, active } = moment;

  const live = useEnabled(machine, graph, liveSnapshot, active, samples);
  const [sendError, setSendError] = useState<string | null>(null);
  const send = (event: EventObject) => {
    try {
      setSendError(null);
      actor.send(event);
    } catch (error) {
      setSendError(error instanceof Error ? error.message : String(error));
    }
  };
  const noEvents = useMemo(() => new Map<string, EventObject>(), []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  };

  const activeLeaves = graph.states.filter(
    (state) => active.has(state.id) && !state.children.some((child) => active.has(child)),
  );
  const dockStyle = dock.collapsed ? undefined : dock.side === 'bottom' ? { height: dock.size } : { width: dock.size };
  const bodyId = `${titleId}-body`;

  return (
    <dialog
      open
      ref={dialogRef}
      // The app's navigations leave the focus here when it is here (@statechart/react's focus effect).
      data-keeps-focus=""
      className={`sc-inspector sc-dock-${dock.collapsed ? 'bottom sc-collapsed' : dock.side}${past ? ' sc-past' : ''}`}
      style={dockStyle}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
    >
      {!dock.collapsed && (
        <ResizeHandle side={dock.side} size={dock.size} limits={dock.limits} onResize={dock.setSize} />
      )}
      <InspectorHeader
        titleId={titleId}
        bodyId={bodyId}
        machineId={machine.id}
        dock={dock}
        allRoutes={allRoutes}
        setAllRoutes={setAllRoutes}
        onClose={onClose}
        past={past}
        activeLeaves={activeLeaves.map((state) => state.id)}
      />
      {entry && !dock.collapsed && (
        <div className={past ? 'sc-moment sc-moment-past' : 'sc-moment'} role="status">
          <span>
            {past ? 'The past: ' : 'The latest event: '}the machine after <strong>#{entry.seq}</strong>{' '}
            <code>{entry.type}</code>. The app is not changed by looking back.
          </span>
          <button type="button" onClick={() => setSelected(null)}>
            Live
          </button>
        </div>
      )}
      <div className="sc-inspector-body" id={bodyId} hidden={dock.collapsed}>
        {scene ? (
          <DiagramView
            scene={scene}
            active={active}
            enabled={past ? noEvents : live.enabled}
            routes={past ? noEvents : live.routes}
            onSend={send}
            marks={moment.marks}
            momentKey={String(entry?.seq ?? `live:${moment.latestRoot?.seq ?? 0}:${JSON.stringify(shown.value)}`)}
          />
        ) : (
          <p role="status" className="sc-inspector-diagram">
            {layoutError ? `Layout failed: ${layoutError}` : 'Laying out the statechart…'}
          </p>
        )}
        <InspectorPanels
          titleId={titleId}
          route={moment.route}
          explained={moment.explained}
          step={moment.step}
          context={shown.context}
          changed={moment.changed}
          actors={moment.actors}
          events={events}
          table={table}
          selected={selected}
          onSelect={setSelected}
          past={past}
          live={live}
          errors={errorLines(liveSnapshot, sendError, live.guardErrors)}
          onSend={send}
        />
      </div>
    </dialog>
  );
}

/** What went wrong, for the Enabled transitions panel: the machine's error, a send's, the guards'. */
function errorLines(
  liveSnapshot: AnyMachineSnapshot,
  sendError: string | null,
  guardErrors: readonly GuardError[],
): string[] {
  // XState stops an actor whose action or guard throws: its snapshot says so, the overlay stays.
  const machineError =
    liveSnapshot.status === 'error'
      ? liveSnapshot.error instanceof Error
        ? liveSnapshot.error.message
        : String(liveSnapshot.error)
      : null;
  return [
    ...(machineError ? [`The machine stopped on an error: ${machineError}`] : []),
    ...(sendError ? [`Sending failed: ${sendError}`] : []),
    ...guardErrors.map((error) =>
      error.kind === 'target'
        ? `Cannot send ${error.transition}: ${error.message}`
        : `Guard of ${error.transition} threw: ${error.message} (give the event a payload below)`,
    ),
  ];
}

function routeTableOf(machine: AnyStateMachine): RouteTable | null {
  try {
    return buildRouteTable(machine);
  } catch {
    // Any machine can be inspected: without routes there is no URL to show.
    return null;
  }
}
