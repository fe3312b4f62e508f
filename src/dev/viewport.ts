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
