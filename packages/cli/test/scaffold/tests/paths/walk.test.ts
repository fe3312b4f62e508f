import { describeWalks } from '@statechart/paths/walkLevel';
import { productSpec } from './productPaths';

describeWalks([productSpec]);
