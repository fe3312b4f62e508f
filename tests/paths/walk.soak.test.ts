import { describeSoak } from '@statechart/paths/vitest';
import { inject } from 'vitest';
import { productSpec } from './productPaths';

// 2 × 50 steps in Chromium per soak run (npm run test:soak, after npm test in CI).
describeSoak([{ spec: productSpec, origin: () => inject('productUrl'), runs: 2, length: 50 }]);
