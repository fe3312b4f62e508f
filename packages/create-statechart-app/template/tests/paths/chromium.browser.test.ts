import { describeChromiumLevel } from '@statechart/paths/vitest';
import { inject } from 'vitest';
import { api } from '../browser/api';
import { productSpec } from './productPaths';

await describeChromiumLevel([{ spec: productSpec, origin: () => inject('productUrl'), base: '', clock: false }], api);
