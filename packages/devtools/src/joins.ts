import type { ElkExtendedEdge } from 'elkjs/lib/elk-api';
import type { Plan } from './arrowPlan';
import { labelBox, PAD, round } from './units';

/**
 * An arrow's points after the layout: ELK's edge between the children of the common container
 * (arrowPlan.ts), joined to the arrow's real source and target through the margins of the
 * containers it crosses; or, where ELK laid nothing out, a line of our own.
 */

/** A container's margin around its children: the joins of arrows that cross it run there. */
export const GUTTER = PAD + 6;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
export type Point = { x: number; y: number };

/** The arrow `plan` describes, through ELK's edge for it (if it laid one out), rounded, each point once. */
export function arrowPoints(plan: Plan, edge: ElkExtendedEdge | undefined, boxOf: (id: string) => Box): Point[] {
  const middle = edge ? edgePoints(edge) : [];
  let points: Point[];
  if (plan.intoAncestor || middle.length === 0) {
    // ELK leaves an edge without sections when it cannot route it: drawn the same way then.
    points = plan.intoAncestor
      ? intoAncestor(boxOf(plan.from), boxOf(plan.to))
      : straight(boxOf(plan.from), boxOf(plan.to));
  } else {
    const first = middle[0] as Point;
    const last = middle[middle.length - 1] as Point;
    points = [
      ...(plan.exitVia === plan.from ? [] : connector(boxOf(plan.from), boxOf(plan.exitVia), first)),
      ...middle,
      ...(plan.entryVia === plan.to ? [] : connector(boxOf(plan.to), boxOf(plan.entryVia), last).reverse()),
    ];
  }
  return withoutRepeats(points.map(({ x, y }) => ({ x: round(x), y: round(y) })));
}

function edgePoints(edge: ElkExtendedEdge): Point[] {
  return (edge.sections ?? []).flatMap((section) => [
    section.startPoint,
    ...(section.bendPoints ?? []),
    section.endPoint,
  ]);
}

/**
 * From the box `inner` (inside `outer`) to the point `end` on `outer`'s border, drawn after the
 * layout: out of `inner`'s side facing the nearer of `outer`'s side margins, along that margin, and
 * across the margin of the side `end` is on. It may cross `inner`'s neighbours on its row, never
 * a label ELK placed.
 */
function connector(inner: Box, outer: Box, end: Point): Point[] {
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
export function labelOn(points: Point[], text: string) {
  let best = { length: -1, x: 0, y: 0 };
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as Point;
    const b = points[i] as Point;
    const length = Math.abs(a.x - b.x) + Math.abs(a.y - b.y);
    if (length > best.length) best = { length, x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  }
  const box = labelBox(text);
  return { ...box, x: best.x - box.width - 2, y: best.y - box.height / 2 };
}

/** Where one segment ends and the next starts, the point appears twice: once is enough. */
function withoutRepeats(points: Point[]) {
  return points.filter((point, i) => i === 0 || point.x !== points[i - 1]?.x || point.y !== points[i - 1]?.y);
}
