import type { KeyboardEvent, ReactNode } from 'react';
import type { EventObject } from 'xstate';
import { actorLines, routeLine, type Scene } from './layout';
import { LINE } from './units';
import {
  ARROW_ID,
  DIAGRAM_CSS,
  edgeClass,
  pathBaseline,
  pathData,
  rowBaseline,
  stateClass,
  titleBaseline,
} from './svg';
import { describeEvent } from './enabled';
import { boundsOf, intersects, type Box, type View } from './viewport';

interface DiagramProps {
  scene: Scene;
  active: ReadonlySet<string>;
  /** Enabled transitions by id, with the event that takes each. */
  enabled: ReadonlyMap<string, EventObject>;
  /** Per routable state id: the route event that would enter it now, if any. */
  routes: ReadonlyMap<string, EventObject>;
  onSend: (event: EventObject) => void;
  /** Scale and offset of the drawing inside the viewport (see viewport.ts). */
  view: View;
  /** What the selected event did to each state (from its microsteps). */
  marks?: ReadonlyMap<string, StepMark>;
  /** Virtualised: draw only what meets this part of the world (and no text when `outline`). */
  window?: Box | null;
  outline?: boolean;
}

export type StepMark = 'exited' | 'entered' | 'reentered' | 'kept';

/** The scene drawn with the export's geometry and classes; enabled transitions are buttons. */
export function Diagram({
  scene,
  active,
  enabled,
  routes,
  onSend,
  view,
  marks,
  window,
  outline = false,
}: DiagramProps) {
  const near = (box: Box) => !window || intersects(box, window);
  const states = window ? scene.states.filter(near) : scene.states;
  const edges = window
    ? scene.edges.filter((edge) => near(boundsOf(edge.points)) || (edge.label !== null && near(edge.label)))
    : scene.edges;
  const initials = window ? scene.initials.filter((initial) => near(boundsOf(initial.points))) : scene.initials;
  const anchors = window
    ? scene.anchors.filter((anchor) => near({ x: anchor.cx - 5, y: anchor.cy - 5, width: 10, height: 10 }))
    : scene.anchors;
  const button = (event: EventObject | undefined, className: string, children: ReactNode) => {
    if (!event) return <g className={className}>{children}</g>;
    // What the event does may take this button away (a route's button goes once its state is
    // entered), and the focus with it, to <body>, where the app's navigation would take it to its
    // heading: the diagram's region holds it first, so it stays in the inspector (Escape works);
    // the button gets it back if it is still there.
    const send = (target: SVGGElement) => {
      target.closest<HTMLElement>('.sc-inspector-diagram')?.focus({ preventScroll: true });
      onSend(event);
      requestAnimationFrame(() => {
        if (target.isConnected && target.getAttribute('tabindex') === '0') target.focus({ preventScroll: true });
      });
    };
    const onKeyDown = (key: KeyboardEvent<SVGGElement>) => {
      if (key.key !== 'Enter' && key.key !== ' ') return;
      key.preventDefault();
      send(key.currentTarget);
    };
    return (
      <g
        className={`${className} sc-button`}
        role="button"
        tabIndex={0}
        aria-label={`Send ${describeEvent(event)}`}
        onClick={(click) => send(click.currentTarget)}
        onKeyDown={onKeyDown}
      >
        {children}
      </g>
    );
  };
  return (
    <svg
      className="sc-diagram"
      role="group"
      aria-label="Statechart diagram"
      width="100%"
      height="100%"
      style={{ display: 'block' }}
    >
      <style>{DIAGRAM_CSS}</style>
      <defs>
        <marker
          id={ARROW_ID}
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="8"
          markerHeight="8"
          orient="auto-start-reverse"
        >
          <path className="sc-arrow" d="M0 0 L10 5 L0 10 z" />
        </marker>
      </defs>
      <g transform={`translate(${view.x} ${view.y}) scale(${view.k})`}>
        <rect className="sc-bg" width={scene.width} height={scene.height} />
        {states.map((state) => (
          <g
            key={state.id}
            className={`${stateClass(state, active.has(state.id))}${marks?.has(state.id) ? ` sc-${marks.get(state.id)}` : ''}`}
            data-state={state.id}
            data-active={active.has(state.id) || undefined}
            data-step={marks?.get(state.id)}
          >
            <rect className="sc-state" x={state.x} y={state.y} width={state.width} height={state.height} rx="8" />
            {!outline && (
              <>
                <text className="sc-title" x={state.x + 10} y={titleBaseline(state)}>
                  {state.title}
                </text>
                {state.path &&
                  button(
                    routes.get(state.id),
                    'sc-route',
                    <text className="sc-path" x={state.x + 10} y={pathBaseline(state)}>
                      {routeLine(state.path)}
                    </text>,
                  )}
                {actorLines(state.state).map((line, index) => (
                  <text
                    key={`actor-${index}`}
                    className="sc-invoke"
                    x={state.x + 10}
                    y={pathBaseline(state) + (state.path ? LINE : 0) + index * LINE}
                  >
                    {line}
                  </text>
                ))}
                {state.rows.map((row) => (
                  <g key={row.transition.id} data-transition={row.transition.id}>
                    {button(
                      enabled.get(row.transition.id),
                      enabled.has(row.transition.id) ? 'sc-row-enabled' : '',
                      <>
                        <rect
                          className="sc-row-bg"
                          x={row.x - 4}
                          y={row.y + 1}
                          width={state.width - 12}
                          height={16}
                          rx="3"
                        />
                        <text className="sc-row" x={row.x} y={rowBaseline(row.y)}>
                          {row.text}
                        </text>
                      </>,
                    )}
                  </g>
                ))}
              </>
            )}
          </g>
        ))}
        {initials.map((initial) => (
          <g key={initial.parent} data-initial={initial.parent}>
            <circle className="sc-initial" cx={initial.cx} cy={initial.cy} r="5" />
            <path className="sc-edge" d={pathData(initial.points)} markerEnd={`url(#${ARROW_ID})`} />
          </g>
        ))}
        {anchors.map((anchor) => (
          <circle key={anchor.state} className="sc-anchor" cx={anchor.cx} cy={anchor.cy} r="5" />
        ))}
        {edges.map((edge) => (
          <g key={edge.id} data-transition={edge.transition.id}>
            {button(
              enabled.get(edge.transition.id),
              enabled.has(edge.transition.id) ? 'sc-enabled' : '',
              <>
                <path
                  className={edgeClass(edge.transition.kind)}
                  d={pathData(edge.points)}
                  markerEnd={`url(#${ARROW_ID})`}
                />
                {edge.label && !outline && (
                  <>
                    <rect
                      className="sc-label-bg"
                      x={edge.label.x}
                      y={edge.label.y}
                      width={edge.label.width}
                      height={edge.label.height}
                      rx="3"
                    />
                    <text className="sc-label" x={edge.label.x + 4} y={edge.label.y + edge.label.height - 4}>
                      {edge.label.text}
                    </text>
                  </>
                )}
              </>,
            )}
          </g>
        ))}
      </g>
    </svg>
  );
}
