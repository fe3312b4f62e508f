import { describePathTests } from '../../src/playwright';
import { shapeApps } from './apps';

// One worker, each spec's walks in order and its gate after them (the unsplit run).
await describePathTests(shapeApps);
