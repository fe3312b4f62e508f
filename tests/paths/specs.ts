import { productSpec } from './productPaths';
import { referenceSpec } from './referencePaths';
import { shapesSpec } from './shapesPaths';
import { minimalSpecs } from './shapes/minimalPaths';

/** Every machine the generated path tests run, at every level: the product's, the reference ones, the minimal shapes. */
export const machineSpecs = [referenceSpec, shapesSpec, productSpec, ...minimalSpecs];
