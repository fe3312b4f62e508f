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
