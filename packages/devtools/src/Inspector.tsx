import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import type { AnyActorRef, AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { buildRouteTable, type RouteTable } from '@statechart/core';
import { activeNodes } from '@statechart/core/internal';
import { ResizeHandle, useDock } from './Dock';
import { DiagramView } from './DiagramView';
import { workerElk } from './elkWorker';
import { EnabledPanel, useEnabled } from './EnabledPanel';
import { actorTree, type EventLog } from './eventLog';
import { EventLogPanel } from './EventLogPanel';
import { machineGraph } from './graph';
import type { Scene } from './layout';
import { cachedLayout } from './layoutCache';
import { changedPaths, explainEntry, recordCase, routeShown, stepMarks } from './moments';
import { ActorTree, ContextTree, RoutePanel, StepPanel } from './Panels';
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
  // Collapsed, the overlay is its header: the page is padded by the header's measured height.
  const [barHeight, setBarHeight] = useState(0);
  const dock = useDock(barHeight);
  const dialogRef = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dock.collapsed || !dialog) return;
    const measure = () => setBarHeight(Math.ceil(dialog.getBoundingClientRect().height));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(dialog);
    return () => observer.disconnect();
  }, [dock.collapsed]);
  const graph = useMemo(() => machineGraph(machine), [machine]);
  const table = useMemo(() => routeTableOf(machine), [machine]);
  const [allRoutes, setAllRoutes] = useState(false);
  const [scene, setScene] = useState<Scene | null>(null);
  const [layoutError, setLayoutError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void (async () => {
      const elk = await workerElk().catch(() => null);
      cachedLayout(graph, { routes: allRoutes ? 'all' : 'grouped', ...(elk && { elk }) }).then(
        (laidOut) => live && setScene(laidOut),
        (error: unknown) => live && setLayoutError(String(error)),
      );
    })();
    return () => {
      live = false;
    };
  }, [graph, allRoutes]);

  const liveSnapshot = useSyncExternalStore(
    (onChange) => {
      // With an error listener: a machine that throws shows its error here, and the overlay stays.
      const subscription = actor.subscribe({ next: onChange, error: onChange });
      return () => subscription.unsubscribe();
    },
    () => actor.getSnapshot() as AnyMachineSnapshot,
  );
  const events = useSyncExternalStore(log.subscribe, log.getEvents);

  // Time travel: a selected entry's snapshot is shown instead of the live one; the app is untouched.
  const [selected, setSelected] = useState<number | null>(null);
  const entry = selected === null ? undefined : events.find((event) => event.seq === selected);
  const latestRoot = events.findLast((event) => event.root && event.after);
  const past = entry !== undefined && entry !== latestRoot;
  const shown = entry?.after ?? liveSnapshot;
  // The event explained: the selected one, else the last one the machine took if it made the live snapshot.
  const explained = entry ?? (latestRoot?.after === liveSnapshot ? latestRoot : undefined);

  const active = useMemo(() => activeIds(machine, shown), [machine, shown]);
  const step = useMemo(() => explainEntry(explained?.before, explained), [explained]);
  const marks = useMemo(() => (entry && step ? stepMarks(step) : undefined), [entry, step]);
  const changed = useMemo(
    () => new Set(explained?.before ? changedPaths(explained.before.context, explained.after?.context) : []),
    [explained],
  );
  const route = useMemo(() => routeShown(table, shown), [table, shown]);
  // Live: read now (an invoked actor's own state changes without the root's snapshot changing;
  // every such event is logged, and the log re-renders this). Past: as kept at that moment.
  const actors = entry?.actors ?? actorTree(liveSnapshot);

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
  // XState stops an actor whose action or guard throws: its snapshot says so, the overlay stays.
  const machineError =
    liveSnapshot.status === 'error'
      ? liveSnapshot.error instanceof Error
        ? liveSnapshot.error.message
        : String(liveSnapshot.error)
      : null;
  const errors = [
    ...(machineError ? [`The machine stopped on an error: ${machineError}`] : []),
    ...(sendError ? [`Sending failed: ${sendError}`] : []),
    ...live.guardErrors.map((error) =>
      error.kind === 'target'
        ? `Cannot send ${error.transition}: ${error.message}`
        : `Guard of ${error.transition} threw: ${error.message} (give the event a payload below)`,
    ),
  ];
  const noEvents = useMemo(() => new Map<string, EventObject>(), []);

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
      <div className="sc-inspector-header">
        <h2 id={titleId}>Statechart: {machine.id}</h2>
        {/* Folded to this bar, the app has the window but the bar's height; unfolded, the dock again. */}
        <button
          type="button"
          aria-expanded={!dock.collapsed}
          aria-controls={bodyId}
          onClick={() => dock.setCollapsed(!dock.collapsed)}
        >
          {dock.collapsed ? 'Expand' : 'Collapse'}
        </button>
        <label className="sc-inspector-toggle">
          Dock {/* On a narrow window the bottom is the only place: the choice applies again when it widens. */}
          <select
            value={dock.narrow ? 'bottom' : dock.chosenSide}
            disabled={dock.narrow}
            onChange={(event) => dock.setSide(event.target.value as typeof dock.side)}
          >
            <option value="right">right</option>
            <option value="left">left</option>
            <option value="bottom">bottom</option>
          </select>
        </label>
        <label className="sc-inspector-toggle">
          <input type="checkbox" checked={allRoutes} onChange={(event) => setAllRoutes(event.target.checked)} />
          Every route transition
        </label>
        <button type="button" ref={closeRef} onClick={onClose} aria-label="Close the statechart inspector">
          Close
        </button>
        <p className="sc-inspector-active" aria-live="polite">
          {past ? 'Then: ' : 'Active: '}
          {activeLeaves.map((state) => state.id).join(', ')}
        </p>
      </div>
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
            marks={marks}
            momentKey={String(entry?.seq ?? `live:${latestRoot?.seq ?? 0}:${JSON.stringify(shown.value)}`)}
          />
        ) : (
          <p role="status" className="sc-inspector-diagram">
            {layoutError ? `Layout failed: ${layoutError}` : 'Laying out the statechart…'}
          </p>
        )}
        <div className="sc-inspector-panels">
          <Panel title="Screen" id={`${titleId}-route`}>
            <RoutePanel route={route} />
          </Panel>
          {explained && step && (
            <Panel title={`What #${explained.seq} ${explained.type} did`} id={`${titleId}-step`}>
              <StepPanel type={explained.type} step={step} />
            </Panel>
          )}
          <Panel title="Context" id={`${titleId}-context`}>
            <ContextTree value={shown.context} changed={changed} />
          </Panel>
          <Panel title="Actors" id={`${titleId}-actors`}>
            <ActorTree actors={actors} />
          </Panel>
          <Panel title={`Events (${events.length}, newest first)`} id={`${titleId}-events`}>
            <EventLogPanel
              events={events}
              selected={selected}
              onSelect={setSelected}
              copyCase={(from) => JSON.stringify(recordCase(events, from, table), null, 2)}
            />
          </Panel>
          <Panel title="Enabled transitions" id={`${titleId}-enabled`}>
            {past ? (
              <p className="sc-inspector-muted">Back to Live to send events: the past is only shown.</p>
            ) : (
              <EnabledPanel
                buttons={live.buttons}
                errors={errors}
                payloadText={live.payloadText}
                setPayloadText={live.setPayloadText}
                typedError={live.typed.ok ? null : live.typed.error}
                onSend={send}
              />
            )}
          </Panel>
        </div>
      </div>
    </dialog>
  );
}

function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="sc-panel" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

function activeIds(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): Set<string> {
  try {
    return new Set(activeNodes(machine.root, snapshot.value).map((node) => node.id));
  } catch {
    // The app's machine waits for its first URL in a boot state the machine as written lacks.
    return new Set();
  }
}

function routeTableOf(machine: AnyStateMachine): RouteTable | null {
  try {
    return buildRouteTable(machine);
  } catch {
    // Any machine can be inspected: without routes there is no URL to show.
    return null;
  }
}
