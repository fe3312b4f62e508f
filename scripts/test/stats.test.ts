import { describe, expect, it } from 'vitest';
import { quantile, ratioInterval, sessionRatioInterval } from '../stats';

describe('quantile', () => {
  it('takes the nearest rank, whatever the order', () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(quantile(values, 0.5)).toBe(6);
    expect(quantile(values, 0.95)).toBe(10);
    expect(quantile(values, 0)).toBe(1);
    expect(quantile([], 0.5)).toBeNaN();
  });
});

describe('ratioInterval', () => {
  // Fewer resamples than the bench's 2,000: the properties hold, and npm test stays fast.
  const FEW = { iterations: 300 };
  const spread = (centre: number, n: number) => Array.from({ length: n }, (_, i) => centre + ((i * 7) % 11) / 10);

  it('holds the ratio of the samples themselves', () => {
    const a = spread(4, 150);
    const b = spread(3, 150);
    const [low, high] = ratioInterval(a, b, 0.95, FEW);
    const ratio = quantile(a, 0.95) / quantile(b, 0.95);
    expect(low).toBeLessThanOrEqual(ratio);
    expect(high).toBeGreaterThanOrEqual(ratio);
  });

  it('is narrow for samples far apart and wide for a lone outlier at the tail', () => {
    const [low] = ratioInterval(spread(6, 150), spread(3, 150), 0.95, FEW);
    expect(low).toBeGreaterThan(1.5);
    const tail = [...spread(3, 149), 30];
    const [, high] = ratioInterval(tail, spread(3, 150), 0.99, FEW);
    expect(high).toBeGreaterThan(5);
  });

  it('gives the same interval for the same samples and seed', () => {
    const a = spread(4, 100);
    const b = spread(3.5, 100);
    expect(ratioInterval(a, b, 0.95, FEW)).toEqual(ratioInterval(a, b, 0.95, FEW));
  });

  it('is NaN when a sample is empty', () => {
    expect(ratioInterval([], [1], 0.5)).toEqual([NaN, NaN]);
  });
});

describe('sessionRatioInterval', () => {
  const FEW = { iterations: 300 };
  const spread = (centre: number, n: number) => Array.from({ length: n }, (_, i) => centre + ((i * 7) % 11) / 100);
  const pooledRatio = (a: number[][], b: number[][]) => quantile(a.flat(), 0.5) / quantile(b.flat(), 0.5);

  it('holds the pooled ratio when the sessions agree', () => {
    const a = [spread(4.2, 40), spread(4.2, 40), spread(4.2, 40)];
    const b = [spread(4, 40), spread(4, 40), spread(4, 40)];
    const [low, high] = sessionRatioInterval(a, b, 0.5, FEW);
    expect(low).toBeLessThanOrEqual(pooledRatio(a, b));
    expect(high).toBeGreaterThanOrEqual(pooledRatio(a, b));
  });

  it("is wider than the pooled samples' interval when the sessions disagree", () => {
    // Each session's ratio is steady within it, 0.95 in one and 1.15 in another.
    const a = [spread(3.8, 40), spread(4.6, 40), spread(4.2, 40), spread(4.4, 40)];
    const b = [spread(4, 40), spread(4, 40), spread(4, 40), spread(4, 40)];
    const [low, high] = sessionRatioInterval(a, b, 0.5, FEW);
    const [pooledLow, pooledHigh] = ratioInterval(a.flat(), b.flat(), 0.5, FEW);
    expect(high - low).toBeGreaterThan(1.5 * (pooledHigh - pooledLow));
    expect(low).toBeLessThan(1.05);
    expect(high).toBeGreaterThan(1.1);
  });

  it('gives the same interval for the same samples and seed', () => {
    const a = [spread(4, 30), spread(4.3, 30)];
    const b = [spread(4, 30), spread(4.1, 30)];
    expect(sessionRatioInterval(a, b, 0.5, FEW)).toEqual(sessionRatioInterval(a, b, 0.5, FEW));
  });

  it('is NaN without sessions, with an empty one or with unpaired ones', () => {
    expect(sessionRatioInterval([], [], 0.5)).toEqual([NaN, NaN]);
    expect(sessionRatioInterval([[1], []], [[1], [1]], 0.5)).toEqual([NaN, NaN]);
    expect(sessionRatioInterval([[1]], [[1], [1]], 0.5)).toEqual([NaN, NaN]);
  });
});
