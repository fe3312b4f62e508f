import { describe, expect, it } from 'vitest';
import {
  boundsOf,
  centreOn,
  intersects,
  visibleWorld,
  fitView,
  fitCandidates,
  isInView,
  neighbourhood,
  panBy,
  readableFit,
  showBox,
  union,
  zoomAt,
  MAX_SCALE,
  MIN_SCALE,
  READABLE_SCALE,
} from '../src/viewport';
import type { Scene } from '../src/layout';

const viewport = { width: 600, height: 400 };
const toScreen = (view: { k: number; x: number; y: number }, point: { x: number; y: number }) => ({
  x: point.x * view.k + view.x,
  y: point.y * view.k + view.y,
});

describe('the diagram viewport', () => {
  it('zooms about the pointer: the world point under it stays under it', () => {
    const view = { k: 1, x: -40, y: 25 };
    const pointer = { x: 210, y: 130 };
    const world = { x: (pointer.x - view.x) / view.k, y: (pointer.y - view.y) / view.k };
    const zoomed = zoomAt(view, 1.5, pointer.x, pointer.y);
    expect(zoomed.k).toBe(1.5);
    const back = toScreen(zoomed, world);
    expect(back.x).toBeCloseTo(pointer.x);
    expect(back.y).toBeCloseTo(pointer.y);
  });

  it('keeps the scale between its bounds', () => {
    expect(zoomAt({ k: 1, x: 0, y: 0 }, 1000, 0, 0).k).toBe(MAX_SCALE);
    expect(zoomAt({ k: 1, x: 0, y: 0 }, 0.00001, 0, 0).k).toBe(MIN_SCALE);
  });

  it('fits a big drawing inside, centred, and never enlarges a small one past actual size', () => {
    const big = { x: 0, y: 0, width: 3000, height: 1000 };
    const fitted = fitView(big, viewport);
    expect(fitted.k).toBeLessThan(1);
    expect(isInView(big, fitted, viewport)).toBe(true);
    expect(fitView({ x: 0, y: 0, width: 100, height: 50 }, viewport).k).toBe(1);
  });

  it('centres a box, and shows the top-left of a box larger than the viewport', () => {
    const box = { x: 500, y: 300, width: 100, height: 40 };
    const centred = centreOn(box, viewport, 1);
    expect(toScreen(centred, { x: 550, y: 320 })).toEqual({ x: 300, y: 200 });
    const huge = { x: 100, y: 100, width: 2000, height: 2000 };
    const shown = showBox(huge, viewport, 1);
    expect(toScreen(shown, { x: 100, y: 100 })).toEqual({ x: 16, y: 16 });
  });

  it('pans by screen pixels and unions boxes', () => {
    expect(panBy({ k: 2, x: 1, y: 2 }, 10, -5)).toEqual({ k: 2, x: 11, y: -3 });
    expect(union([])).toBeNull();
    expect(
      union([
        { x: 0, y: 10, width: 5, height: 5 },
        { x: 20, y: 0, width: 5, height: 5 },
      ]),
    ).toEqual({
      x: 0,
      y: 0,
      width: 25,
      height: 15,
    });
  });
});

describe('the virtualised diagram’s window', () => {
  it('is the world in view, widened by half its size on each side', () => {
    const window = visibleWorld({ k: 2, x: -200, y: -100 }, { width: 400, height: 300 });
    // In view: x 100..300, y 50..200 (world units); widened by 100 and 75.
    expect(window).toEqual({ x: 0, y: -25, width: 400, height: 300 });
  });

  it('keeps what meets it and drops what is apart', () => {
    const window = { x: 0, y: 0, width: 100, height: 100 };
    expect(intersects({ x: 90, y: 90, width: 50, height: 50 }, window)).toBe(true);
    expect(intersects({ x: 100, y: 0, width: 10, height: 10 }, window)).toBe(false);
    expect(
      intersects(
        boundsOf([
          { x: -50, y: 50 },
          { x: 150, y: 50 },
        ]),
        window,
      ),
    ).toBe(true);
    expect(
      intersects(
        boundsOf([
          { x: 200, y: 0 },
          { x: 200, y: 300 },
        ]),
        window,
      ),
    ).toBe(false);
  });
});

describe('Fit with readable labels', () => {
  const whole = { x: 0, y: 0, width: 3000, height: 2000 };
  const near = { x: 1000, y: 600, width: 500, height: 300 };
  const leaf = { x: 1100, y: 700, width: 120, height: 40 };

  it('fits the whole machine when its labels stay at least 11 px there', () => {
    const small = { x: 0, y: 0, width: 560, height: 300 };
    expect(readableFit([small, leaf], viewport)).toEqual(fitView(small, viewport));
  });

  it('shows the active neighbourhood at the readable scale when the whole would draw labels under 11 px', () => {
    expect(fitView(whole, viewport).k).toBeLessThan(READABLE_SCALE);
    const view = readableFit([whole, near, leaf], viewport);
    expect(view).toEqual(centreOn(near, viewport, READABLE_SCALE));
    expect(isInView(near, view, viewport)).toBe(true);
  });

  it('centres on the next part when a part does not fit at the readable scale', () => {
    const wide = { x: 0, y: 600, width: 2000, height: 300 };
    expect(readableFit([whole, wide, near, leaf], viewport)).toEqual(centreOn(near, viewport, READABLE_SCALE));
  });

  it('shows the top-left of the last part when none fits: never under 11 px', () => {
    const view = readableFit([whole, { x: 0, y: 0, width: 2000, height: 1200 }], viewport);
    expect(view.k).toBe(READABLE_SCALE);
    expect(toScreen(view, { x: 0, y: 0 })).toEqual({ x: 16, y: 16 });
    expect(readableFit([], viewport).k).toBe(READABLE_SCALE);
  });
});

describe('the active states’ neighbourhood', () => {
  const box = (id: string, x: number, y: number, parent: string | null, children: string[] = [], width = 100) =>
    ({ id, x, y, width, height: 40, state: { parent, children } }) as unknown as Scene['states'][number];
  const edge = (source: string, targets: string[], label: { x: number; y: number } | null = null) =>
    ({
      id: `${source}>${targets.join()}`,
      transition: { source, targets },
      points: [],
      label: label && { text: 'go', ...label, width: 20, height: 14 },
    }) as unknown as Scene['edges'][number];
  const scene = {
    width: 5000,
    height: 5000,
    states: [
      box('root', 0, 0, null, ['a', 'b']),
      box('a', 990, 990, 'root', ['a1', 'a2'], 1000),
      box('a1', 1000, 1000, 'a'),
      box('a2', 1200, 1000, 'a'),
      box('b', 4000, 4000, 'root'),
      box('far', 0, 4500, 'root'),
      box('from', 800, 900, 'root'),
    ],
    edges: [edge('a1', ['a2'], { x: 1150, y: 1100 }), edge('from', ['a1']), edge('far', ['b']), edge('root', ['b'])],
    initials: [],
    anchors: [],
  } as unknown as Scene;

  it('holds the active leaves, the states their arrows lead to and come from, and the labels, nothing else', () => {
    expect(neighbourhood(scene, new Set(['root', 'a', 'a1']))).toEqual({ x: 800, y: 900, width: 500, height: 214 });
  });

  it('is nothing when no state is active', () => {
    expect(neighbourhood(scene, new Set())).toBeNull();
  });

  it('is what Fit tries after the whole machine, then the state holding the active leaf, then the leaves', () => {
    const boxes = fitCandidates(scene, new Set(['root', 'a', 'a1']));
    expect(boxes.map((box) => [box.x, box.y, box.width, box.height])).toEqual([
      [0, 0, 5000, 5000],
      [800, 900, 500, 214],
      [990, 990, 1000, 40],
      [1000, 1000, 100, 40],
      [1000, 1000, 100, 40],
    ]);
  });
});
