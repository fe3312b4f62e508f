import { describeMachineLevel } from '@statechart/paths/machineLevel';
import { productSpec } from './productPaths';

await describeMachineLevel([productSpec]);
