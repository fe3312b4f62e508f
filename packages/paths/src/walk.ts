import { relative } from 'node:path';
import fc from 'fast-check';
import { expect } from 'vitest';

/** One step of a random walk; `pick` chooses among what is possible then (modulo). */
export interface WalkStep {
  kind: 'event' | 'link' | 'back' | 'forward' | 'reload' | 'url';
  pick: number;
}

export const walkStep: fc.Arbitrary<WalkStep> = fc.record({
  // Events and links more often than history moves, so walks go deep.
  kind: fc.constantFrom<WalkStep['kind']>('event', 'event', 'link', 'link', 'link', 'back', 'forward', 'reload', 'url'),
  pick: fc.nat(999),
});

/**
 * fast-check parameters: `PATHS_SEED` (and `PATHS_PATH`, printed with it on failure) replay a
 * failing walk exactly: `PATHS_SEED=123 PATHS_PATH=0:1 npm run test:paths`.
 */
export function walkParameters<S = WalkStep>(numRuns: number, extra: fc.Parameters<[S[]]> = {}): fc.Parameters<[S[]]> {
  const seed = process.env.PATHS_SEED;
  const path = process.env.PATHS_PATH;
  return {
    numRuns,
    ...(seed !== undefined && { seed: Number(seed) }),
    ...(path !== undefined && { path }),
    // Not 1: that lists every failure met while shrinking (dozens of long walks); 0 prints the
    // one shrunk counterexample, its seed and path.
    verbose: 0,
    reporter: (details) => {
      if (!details.failed) return;
      // The first line is what `npm test`'s summary shows: it says how to run this walk alone.
      const { testPath } = expect.getState();
      const file = testPath ? relative(process.cwd(), testPath) : 'tests/paths';
      throw new Error(
        `A random walk failed; replay it alone: PATHS_SEED=${details.seed} PATHS_PATH="${details.counterexamplePath ?? ''}" npx vitest run ${file}\n${fc.defaultReportMessage(details) ?? ''}`,
        { cause: details.errorInstance },
      );
    },
    ...extra,
  };
}

export const pick = <T>(items: T[], index: number): T | undefined =>
  items.length ? items[index % items.length] : undefined;

/** The error of a failed step, naming every step done before it. */
export function walkError(error: unknown, done: string[], step: { kind: string }): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new Error(`${message}\n  after: ${done.join(' → ') || '(start)'}\n  at step ${done.length + 1}: ${step.kind}`);
}

/** Runs `perform` for each walk step; the first failure names the steps that led to it. */
export async function runWalk(steps: WalkStep[], perform: (step: WalkStep) => Promise<string>): Promise<void> {
  const done: string[] = [];
  for (const step of steps) {
    try {
      done.push(await perform(step));
    } catch (error) {
      throw walkError(error, done, step);
    }
  }
}

export function runWalkSync<S extends { kind: string }>(steps: S[], perform: (step: S) => string): void {
  const done: string[] = [];
  for (const step of steps) {
    try {
      done.push(perform(step));
    } catch (error) {
      throw walkError(error, done, step);
    }
  }
}
