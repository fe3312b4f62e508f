import type { ReactNode } from 'react';
import type { EventObject } from 'xstate';
import type { RouteTable } from '@statechart/core';
import { EnabledPanel, type useEnabled } from './EnabledPanel';
import type { ActorSummary, LoggedEvent } from './eventLog';
import { EventLogPanel } from './EventLogPanel';
import { recordCase, type RouteShown, type StepExplained } from './moments';
import { ActorTree, ContextTree, RoutePanel, StepPanel } from './Panels';

interface InspectorPanelsProps {
  /** The overlay's title id: each panel's heading id starts with it. */
  titleId: string;
  route: RouteShown | null;
  /** The event explained, and what it did. */
  explained: LoggedEvent | undefined;
  step: StepExplained | null;
  context: unknown;
  /** The context's paths the explained event changed. */
  changed: ReadonlySet<string>;
  actors: readonly ActorSummary[];
  events: readonly LoggedEvent[];
  table: RouteTable | null;
  selected: number | null;
  onSelect: (seq: number | null) => void;
  /** A past moment is shown: nothing can be sent. */
  past: boolean;
  live: ReturnType<typeof useEnabled>;
  errors: string[];
  onSend: (event: EventObject) => void;
}

/** The overlay's column beside the diagram: the screen, what the event did, the context, the actors, the log, the enabled transitions. */
export function InspectorPanels(props: InspectorPanelsProps) {
  const { titleId, route, explained, step, context, changed, actors, events, table, past, live } = props;
  return (
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
        <ContextTree value={context} changed={changed} />
      </Panel>
      <Panel title="Actors" id={`${titleId}-actors`}>
        <ActorTree actors={actors} />
      </Panel>
      <Panel title={`Events (${events.length}, newest first)`} id={`${titleId}-events`}>
        <EventLogPanel
          events={events}
          selected={props.selected}
          onSelect={props.onSelect}
          copyCase={(from) => JSON.stringify(recordCase(events, from, table), null, 2)}
        />
      </Panel>
      <Panel title="Enabled transitions" id={`${titleId}-enabled`}>
        {past ? (
          <p className="sc-inspector-muted">Back to Live to send events: the past is only shown.</p>
        ) : (
          <EnabledPanel
            buttons={live.buttons}
            errors={props.errors}
            payloadText={live.payloadText}
            setPayloadText={live.setPayloadText}
            typedError={live.typed.ok ? null : live.typed.error}
            onSend={props.onSend}
          />
        )}
      </Panel>
    </div>
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
