import { describe, expect, it } from 'vitest';
import {
  boundsOf,
  centreOn,
  intersects,
  visibleWorld,
  fitView,
  isInView,
  panBy,
  showBox,
  union,
  zoomAt,
  MAX_SCALE,
  MIN_SCALE,
} from '../src/viewport';

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
