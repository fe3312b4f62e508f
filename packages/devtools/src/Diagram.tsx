import type { EventObject } from 'xstate';
import { actorLines, routeLine, type Scene, type SceneEdge, type SceneState } from './layout';
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
import { SendButton } from './SendButton';
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
  const { states, edges, initials, anchors } = window ? within(scene, window) : scene;
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
          <StateNode
            key={state.id}
            state={state}
            active={active.has(state.id)}
            mark={marks?.get(state.id)}
            enabled={enabled}
            route={routes.get(state.id)}
            onSend={onSend}
            outline={outline}
          />
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
          <EdgeNode key={edge.id} edge={edge} enabled={enabled} onSend={onSend} outline={outline} />
        ))}
      </g>
    </svg>
  );
}

/** Virtualised: what of the scene meets `window`, the part of the world in view. */
function within(scene: Scene, window: Box): Pick<Scene, 'states' | 'edges' | 'initials' | 'anchors'> {
  const near = (box: Box) => intersects(box, window);
  return {
    states: scene.states.filter(near),
    edges: scene.edges.filter((edge) => near(boundsOf(edge.points)) || (edge.label !== null && near(edge.label))),
    initials: scene.initials.filter((initial) => near(boundsOf(initial.points))),
    anchors: scene.anchors.filter((anchor) => near({ x: anchor.cx - 5, y: anchor.cy - 5, width: 10, height: 10 })),
  };
}

interface StateNodeProps {
  state: SceneState;
  active: boolean;
  mark: StepMark | undefined;
  enabled: ReadonlyMap<string, EventObject>;
  /** The route event that would enter the state now, if any: its route path is then a button. */
  route: EventObject | undefined;
  onSend: (event: EventObject) => void;
  outline: boolean;
}

/** A state's box: its title, route path, actors and targetless transitions (rows), unless drawn in outline. */
function StateNode({ state, active, mark, enabled, route, onSend, outline }: StateNodeProps) {
  return (
    <g
      className={`${stateClass(state, active)}${mark ? ` sc-${mark}` : ''}`}
      data-state={state.id}
      data-active={active || undefined}
      data-step={mark}
    >
      <rect className="sc-state" x={state.x} y={state.y} width={state.width} height={state.height} rx="8" />
      {!outline && (
        <>
          <text className="sc-title" x={state.x + 10} y={titleBaseline(state)}>
            {state.title}
          </text>
          {state.path && (
            <SendButton event={route} className="sc-route" onSend={onSend}>
              <text className="sc-path" x={state.x + 10} y={pathBaseline(state)}>
                {routeLine(state.path)}
              </text>
            </SendButton>
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
              <SendButton
                event={enabled.get(row.transition.id)}
                className={enabled.has(row.transition.id) ? 'sc-row-enabled' : ''}
                onSend={onSend}
              >
                <rect className="sc-row-bg" x={row.x - 4} y={row.y + 1} width={state.width - 12} height={16} rx="3" />
                <text className="sc-row" x={row.x} y={rowBaseline(row.y)}>
                  {row.text}
                </text>
              </SendButton>
            </g>
          ))}
        </>
      )}
    </g>
  );
}

interface EdgeNodeProps {
  edge: SceneEdge;
  enabled: ReadonlyMap<string, EventObject>;
  onSend: (event: EventObject) => void;
  outline: boolean;
}

/** A transition's arrow with its label (no label in outline). */
function EdgeNode({ edge, enabled, onSend, outline }: EdgeNodeProps) {
  return (
    <g data-transition={edge.transition.id}>
      <SendButton
        event={enabled.get(edge.transition.id)}
        className={enabled.has(edge.transition.id) ? 'sc-enabled' : ''}
        onSend={onSend}
      >
        <path className={edgeClass(edge.transition.kind)} d={pathData(edge.points)} markerEnd={`url(#${ARROW_ID})`} />
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
      </SendButton>
    </g>
  );
}
