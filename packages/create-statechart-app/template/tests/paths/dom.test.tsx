import { describeDomLevel } from '@statechart/paths/vitest';
import { viewsFromGlob, type ViewModule } from '@statechart/react';
import { strings } from '../../machines/strings';
import { productSpec } from './productPaths';

await describeDomLevel([
  {
    spec: productSpec,
    views: () => viewsFromGlob(import.meta.glob<ViewModule>('../../src/views/*.view.tsx')),
    strings,
  },
]);
