import { describeMachineLevel } from '../../src/machineLevel';
import { machineSpecs, records } from './specs';

await describeMachineLevel(machineSpecs, { part: { index: 2, count: 2 }, records });
