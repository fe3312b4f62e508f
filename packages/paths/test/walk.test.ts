import { referenceSpec } from '../../../examples/reference/paths';
import { describeWalks } from '../src/walkLevel';

describeWalks([referenceSpec]);
