import { describeWalks } from '@statechart/paths/vitest';
import { productSpec } from './productPaths';

describeWalks([productSpec]);
