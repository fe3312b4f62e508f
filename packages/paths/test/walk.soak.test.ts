import { inject } from 'vitest';
import { referenceSpec } from '../../../examples/reference/paths';
import { describeSoak } from '../src/soakLevel';

// 5 × 200 = 1,000 steps in Chromium per soak run (npm run test:soak, after npm test in CI).
describeSoak([{ spec: referenceSpec, origin: () => inject('referenceUrl'), runs: 5, length: 200 }]);
