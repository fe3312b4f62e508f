import { referenceSpec } from '../../../examples/reference/paths';
import { shapesSpec } from '../../../examples/shapes/paths';
import { describeMachineLevel } from '../src/machineLevel';
import { minimalSpecs, ticTacToeSpec } from './shapes/minimalPaths';

await describeMachineLevel([referenceSpec, shapesSpec, ...minimalSpecs, ticTacToeSpec]);
