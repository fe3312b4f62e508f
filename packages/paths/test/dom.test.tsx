import { stockViews, viewsFromGlob, type ViewModule } from '@statechart/react';
import { referenceSpec } from '../../../examples/reference/paths';
import { shapesSpec } from '../../../examples/shapes/paths';
import { describeDomLevel } from '../src/domLevel';
import { minimalSpecs } from './shapes/minimalPaths';

await describeDomLevel([
  {
    spec: referenceSpec,
    views: () => ({
      ...stockViews(),
      ...viewsFromGlob(import.meta.glob<ViewModule>('../../../examples/reference/views/*.view.tsx')),
    }),
  },
  {
    spec: shapesSpec,
    views: () => ({
      ...stockViews(),
      ...viewsFromGlob(import.meta.glob<ViewModule>('../../../examples/shapes/views/*.view.tsx')),
    }),
  },
  // The minimal shape machines have no view files: their views are made from their specs.
  ...minimalSpecs.map((spec) => ({ spec })),
]);
