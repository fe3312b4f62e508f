import { unfilledPlaceholders } from '@statechart/cli';
import { describe, expect, it } from 'vitest';
import { strings } from '../../machines/strings';
import { productSpec } from './productPaths';

describe('placeholders written by npm run new:screen', () => {
  it('are all filled in', () => {
    expect(unfilledPlaceholders({ strings, spec: productSpec })).toEqual([]);
  });
});
