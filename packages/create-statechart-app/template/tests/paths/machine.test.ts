import { describeMachineLevel } from '@statechart/paths/vitest';
import { productSpec } from './productPaths';

await describeMachineLevel([productSpec]);
