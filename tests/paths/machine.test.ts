import { afterAll, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { href } from '../../src/routing/url';
import { assertCovered, computeCoverage, formatTable, writeCoverage, type CoverageReport } from './generator/coverage';
import { emptySeen, observe } from './generator/graph';
import { checkRestore } from './generator/history';
import { createControlledActor, createControls } from './generator/internal';
import { productSpec } from './productPaths';
import { referenceSpec } from './referencePaths';
import { shapesSpec } from './shapesPaths';
import { pairFigure, pairPaths, pairsRequested } from './generator/pairs';
import { generateOptions, pathsOf } from './spec';

const reports: CoverageReport[] = [];

for (const spec of [referenceSpec, shapesSpec, productSpec]) {
  describe(`paths of the ${spec.name} machine, replayed on an actor`, () => {
    const options = generateOptions(spec);
    const base = pathsOf(spec, options);
    // Opt-in (PATHS_COVERAGE=pairs): one more path per pair of consecutive transitions not taken.
    const pairs = pairsRequested() ? pairPaths(spec.machine, options, base) : undefined;
    const paths = [...base, ...(pairs?.paths ?? [])];
    const seen = emptySeen();

    for (const path of paths) {
      it(path.description, async () => {
        // Time is a simulated clock; invoked actors settle when a step says so.
        const controls = createControls(spec.machine, spec.outcomes ?? {});
        const actor = createControlledActor(spec.machine, controls);
        actor.start();
        const stop = observe(actor, spec.machine, seen);
        for (const step of path.steps) {
          await controls.perform(actor, step.event);
          const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
          expect(snapshot.value).toEqual(step.state.value);
          expect(href(spec.table, snapshot)).toBe(href(spec.table, step.state));
          if (step.restore) {
            checkRestore(spec.machine, step.restore, snapshot.value);
            seen.histories.add(step.restore.history);
          }
        }
        stop();
        actor.stop();
      });
    }

    it('took every transition, reached every state and checked every history state of the machine', () => {
      const report = computeCoverage(spec, 'machine', seen);
      if (pairs) report.pairs = pairFigure(spec.machine, pairs.universe, paths);
      reports.push(report);
      assertCovered(report);
    });
  });
}

afterAll(() => {
  writeCoverage(reports);
  console.log(`Path coverage, machine level:\n${formatTable(reports)}`);
});
