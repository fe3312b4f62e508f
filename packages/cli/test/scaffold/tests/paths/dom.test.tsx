import { describeDomLevel } from '@statechart/paths/domLevel';
import { viewsFromGlob, type ViewModule } from '@statechart/react/views';
import { strings } from '../../machines/strings';
import { productSpec } from './productPaths';

await describeDomLevel([
  {
    spec: productSpec,
    views: () => viewsFromGlob(import.meta.glob<ViewModule>('../../src/views/*.view.tsx')),
    strings,
  },
]);
