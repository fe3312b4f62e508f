import { afterAll, describe, it } from 'vitest';
import { assertCovered, computeCoverage, formatTable, writeCoverage, type CoverageReport } from './generator/coverage';
import { formatCost, generate, holdBackAdvice, withSearchReasons, writeCost, type CostRow } from './generator/cover';
import { emptySeen } from './generator/graph';
import { replayOnActor } from './generator/replay';
import { pairFigure, pairPaths, pairsRequested } from './generator/pairs';
import { machineSpecs } from './specs';
import { generateOptions, routeEvents } from './spec';

const reports: CoverageReport[] = [];
const costs: CostRow[] = [];

for (const spec of machineSpecs) {
  const generated = await generate(spec, 'machine', routeEvents(spec));
  describe(`paths of the ${spec.name} machine, replayed on an actor`, () => {
    // Opt-in (PATHS_COVERAGE=pairs): one more path per pair of consecutive transitions not taken.
    const options = generateOptions(spec);
    const pairs = pairsRequested() ? pairPaths(spec.machine, options, generated.paths) : undefined;
    const paths = [...generated.paths, ...(pairs?.paths ?? [])];
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
      const report = withSearchReasons(computeCoverage(spec, 'machine', seen), generated);
      if (pairs) report.pairs = pairFigure(spec.machine, pairs.universe, paths);
      reports.push(report);
      costs.push({ machine: spec.name, level: 'machine', ...generated.cost, covered: report.transitions.covered });
      assertCovered(report);
    });
  });
}

afterAll(() => {
  writeCoverage(reports);
  writeCost(costs);
  console.log(`Path coverage, machine level:\n${formatTable(reports)}\n\nCost, machine level:\n${formatCost(costs)}`);
});
