import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import { anchorId, DIAGRAM, initialId, planArrows, type ArrowPlans } from './arrowPlan';
import type { GraphState, GraphTransition, MachineGraph } from './graph';
import { arrowPoints, GUTTER, labelOn, type Box } from './joins';
import { LINE, PAD, round, textWidth } from './units';

/**
 * Lays a machine graph out with elkjs (layered, hierarchical: compound states are nested nodes),
 * as Stately's visualiser does, into a `Scene` of absolute boxes, rows and arrows. The overlay
 * draws the scene with React, the export CLI as an SVG string: the same layout in both.
 * Text is measured by character count in a monospace font, so no DOM is needed (units.ts).
 */
export interface Scene {
  width: number;
  height: number;
  /** Parents before children: draw in this order. */
  states: SceneState[];
  edges: SceneEdge[];
  initials: SceneInitial[];
  /** Where a state's transitions into its own descendants start (drawn as a hollow dot). */
  anchors: { state: string; cx: number; cy: number }[];
}

export interface SceneState {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  state: GraphState;
  /** `key #id` */
  title: string;
  /** The route path line, for routable states. */
  path: string | null;
  /** Targetless transitions, listed inside the state. */
  rows: SceneRow[];
}

export interface SceneRow {
  transition: GraphTransition;
  text: string;
  x: number;
  y: number;
}

export interface SceneEdge {
  /** `transition.id>targetIndex` */
  id: string;
  transition: GraphTransition;
  points: { x: number; y: number }[];
  label: { text: string; x: number; y: number; width: number; height: number } | null;
}

export interface SceneInitial {
  /** The compound state whose initial transition this is. */
  parent: string;
  cx: number;
  cy: number;
  points: { x: number; y: number }[];
}

export interface LayoutOptions {
  /**
   * `grouped` (default): the route transitions routed() and XState generate are not drawn one by
   * one; each routable state shows its route path instead. `all`: every one is drawn.
   */
  routes?: 'grouped' | 'all';
  /**
   * The ELK instance to lay out with. Default: elkjs's bundled build on the calling thread (the
   * export CLI, tests). The overlay passes one backed by a Web Worker, so a big machine's layout
   * never blocks input.
   */
  elk?: ElkLayouter;
}

/** What layoutGraph needs of ELK: its `layout` (elkjs's main-thread and worker builds both have it). */
export interface ElkLayouter {
  layout(graph: ElkNode): Promise<ElkNode>;
}

const INITIAL = 10;

export function transitionLabel(transition: GraphTransition): string {
  const event = transition.kind === 'always' ? 'always' : readableEvent(transition.event);
  return transition.guard ? `${event} [${transition.guard}]` : event;
}

/**
 * XState's own event names, as a reader says them: `after 3000 ms` for a delayed transition,
 * `fetch done` / `fetch error` for an invoked actor's outcome, `done` for a final child reached.
 */
export function readableEvent(type: string): string {
  const after = /^xstate\.after\.([^.]+)\./.exec(type);
  if (after) return /^\d+$/.test(after[1] ?? '') ? `after ${after[1]} ms` : `after ${after[1]}`;
  if (type.startsWith('xstate.done.actor.')) return `${type.slice('xstate.done.actor.'.length)} done`;
  if (type.startsWith('xstate.error.actor.')) return `${type.slice('xstate.error.actor.'.length)} error`;
  if (type.startsWith('xstate.done.state.')) return 'done';
  return type;
}

/** The line naming a routable state's URL. */
export const routeLine = (path: string) => `⇢ ${path}`;
/** An invoked actor's line: it runs while the state is active, and leaving the state stops it. */
export const invokeLine = (src: string) => `⚙ ${src} (stopped on exit)`;
/** A spawned actor's line: it lives until stopped, whatever the state. */
export const spawnLine = (spawn: { src: string; on: string }) =>
  `⊕ ${spawn.src} (spawned on ${spawn.on === 'entry' ? 'entry' : readableEvent(spawn.on)})`;
/** The lines naming a state's actors: invoked, then spawned. */
export const actorLines = (state: Pick<GraphState, 'invokes' | 'spawns'>): string[] => [
  ...state.invokes.map(invokeLine),
  ...state.spawns.map(spawnLine),
];
/** The lines under a state's title: its route path, then its actors. */
export const headLines = (state: Pick<GraphState, 'path' | 'invokes' | 'spawns'>): string[] => [
  ...(state.path ? [routeLine(state.path)] : []),
  ...actorLines(state),
];

export function stateTitle(state: GraphState): string {
  return state.explicitId && state.id !== state.key ? `${state.key} #${state.id}` : state.key;
}

/** Which transitions are drawn, and how. The graph keeps all of them either way. */
function visible(transition: GraphTransition, options: LayoutOptions): boolean {
  return transition.kind !== 'route' || options.routes === 'all';
}

export async function layoutGraph(graph: MachineGraph, options: LayoutOptions = {}): Promise<Scene> {
  const byId = new Map(graph.states.map((state) => [state.id, state]));
  const { rows, arrows } = splitTransitions(graph, options);
  const planned = planArrows(graph, byId, arrows, transitionLabel);
  const elk = options.elk ?? (await bundledElk());
  const laidOut: ElkNode = await elk.layout(elkGraph(graph, byId, rows, planned));
  const boxes = new Map<string, ElkNode>();
  const collect = (node: ElkNode) => {
    boxes.set(node.id, node);
    node.children?.forEach(collect);
  };
  laidOut.children?.forEach(collect);
  const { states, anchors } = placeStates(graph, boxes, rows);
  const { edges, initials } = placeArrows(graph, boxes, planned, collectEdges(laidOut));
  return {
    width: Math.ceil(laidOut.width ?? 0),
    height: Math.ceil(laidOut.height ?? 0),
    states,
    edges,
    initials,
    anchors,
  };
}

/** By source state: the targetless transitions drawn, listed inside their state as rows. */
type Rows = ReadonlyMap<string, GraphTransition[]>;

/** The transitions drawn: targetless ones as rows of their state, the others as arrows. */
function splitTransitions(graph: MachineGraph, options: LayoutOptions) {
  const rows = new Map<string, GraphTransition[]>();
  const arrows: GraphTransition[] = [];
  for (const transition of graph.transitions) {
    if (!visible(transition, options)) continue;
    if (transition.targets.length === 0) {
      rows.set(transition.source, [...(rows.get(transition.source) ?? []), transition]);
    } else {
      arrows.push(transition);
    }
  }
  return { rows, arrows };
}

/**
 * What ELK lays out: the states as nested nodes (a compound state's initial dot and a state's anchor
 * among its children), sized for the lines of their header, and each container's planned edges.
 */
function elkGraph(
  graph: MachineGraph,
  byId: ReadonlyMap<string, GraphState>,
  rows: Rows,
  planned: ArrowPlans,
): ElkNode {
  const headerLines = (state: GraphState) => 1 + headLines(state).length + (rows.get(state.id)?.length ?? 0);
  const headerWidth = (state: GraphState) =>
    Math.max(
      textWidth(stateTitle(state)),
      ...headLines(state).map(textWidth),
      ...(rows.get(state.id) ?? []).map((row) => textWidth(transitionLabel(row)) + 12),
    );
  const toElk = (state: GraphState, depth = 0): ElkNode => {
    const header = PAD + headerLines(state) * LINE;
    const width = headerWidth(state) + 2 * PAD;
    const own = { id: state.id };
    if (state.children.length === 0) return { ...own, width: Math.max(width, 90), height: header + PAD };
    const children = state.children.map((id) => toElk(byId.get(id) as GraphState, depth + 1));
    if (state.kind === 'compound' && state.initial.length > 0) {
      children.unshift({ id: initialId(state.id), width: INITIAL, height: INITIAL });
    }
    if (planned.anchored.has(state.id)) children.unshift({ id: anchorId(state.id), width: INITIAL, height: INITIAL });
    return {
      ...own,
      children,
      edges: planned.lifted.get(state.id) ?? [],
      layoutOptions: {
        ...LAYERED,
        'org.eclipse.elk.padding': `[top=${header + PAD},left=${GUTTER},bottom=${GUTTER},right=${GUTTER}]`,
        'org.eclipse.elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'org.eclipse.elk.nodeSize.minimum': `(${width}, ${header + 2 * PAD})`,
        // Parallel regions side by side; otherwise down and across by turns, so that nested
        // chains fold into a block rather than one strip thousands of pixels tall.
        ...((state.kind === 'parallel' || depth % 2 === 1) && { 'org.eclipse.elk.direction': 'RIGHT' }),
      },
    };
  };
  return {
    id: DIAGRAM,
    layoutOptions: {
      ...LAYERED,
      'org.eclipse.elk.hierarchyHandling': 'SEPARATE_CHILDREN',
      'org.eclipse.elk.json.shapeCoords': 'ROOT',
      'org.eclipse.elk.json.edgeCoords': 'ROOT',
      'org.eclipse.elk.padding': '[top=12,left=12,bottom=12,right=12]',
    },
    children: [toElk(byId.get(graph.root) as GraphState)],
    edges: planned.lifted.get(DIAGRAM) ?? [],
  };
}

/** The states' boxes as ELK placed them (absolute: shapeCoords ROOT), with their rows, and the anchors. */
function placeStates(graph: MachineGraph, boxes: ReadonlyMap<string, ElkNode>, rows: Rows) {
  const states: SceneState[] = [];
  const anchors: Scene['anchors'] = [];
  for (const state of graph.states) {
    const anchor = boxes.get(anchorId(state.id));
    if (anchor) {
      anchors.push({
        state: state.id,
        cx: round((anchor.x ?? 0) + INITIAL / 2),
        cy: round((anchor.y ?? 0) + INITIAL / 2),
      });
    }
    const box = boxes.get(state.id) as ElkNode;
    const x = round(box.x ?? 0);
    const y = round(box.y ?? 0);
    const firstRow = y + PAD + (1 + headLines(state).length) * LINE;
    states.push({
      id: state.id,
      x,
      y,
      width: round(box.width ?? 0),
      height: round(box.height ?? 0),
      state,
      title: stateTitle(state),
      path: state.path,
      rows: (rows.get(state.id) ?? []).map((transition, index) => ({
        transition,
        text: transitionLabel(transition),
        x: x + PAD,
        y: firstRow + index * LINE,
      })),
    });
  }
  return { states, anchors };
}

/** Every planned arrow drawn on ELK's edges: the transitions' in document order, the initial ones by state. */
function placeArrows(
  graph: MachineGraph,
  boxes: ReadonlyMap<string, ElkNode>,
  planned: ArrowPlans,
  laidOutEdges: ElkExtendedEdge[],
) {
  const edges: SceneEdge[] = [];
  const initials: SceneInitial[] = [];
  const boxOf = (id: string): Box => {
    const node = boxes.get(id) as ElkNode;
    return { x: node.x ?? 0, y: node.y ?? 0, width: node.width ?? 0, height: node.height ?? 0 };
  };
  const edgeById = new Map(laidOutEdges.map((edge) => [edge.id, edge]));
  for (const [id, plan] of planned.plans) {
    const edge = edgeById.get(id);
    const points = arrowPoints(plan, edge, boxOf);
    if (plan.transition) {
      let label = edge?.labels?.[0];
      if (!label && plan.label) label = labelOn(points, plan.label);
      edges.push({
        id,
        transition: plan.transition,
        points,
        label: label
          ? {
              text: label.text ?? '',
              x: round(label.x ?? 0),
              y: round(label.y ?? 0),
              width: label.width ?? 0,
              height: label.height ?? 0,
            }
          : null,
      });
    } else {
      const parent = id.slice(0, id.indexOf('::initial'));
      const dot = boxes.get(initialId(parent)) as ElkNode;
      initials.push({
        parent,
        cx: round((dot.x ?? 0) + INITIAL / 2),
        cy: round((dot.y ?? 0) + INITIAL / 2),
        points,
      });
    }
  }
  // Document order, whatever container ELK moved each edge to: the output is stable.
  const order = new Map(graph.transitions.map((transition, index) => [transition.id, index]));
  edges.sort((a, b) => (order.get(a.transition.id) ?? 0) - (order.get(b.transition.id) ?? 0) || cmp(a.id, b.id));
  initials.sort((a, b) => cmp(a.parent, b.parent));
  return { edges, initials };
}

async function bundledElk(): Promise<ElkLayouter> {
  // Loaded on demand: the overlay pays for elkjs only when it is opened.
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
  return new ELK();
}

/** Shared by every container's layout: each is laid out on its own, so none inherits these. */
const LAYERED: Record<string, string> = {
  'org.eclipse.elk.algorithm': 'layered',
  'org.eclipse.elk.direction': 'DOWN',
  'org.eclipse.elk.edgeRouting': 'ORTHOGONAL',
  'org.eclipse.elk.spacing.nodeNode': '28',
  'org.eclipse.elk.layered.spacing.nodeNodeBetweenLayers': '36',
  'org.eclipse.elk.spacing.edgeLabel': '4',
  'org.eclipse.elk.edgeLabels.placement': 'CENTER',
  'org.eclipse.elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'org.eclipse.elk.layered.thoroughness': '2',
  'org.eclipse.elk.layered.crossingMinimization.greedySwitch.type': 'OFF',
};

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function collectEdges(node: ElkNode): ElkExtendedEdge[] {
  return [...(node.edges ?? []), ...(node.children ?? []).flatMap(collectEdges)];
}
