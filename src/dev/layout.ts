import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { GraphState, GraphTransition, MachineGraph } from './graph';

/**
 * Lays a machine graph out with elkjs (layered, hierarchical: compound states are nested nodes),
 * as Stately's visualiser does, into a `Scene` of absolute boxes, rows and arrows. The overlay
 * draws the scene with React, the export CLI as an SVG string: the same layout in both.
 * Text is measured by character count in a monospace font, so no DOM is needed.
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

export const FONT_SIZE = 12;
export const LINE = 17;
const CHAR = 7.3;
const PAD = 10;
const INITIAL = 10;
const LABEL_HEIGHT = 16;

export const textWidth = (text: string) => Math.ceil(text.length * CHAR);

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
/** The lines under a state's title: its route path, then its invoked actors. */
export const headLines = (state: { path: string | null; invokes: readonly string[] }): string[] => [
  ...(state.path ? [routeLine(state.path)] : []),
  ...state.invokes.map(invokeLine),
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
  const headerLines = (state: GraphState) => 1 + headLines(state).length + (rows.get(state.id)?.length ?? 0);
  const headerWidth = (state: GraphState) =>
    Math.max(
      textWidth(stateTitle(state)),
      ...headLines(state).map(textWidth),
      ...(rows.get(state.id) ?? []).map((row) => textWidth(transitionLabel(row)) + 12),
    );

  const toElk = (state: GraphState): ElkNode => {
    const header = PAD + headerLines(state) * LINE;
    const width = headerWidth(state) + 2 * PAD;
    if (state.children.length === 0) return { id: state.id, width: Math.max(width, 90), height: header + PAD };
    const children = state.children.map((id) => toElk(byId.get(id) as GraphState));
    if (state.kind === 'compound' && state.initial.length > 0) {
      children.unshift({ id: initialId(state.id), width: INITIAL, height: INITIAL });
    }
    if (anchored.has(state.id)) children.unshift({ id: anchorId(state.id), width: INITIAL, height: INITIAL });
    return {
      id: state.id,
      children,
      layoutOptions: {
        'elk.padding': `[top=${header + PAD},left=${PAD + 4},bottom=${PAD + 4},right=${PAD + 4}]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${width}, ${header + 2 * PAD})`,
        ...(state.kind === 'parallel' && { 'elk.direction': 'RIGHT' }),
      },
    };
  };

  // A transition into the source's own descendants starts at an anchor inside the source: ELK
  // routes an edge from a container to its content around the outside of the container.
  const isInside = (id: string, ancestor: string): boolean => {
    for (let at = byId.get(id)?.parent; at; at = byId.get(at)?.parent) if (at === ancestor) return true;
    return false;
  };
  const anchored = new Set(
    arrows.filter((t) => t.targets.some((target) => isInside(target, t.source))).map((t) => t.source),
  );

  const edges: ElkExtendedEdge[] = [];
  const edgeFor = new Map<string, GraphTransition>();
  for (const transition of arrows) {
    transition.targets.forEach((target, index) => {
      const id = `${transition.id}>${index}`;
      const text = transitionLabel(transition);
      edgeFor.set(id, transition);
      edges.push({
        id,
        sources: [isInside(target, transition.source) ? anchorId(transition.source) : transition.source],
        targets: [target],
        labels: [{ text, width: textWidth(text) + 8, height: LABEL_HEIGHT }],
      });
    });
  }
  for (const state of graph.states) {
    for (const target of state.initial) {
      edges.push({ id: `${initialId(state.id)}>${target}`, sources: [initialId(state.id)], targets: [target] });
    }
  }

  const elk = options.elk ?? (await bundledElk());
  const input: ElkNode = {
    id: '__diagram',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.direction': 'DOWN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
      'elk.padding': '[top=12,left=12,bottom=12,right=12]',
      'elk.spacing.nodeNode': '28',
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
    },
    children: [toElk(byId.get(graph.root) as GraphState)],
    edges,
  };
  const laidOut: ElkNode = await elk.layout(input);

  const scene: Scene = {
    width: Math.ceil(laidOut.width ?? 0),
    height: Math.ceil(laidOut.height ?? 0),
    states: [],
    edges: [],
    initials: [],
    anchors: [],
  };
  const boxes = new Map<string, ElkNode>();
  const collect = (node: ElkNode) => {
    boxes.set(node.id, node);
    node.children?.forEach(collect);
  };
  laidOut.children?.forEach(collect);

  for (const state of graph.states) {
    const anchor = boxes.get(anchorId(state.id));
    if (anchor) {
      scene.anchors.push({
        state: state.id,
        cx: round((anchor.x ?? 0) + INITIAL / 2),
        cy: round((anchor.y ?? 0) + INITIAL / 2),
      });
    }
    const box = boxes.get(state.id) as ElkNode;
    const x = round(box.x ?? 0);
    const y = round(box.y ?? 0);
    const firstRow = y + PAD + (1 + headLines(state).length) * LINE;
    scene.states.push({
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
  const edgePoints = (edge: ElkExtendedEdge) =>
    (edge.sections ?? []).flatMap((section) => [section.startPoint, ...(section.bendPoints ?? []), section.endPoint]);
  for (const edge of collectEdges(laidOut)) {
    const points = edgePoints(edge).map(({ x, y }) => ({ x: round(x), y: round(y) }));
    const transition = edgeFor.get(edge.id);
    if (transition) {
      const label = edge.labels?.[0];
      scene.edges.push({
        id: edge.id,
        transition,
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
      const parent = edge.id.slice(0, edge.id.indexOf('::initial'));
      const dot = boxes.get(initialId(parent)) as ElkNode;
      scene.initials.push({
        parent,
        cx: round((dot.x ?? 0) + INITIAL / 2),
        cy: round((dot.y ?? 0) + INITIAL / 2),
        points,
      });
    }
  }
  // Document order, whatever container ELK moved each edge to: the output is stable.
  const order = new Map(graph.transitions.map((transition, index) => [transition.id, index]));
  scene.edges.sort((a, b) => (order.get(a.transition.id) ?? 0) - (order.get(b.transition.id) ?? 0) || cmp(a.id, b.id));
  scene.initials.sort((a, b) => cmp(a.parent, b.parent));
  return scene;
}

async function bundledElk(): Promise<ElkLayouter> {
  // Loaded on demand: the overlay pays for elkjs only when it is opened.
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
  return new ELK();
}

const initialId = (stateId: string) => `${stateId}::initial`;
const anchorId = (stateId: string) => `${stateId}::anchor`;
const round = (value: number) => Math.round(value * 10) / 10;
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function collectEdges(node: ElkNode): ElkExtendedEdge[] {
  return [...(node.edges ?? []), ...(node.children ?? []).flatMap(collectEdges)];
}
