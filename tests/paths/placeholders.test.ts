import { describe, expect, it } from 'vitest';
import { unfilledPlaceholders } from './placeholders';

describe('placeholders written by npm run new:screen', () => {
  it('are all filled in', () => {
    expect(unfilledPlaceholders()).toEqual([]);
  });
});
