import { describe, it } from 'vitest';
import type { Level } from './coverage';
import { judgeRecords, RECORDS_DIR } from './records';
import type { MachineSpec } from './spec';
import { generateSuite } from './suite';

/**
 * The merge step of a run split into parts (`describeMachineLevel(specs, { part })`, the DOM
 * level alike) or shards (`describePathTests(apps, { records })` in Playwright Test): per spec,
 * the coverage gate on what every part's walks saw, together. A part that failed or never ran
 * fails it, named. Run it once every shard is done (the merge job of a CI matrix).
 */
export async function describePathGate(
  specs: readonly MachineSpec[],
  { level, records = RECORDS_DIR }: { level: Level; records?: string },
): Promise<void> {
  for (const spec of specs) {
    const suite = await generateSuite(spec, level);
    describe(`paths of the ${spec.name} machine at ${level} level, every shard's records together`, () => {
      it('took every transition and reached every state, in every shard, each of which ran and passed', () => {
        judgeRecords(suite, records);
      });
    });
  }
}
