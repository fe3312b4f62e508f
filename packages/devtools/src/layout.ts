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

  // Each container (compound or parallel state, the diagram itself) is laid out on its own, bottom
  // up (ELK's SEPARATE_CHILDREN): its children are fixed-size boxes to it. A transition between
  // states in different containers is laid out as an edge between the two children of their lowest
  // common container that hold them (with its label), and joined to its real source and target
  // afterwards through the containers' margins (`connector`). One hierarchical layout with
  // cross-hierarchy edges (INCLUDE_CHILDREN) took 3.5–11 s on a nested 200-state machine; ports on
  // the containers' borders, to let ELK route those joins too, doubled the time of this one.
  const containerOptions = (extra: Record<string, string>): Record<string, string> => ({
    ...LAYERED,
    ...extra,
  });
  const lifted = new Map<string, ElkExtendedEdge[]>();
  const plans = new Map<string, Plan>();
  const push = <T>(map: Map<string, T[]>, key: string, value: T) => map.set(key, [...(map.get(key) ?? []), value]);

  const toElk = (state: GraphState, depth = 0): ElkNode => {
    const header = PAD + headerLines(state) * LINE;
    const width = headerWidth(state) + 2 * PAD;
    const own = { id: state.id };
    if (state.children.length === 0) return { ...own, width: Math.max(width, 90), height: header + PAD };
    const children = state.children.map((id) => toElk(byId.get(id) as GraphState, depth + 1));
    if (state.kind === 'compound' && state.initial.length > 0) {
      children.unshift({ id: initialId(state.id), width: INITIAL, height: INITIAL });
    }
    if (anchored.has(state.id)) children.unshift({ id: anchorId(state.id), width: INITIAL, height: INITIAL });
    return {
      ...own,
      children,
      edges: lifted.get(state.id) ?? [],
      layoutOptions: containerOptions({
        'org.eclipse.elk.padding': `[top=${header + PAD},left=${GUTTER},bottom=${GUTTER},right=${GUTTER}]`,
        'org.eclipse.elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'org.eclipse.elk.nodeSize.minimum': `(${width}, ${header + 2 * PAD})`,
        // Parallel regions side by side; otherwise down and across by turns, so that nested
        // chains fold into a block rather than one strip thousands of pixels tall.
        ...((state.kind === 'parallel' || depth % 2 === 1) && { 'org.eclipse.elk.direction': 'RIGHT' }),
      }),
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
  /** The containers holding a state, nearest first, the diagram last. */
  const containersOf = (parent: string | null): string[] => {
    const list: string[] = [];
    for (let at = parent; at; at = byId.get(at)?.parent ?? null) list.push(at);
    return [...list, DIAGRAM];
  };

  /**
   * Plans the arrow `from` → `to`: the edge ELK lays out, between the children of the lowest
   * container holding both ends that hold them (`via`), labelled; the joins from `from` and to `to`
   * are drawn after the layout. `fromParent` is the container `from` sits in (an anchor's or an
   * initial dot's is its state).
   */
  const connect = (id: string, from: string, fromParent: string | null, to: string, label?: string) => {
    const up = containersOf(fromParent);
    const toContainers = containersOf(byId.get(to)?.parent ?? null);
    const common = up.find((container) => container === to || toContainers.includes(container)) ?? DIAGRAM;
    // The child of `common` holding `from` (`from` itself when it is one).
    const exitVia = up[up.indexOf(common) - 1] ?? from;
    if (to === common) {
      // Into an ancestor of the source: nothing to lay out; drawn to that ancestor's border.
      plans.set(id, { from, exitVia: from, to, entryVia: to, label: label ?? null, intoAncestor: true });
      return;
    }
    const entryVia = toContainers[toContainers.indexOf(common) - 1] ?? to;
    plans.set(id, { from, exitVia, to, entryVia, label: label ?? null, intoAncestor: false });
    push(lifted, common, {
      id,
      sources: [exitVia],
      targets: [entryVia],
      ...(label !== undefined && { labels: [{ text: label, width: textWidth(label) + 8, height: LABEL_HEIGHT }] }),
    });
  };

  const edgeFor = new Map<string, GraphTransition>();
  for (const transition of arrows) {
    transition.targets.forEach((target, index) => {
      const id = `${transition.id}>${index}`;
      edgeFor.set(id, transition);
      const inward = isInside(target, transition.source);
      connect(
        id,
        inward ? anchorId(transition.source) : transition.source,
        inward ? transition.source : (byId.get(transition.source)?.parent ?? null),
        target,
        transitionLabel(transition),
      );
    });
  }
  for (const state of graph.states) {
    for (const target of state.initial)
      connect(`${initialId(state.id)}>${target}`, initialId(state.id), state.id, target);
  }

  const elk = options.elk ?? (await bundledElk());
  const input: ElkNode = {
    id: DIAGRAM,
    layoutOptions: containerOptions({
      'org.eclipse.elk.hierarchyHandling': 'SEPARATE_CHILDREN',
      'org.eclipse.elk.json.shapeCoords': 'ROOT',
      'org.eclipse.elk.json.edgeCoords': 'ROOT',
      'org.eclipse.elk.padding': '[top=12,left=12,bottom=12,right=12]',
    }),
    children: [toElk(byId.get(graph.root) as GraphState)],
    edges: lifted.get(DIAGRAM) ?? [],
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
  const edgePoints = (edge: ElkExtendedEdge): Point[] =>
    (edge.sections ?? []).flatMap((section) => [section.startPoint, ...(section.bendPoints ?? []), section.endPoint]);
  const boxOf = (id: string): Box => {
    const node = boxes.get(id) as ElkNode;
    return { x: node.x ?? 0, y: node.y ?? 0, width: node.width ?? 0, height: node.height ?? 0 };
  };
  const laidOutEdges = new Map(collectEdges(laidOut).map((edge) => [edge.id, edge]));
  for (const [id, plan] of plans) {
    const edge = laidOutEdges.get(id);
    let points: { x: number; y: number }[];
    let label = edge?.labels?.[0];
    const middle = edge ? edgePoints(edge) : [];
    if (plan.intoAncestor || middle.length === 0) {
      // ELK leaves an edge without sections when it cannot route it: drawn the same way then.
      points = plan.intoAncestor
        ? intoAncestor(boxOf(plan.from), boxOf(plan.to))
        : straight(boxOf(plan.from), boxOf(plan.to));
    } else {
      const first = middle[0] as { x: number; y: number };
      const last = middle[middle.length - 1] as { x: number; y: number };
      points = [
        ...(plan.exitVia === plan.from ? [] : connector(boxOf(plan.from), boxOf(plan.exitVia), first)),
        ...middle,
        ...(plan.entryVia === plan.to ? [] : connector(boxOf(plan.to), boxOf(plan.entryVia), last).reverse()),
      ];
    }
    points = withoutRepeats(points.map(({ x, y }) => ({ x: round(x), y: round(y) })));
    const transition = edgeFor.get(id);
    if (transition) {
      if (!label && plan.label) label = labelOn(points, plan.label);
      scene.edges.push({
        id,
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
      const parent = id.slice(0, id.indexOf('::initial'));
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
const DIAGRAM = '__diagram';
/** A container's margin around its children: the joins of arrows that cross it run there. */
const GUTTER = PAD + 6;

interface Plan {
  from: string;
  /** The box ELK's edge starts at: `from`, or the container holding it in the common container. */
  exitVia: string;
  to: string;
  entryVia: string;
  label: string | null;
  intoAncestor: boolean;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
type Point = { x: number; y: number };

/**
 * From the box `inner` (inside `outer`) to the point `end` on `outer`'s border, drawn after the
 * layout: out of `inner`'s side facing the nearer of `outer`'s side margins, along that margin, and
 * across the margin of the side `end` is on. It may cross `inner`'s neighbours on its row, never
 * a label ELK placed.
 */
export function connector(inner: Box, outer: Box, end: Point): Point[] {
  const gap = GUTTER / 2;
  const left = outer.x + gap;
  const right = outer.x + outer.width - gap;
  const near = (a: number, b: number) => Math.abs(a - b) < 1.5;
  const side = near(end.y, outer.y + outer.height)
    ? 'bottom'
    : near(end.y, outer.y)
      ? 'top'
      : near(end.x, outer.x)
        ? 'left'
        : near(end.x, outer.x + outer.width)
          ? 'right'
          : 'bottom';
  const centreY = inner.y + inner.height / 2;
  if (side === 'left' || side === 'right') {
    const lane = side === 'left' ? left : right;
    const startX = side === 'left' ? inner.x : inner.x + inner.width;
    return [{ x: startX, y: centreY }, { x: lane, y: centreY }, { x: lane, y: end.y }, end];
  }
  // The nearer side margin: the run out of `inner` crosses the fewest neighbours.
  const goRight = outer.x + outer.width - (inner.x + inner.width) < inner.x - outer.x;
  const lane = goRight ? right : left;
  const startX = goRight ? inner.x + inner.width : inner.x;
  const crossY = side === 'bottom' ? outer.y + outer.height - gap : outer.y + gap;
  return [{ x: startX, y: centreY }, { x: lane, y: centreY }, { x: lane, y: crossY }, { x: end.x, y: crossY }, end];
}

/** A transition to an ancestor of its source: out of the source, down the ancestor's right margin, onto its bottom border. */
function intoAncestor(source: Box, ancestor: Box): Point[] {
  const end = { x: ancestor.x + ancestor.width - GUTTER, y: ancestor.y + ancestor.height };
  return connector(source, ancestor, end);
}

/** From the bottom of one box to the top of another. */
function straight(from: Box, to: Box): Point[] {
  return [
    { x: from.x + from.width / 2, y: from.y + from.height },
    { x: to.x + to.width / 2, y: to.y },
  ];
}

/** A label on an arrow ELK did not lay out: beside its longest vertical run, else its longest run. */
function labelOn(points: Point[], text: string) {
  let best = { length: -1, x: 0, y: 0 };
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as Point;
    const b = points[i] as Point;
    const length = Math.abs(a.x - b.x) + Math.abs(a.y - b.y);
    if (length > best.length) best = { length, x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  }
  const width = textWidth(text) + 8;
  return { text, x: best.x - width - 2, y: best.y - LABEL_HEIGHT / 2, width, height: LABEL_HEIGHT };
}

/** Where one segment ends and the next starts, the point appears twice: once is enough. */
function withoutRepeats(points: { x: number; y: number }[]) {
  return points.filter((point, i) => i === 0 || point.x !== points[i - 1]?.x || point.y !== points[i - 1]?.y);
}

const initialId = (stateId: string) => `${stateId}::initial`;
const anchorId = (stateId: string) => `${stateId}::anchor`;
const round = (value: number) => Math.round(value * 10) / 10;
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function collectEdges(node: ElkNode): ElkExtendedEdge[] {
  return [...(node.edges ?? []), ...(node.children ?? []).flatMap(collectEdges)];
}
