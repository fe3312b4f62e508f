import type { Scene } from './layout';

/**
 * The diagram's view: a scale and an offset (screen = world × k + (x, y)). Pure, so zoom, pan,
 * fit and centring are tested without a DOM. Text is drawn at FONT_SIZE (12 px) in world units,
 * so k ≥ 11/12 keeps labels readable; "actual size" is k = 1.
 */
export interface View {
  k: number;
  x: number;
  y: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

export const MIN_SCALE = 0.05;
export const MAX_SCALE = 4;
/** One step of `+`/`-` or of a wheel notch. */
export const ZOOM_STEP = 1.25;
/** One arrow key press, in screen px. */
export const PAN_STEP = 60;

const clampScale = (k: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, k));

/** Zooms by `factor` keeping the screen point (px, py) over the same world point. */
export function zoomAt(view: View, factor: number, px: number, py: number): View {
  const k = clampScale(view.k * factor);
  const ratio = k / view.k;
  return { k, x: px - (px - view.x) * ratio, y: py - (py - view.y) * ratio };
}

export const panBy = (view: View, dx: number, dy: number): View => ({ ...view, x: view.x + dx, y: view.y + dy });

/** The whole box in the viewport, centred; never enlarged past actual size. */
export function fitView(box: Box, viewport: Size, margin = 16): View {
  const k = clampScale(
    Math.min(
      (viewport.width - 2 * margin) / Math.max(box.width, 1),
      (viewport.height - 2 * margin) / Math.max(box.height, 1),
      1,
    ),
  );
  return centreOn(box, viewport, k);
}

/** The smallest scale at which the diagram's 12 px text is at least 11 px on screen. */
export const READABLE_SCALE = 11 / 12;

/**
 * Fit with readable labels. `boxes` are the whole machine, then smaller and smaller parts of it
 * around the active states (fitCandidates). The whole is fitted when its labels stay at least
 * 11 px there; else the view is at READABLE_SCALE (as much of the machine as can be read),
 * centred on the first part that fits in it, or showing the top-left of the last part when none
 * does. Never a view whose labels are under 11 px.
 */
export function readableFit(boxes: readonly Box[], viewport: Size, margin = 16): View {
  const [whole, ...parts] = boxes;
  if (!whole) return { k: READABLE_SCALE, x: margin, y: margin };
  const all = fitView(whole, viewport, margin);
  if (all.k >= READABLE_SCALE) return all;
  const k = READABLE_SCALE;
  const fits = (box: Box) =>
    box.width * k <= viewport.width - 2 * margin && box.height * k <= viewport.height - 2 * margin;
  const part = parts.find(fits);
  return part ? centreOn(part, viewport, k) : showBox(parts.at(-1) ?? whole, viewport, k, margin);
}

/**
 * What Fit tries, largest first (readableFit takes the first that is readable): the whole machine;
 * the active states' neighbourhood; the state that holds the first active leaf (its siblings); the
 * active leaves; the first of them (a parallel region's leaf may be far from the main screen's).
 */
export function fitCandidates(scene: Scene, active: ReadonlySet<string>): Box[] {
  const leaves = activeLeaves(scene, active);
  const first = leaves[0];
  const holder = first && scene.states.find((state) => state.id === first.state.parent);
  return [
    { x: 0, y: 0, width: scene.width, height: scene.height },
    neighbourhood(scene, active),
    holder,
    union(leaves),
    first,
  ].filter((box): box is Box => Boolean(box));
}

/**
 * The active states' neighbourhood: the active leaves, the states their arrows lead to and come
 * from, and those arrows' labels; null when no state is active. Arrows of an active ancestor are
 * left out (the root's reach every screen).
 */
export function neighbourhood(scene: Scene, active: ReadonlySet<string>): Box | null {
  const leaves = new Set(activeLeaves(scene, active).map((state) => state.id));
  const near = new Set(leaves);
  const labels: Box[] = [];
  for (const edge of scene.edges) {
    const { source, targets } = edge.transition;
    if (!leaves.has(source) && !targets.some((target) => leaves.has(target))) continue;
    near.add(source);
    for (const target of targets) near.add(target);
    if (edge.label) labels.push(edge.label);
  }
  return union([...scene.states.filter((state) => near.has(state.id)), ...labels]);
}

const activeLeaves = (scene: Scene, active: ReadonlySet<string>) =>
  scene.states.filter((state) => active.has(state.id) && !state.state.children.some((child) => active.has(child)));

/** The box's centre at the viewport's centre, at scale k. */
export function centreOn(box: Box, viewport: Size, k: number): View {
  return {
    k,
    x: viewport.width / 2 - (box.x + box.width / 2) * k,
    y: viewport.height / 2 - (box.y + box.height / 2) * k,
  };
}

/**
 * Centred on the box at scale k, except that a box wider or taller than the viewport shows its
 * top-left part (a state's title is at its top-left: that is what needs to be read).
 */
export function showBox(box: Box, viewport: Size, k: number, margin = 16): View {
  const centred = centreOn(box, viewport, k);
  const x = box.width * k > viewport.width - 2 * margin ? margin - box.x * k : centred.x;
  const y = box.height * k > viewport.height - 2 * margin ? margin - box.y * k : centred.y;
  return { k, x, y };
}

/** True when the box lies wholly inside the viewport under the view. */
export function isInView(box: Box, view: View, viewport: Size): boolean {
  const left = box.x * view.k + view.x;
  const top = box.y * view.k + view.y;
  return (
    left >= 0 && top >= 0 && left + box.width * view.k <= viewport.width && top + box.height * view.k <= viewport.height
  );
}

/** The smallest box around the given boxes; null for none. */
export function union(boxes: readonly Box[]): Box | null {
  if (boxes.length === 0) return null;
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/**
 * Machines with more states than this are drawn virtualised: only what is near the view is in the
 * DOM. Rendering every box and arrow of a 500-state machine is one main-thread task of ~0.4 s
 * (1,000 states: ~0.9 s; docs/BENCHMARKS.md), which would block input; a smaller machine is drawn
 * whole, so every state and button stays in the DOM and the Tab order.
 */
export const VIRTUALISE_FROM = 150;
/** Below this scale a virtualised diagram drops its text (unreadable there anyway): boxes and arrows only. */
export const OUTLINE_BELOW = 0.4;

/** The part of the world in view, widened by `margin` of its size on each side (so a small pan draws nothing new). */
export function visibleWorld(view: View, size: Size, margin = 0.5): Box {
  const width = size.width / view.k;
  const height = size.height / view.k;
  return {
    x: -view.x / view.k - width * margin,
    y: -view.y / view.k - height * margin,
    width: width * (1 + 2 * margin),
    height: height * (1 + 2 * margin),
  };
}

export const intersects = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The box around a polyline. */
export function boundsOf(points: readonly { x: number; y: number }[]): Box {
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x || 1, height: Math.max(...ys) - y || 1 };
}
