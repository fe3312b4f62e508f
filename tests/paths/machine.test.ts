import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { href } from '../../src/routing/url';
import { assertCovered, computeCoverage, formatTable, writeCoverage, type CoverageReport } from './coverage';
import { emptySeen, generatePaths, observe } from './graph';
import { productSpec } from './productPaths';
import { referenceSpec } from './referencePaths';
import { generateOptions } from './spec';

const reports: CoverageReport[] = [];

for (const spec of [referenceSpec, productSpec]) {
  describe(`paths of the ${spec.name} machine, replayed on an actor`, () => {
    const paths = generatePaths(spec.machine, generateOptions(spec));
    const seen = emptySeen();

    for (const path of paths) {
      it(path.description, () => {
        const actor = createActor(spec.machine);
        actor.start();
        const stop = observe(actor, spec.machine, seen);
        for (const step of path.steps) {
          actor.send(step.event);
          const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
          expect(snapshot.value).toEqual(step.state.value);
          expect(href(spec.table, snapshot)).toBe(href(spec.table, step.state));
        }
        stop();
        actor.stop();
      });
    }

    it('took every transition and reached every state of the machine', () => {
      const report = computeCoverage(spec.name, spec.machine, 'machine', seen);
      reports.push(report);
      assertCovered(report);
    });
  });
}

afterAll(() => {
  writeCoverage(reports);
  console.log(`Path coverage, machine level:\n${formatTable(reports)}`);
});
