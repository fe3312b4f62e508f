/**
 * Small statistics for the benchmarks (bench/ imports it; scripts/ never imports bench/).
 */

/** The q-quantile of `values` (nearest rank, no interpolation); NaN when empty. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

/**
 * A 95 % bootstrap interval of quantile(a, q) ÷ quantile(b, q): both samples resampled with
 * replacement `iterations` times, independently, and the 2.5th and 97.5th percentiles of the
 * ratios taken. A p95 of some hundred samples of a few milliseconds moves by tenths between runs
 * on a shared machine; the interval says how far this run's ratio can be trusted: a target whose
 * limit lies inside it is within this run's noise, one outside it is met or missed beyond it.
 * Seeded (mulberry32), so that one run's samples always give the same interval.
 */
export function ratioInterval(
  a: readonly number[],
  b: readonly number[],
  q: number,
  options: { iterations?: number; seed?: number } = {},
): [low: number, high: number] {
  // One session: only its samples are resampled.
  return sessionRatioInterval([a], [b], q, options);
}

/**
 * ratioInterval for samples taken in several sessions (a fresh browser each), the two apps measured
 * side by side in each: `a[s]` and `b[s]` are session s's samples. The sessions are resampled with
 * replacement (the same ones for both apps, since they shared each session's machine), then each
 * chosen session's samples, and the ratio of the pooled quantiles taken. On a shared machine the
 * CPU ratio of two apps moves more between browser sessions (which code V8 optimised, where the
 * heap landed) than within one: an interval from one session's samples alone is too narrow to
 * judge a limit a few points away, this one carries the sessions' spread. Seeded, as ratioInterval.
 */
export function sessionRatioInterval(
  a: readonly (readonly number[])[],
  b: readonly (readonly number[])[],
  q: number,
  { iterations = 2000, seed = 1 }: { iterations?: number; seed?: number } = {},
): [low: number, high: number] {
  const sessions = a.length;
  if (sessions === 0 || sessions !== b.length || a.some((list, s) => !list.length || !b[s]?.length)) return [NaN, NaN];
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const ratios: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const pooledA: number[] = [];
    const pooledB: number[] = [];
    for (let k = 0; k < sessions; k++) {
      const s = Math.floor(random() * sessions);
      const [listA, listB] = [a[s] ?? [], b[s] ?? []];
      for (let j = 0; j < listA.length; j++) pooledA.push(pick(listA));
      for (let j = 0; j < listB.length; j++) pooledB.push(pick(listB));
    }
    ratios.push(quantile(pooledA, q) / quantile(pooledB, q));
  }
  return [quantile(ratios, 0.025), quantile(ratios, 0.975)];
}

/** A small seeded generator of numbers in [0, 1): the same seed, the same sequence. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
