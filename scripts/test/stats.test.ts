import { describe, expect, it } from 'vitest';
import { quantile, ratioInterval } from '../stats';

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
