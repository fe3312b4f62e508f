import { afterAll, describe, it } from 'vitest';
import { assertCovered, formatTable, writeCoverage, type CoverageReport } from './coverage';
import { formatCost, holdBackAdvice, writeCost, type CostRow } from './cover';
import { coverageOf, generateSuite } from './suite';
import { emptySeen } from './graph';
import { replayOnActor } from './replay';
import { pairFigure, pairPaths, pairsRequested } from './pairs';
import { replayCase } from './cases';
import { generateOptions, type MachineSpec } from './spec';

/**
 * The machine level of the generated path tests, for a test file to call at its top level:
 * `await describeMachineLevel([productSpec])`. Each spec's paths replayed on an actor, then the
 * coverage gate; the figures go to test-results/paths and the console.
 */
export async function describeMachineLevel(specs: readonly MachineSpec[]): Promise<void> {
  const reports: CoverageReport[] = [];
  const costs: CostRow[] = [];

  for (const spec of specs) {
    // Every case pasted into the spec's `cases` (none is required): each one its own test.
    if (spec.cases?.length) {
      describe(`recorded cases of the ${spec.name} machine replay green`, () => {
        for (const recorded of spec.cases ?? []) it(recorded.name, () => replayCase(spec.machine, recorded));
      });
    }
    const suite = await generateSuite(spec, 'machine');
    describe(`paths of the ${spec.name} machine, replayed on an actor`, () => {
      // Opt-in (PATHS_COVERAGE=pairs): one more path per pair of consecutive transitions not taken.
      const options = generateOptions(spec);
      const pairs = pairsRequested() ? pairPaths(spec.machine, options, suite.walks) : undefined;
      const paths = [...suite.walks, ...(pairs?.paths ?? [])];
      const seen = emptySeen();
      const failed: string[] = [];

      for (const path of paths) {
        it(path.description, async () => {
          try {
            await replayOnActor(spec, path, seen);
          } catch (error) {
            failed.push(path.description.split(' reaches ')[0] ?? path.description);
            throw error;
          }
        });
      }

      it('took every transition, reached every state and checked every history state of the machine', () => {
        holdBackAdvice(failed);
        const report = coverageOf(suite, seen);
        if (pairs) report.pairs = pairFigure(spec.machine, pairs.universe, paths);
        reports.push(report);
        costs.push({ machine: spec.name, level: 'machine', ...suite.cost, covered: report.transitions.covered });
        assertCovered(report);
      });
    });
  }

  afterAll(() => {
    writeCoverage(reports);
    writeCost(costs);
    console.log(`Path coverage, machine level:\n${formatTable(reports)}\n\nCost, machine level:\n${formatCost(costs)}`);
  });
}
