import { describePathTests } from '../../../src/playwright';
import { RECORDS_DIR } from '../../../src/records';
import { shapeApps } from '../apps';

// The split run (scripts/test-playwright-shards.ts): the walks spread over workers and over
// `--shard=i/n`, each recording what it saw under PATHS_RECORDS; gate.spec.ts judges the union.
await describePathTests(shapeApps, { records: process.env.PATHS_RECORDS ?? RECORDS_DIR });
