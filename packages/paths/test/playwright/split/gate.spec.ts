import { describePathGate } from '../../../src/playwright';
import { RECORDS_DIR } from '../../../src/records';
import { shapeApps } from '../apps';

// The merge job of the split run: every shard's records together in PATHS_RECORDS.
await describePathGate(shapeApps, { records: process.env.PATHS_RECORDS ?? RECORDS_DIR });
