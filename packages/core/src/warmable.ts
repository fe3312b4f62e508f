/**
 * Which provided actors can be warmed ahead of need, and how: call actors with a freshness
 * register here (packages/calls/src/cache.ts). Apart from the cache so that the link hook (packages/react/src/warm.ts),
 * which every app loads, does not pull fetch, valibot and the cache into an app without calls.
 */
const warmers = new WeakMap<object, (input: unknown) => void>();

export function registerWarmable(logic: object, warm: (input: unknown) => void): void {
  warmers.set(logic, warm);
}

/** Warms what the actor logic would fetch for `input`; false when it is not warmable. */
export function warmLogic(logic: unknown, input: unknown): boolean {
  const warm = typeof logic === 'object' && logic !== null ? warmers.get(logic) : undefined;
  warm?.(input);
  return warm !== undefined;
}
