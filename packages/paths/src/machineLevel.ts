import { afterAll, describe, it } from 'vitest';
import { assertCovered, formatTable, writeCoverage, type CoverageReport } from './coverage';
import { formatCost, holdBackAdvice, writeCost, type CostRow } from './cover';
import { coverageOf, generateSuite } from './suite';
import { emptySeen } from './graph';
import { replayOnActor } from './replay';
import { pairFigure, pairPaths, pairsRequested } from './pairs';
import { replayCase } from './cases';
import { generateOptions, type MachineSpec } from './spec';
import { inPart, recordWalk, RECORDS_DIR, type Shard } from './records';

/** A run split over workers or machines: this file runs one part of each spec's walks. */
export interface SplitOptions {
  /**
   * The part of the walks this file runs (`{ index: 2, count: 4 }`: every 4th walk from the
   * second): one test file per part, which Vitest spreads over its workers and `--shard=i/n`
   * over machines. Each walk records what it saw in `records`; the gate is the merge step,
   * `describePathGate`, once every part ran.
   */
  part?: Shard;
  /** Where the parts record (default test-results/paths/records). */
  records?: string;
}

/**
 * The machine level of the generated path tests, for a test file to call at its top level:
 * `await describeMachineLevel([productSpec])`. Each spec's paths replayed on an actor, then the
 * coverage gate; the figures go to test-results/paths and the console.
 */
export async function describeMachineLevel(specs: readonly MachineSpec[], split: SplitOptions = {}): Promise<void> {
  const reports: CoverageReport[] = [];
  const costs: CostRow[] = [];
  // Parts take every count-th walk of all the specs together, so that specs of one walk spread too.
  let position = 0;

  for (const spec of specs) {
    // Every case pasted into the spec's `cases` (none is required): each one its own test.
    if (spec.cases?.length) {
      describe(`recorded cases of the ${spec.name} machine replay green`, () => {
        for (const recorded of spec.cases ?? []) it(recorded.name, () => replayCase(spec.machine, recorded));
      });
    }
    const suite = await generateSuite(spec, 'machine');
    const { part } = split;
    if (part) {
      // Only this part's walks; a part with none of this spec's has no block for it (Vitest
      // refuses an empty one).
      const mine = suite.walks.map((path, i) => ({ path, i })).filter(() => inPart(position++, part));
      if (mine.length === 0) continue;
      describe(`paths of the ${spec.name} machine, replayed on an actor (part ${part.index} of ${part.count})`, () => {
        for (const { path, i } of mine) {
          it(path.description, async () => {
            const own = emptySeen();
            const record = {
              machine: spec.name,
              level: 'machine' as const,
              shard: part,
              by: 'part' as const,
              walk: i,
              description: path.description,
            };
            try {
              await replayOnActor(spec, path, own);
              recordWalk(split.records ?? RECORDS_DIR, { ...record, passed: true, seen: own });
            } catch (error) {
              recordWalk(split.records ?? RECORDS_DIR, { ...record, passed: false, error: String(error), seen: own });
              throw error;
            }
          });
        }
      });
      continue;
    }
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
    if (split.part) return;
    writeCoverage(reports);
    writeCost(costs);
    console.log(`Path coverage, machine level:\n${formatTable(reports)}\n\nCost, machine level:\n${formatCost(costs)}`);
  });
}
