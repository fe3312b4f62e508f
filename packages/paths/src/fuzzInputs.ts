import fc from 'fast-check';

/** Any UTF-16 code unit, unpaired surrogates included: what a script may pass as a string. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));

/**
 * Pieces that reach the URL layer's corners: relative references, schemes and hosts, dot
 * segments, bad or encoded separators, the machines' own words and search keys.
 */
const piece = fc.constantFrom(
  '/',
  '//',
  '/\\',
  '?',
  '#',
  '.',
  '..',
  '%',
  '%zz',
  '%2F',
  '%3F',
  '%2e',
  ':',
  'data:',
  'https://',
  '\\',
  '\t',
  ' ',
  '+',
  '&',
  '=',
  'section',
  'editor',
  'old',
  'panel',
  '1',
  '01',
  '-0',
  'overlay=open',
  'q=',
  'side=details',
  'page=2',
  '\ud800',
  '\udc00',
  'é',
  '😀',
);

/**
 * A string given to navigate() (or typed into the address bar by a script): pieces and arbitrary
 * code units, joined. Shared by the URL property tests and the machine-level random walk.
 */
export const anyNavigateInput: fc.Arbitrary<string> = fc
  .array(
    fc.oneof({ weight: 3, arbitrary: piece }, { weight: 1, arbitrary: fc.string({ unit: codeUnit, maxLength: 4 }) }),
    {
      maxLength: 8,
    },
  )
  .map((pieces) => pieces.join(''));

/** A random-walk step that hands navigate() any string (packages/paths/test/walk.test.ts). */
export interface FuzzStep {
  kind: 'fuzz';
  input: string;
}
export const fuzzStep: fc.Arbitrary<FuzzStep> = anyNavigateInput.map((input) => ({ kind: 'fuzz', input }));

export function performFuzz(sync: { navigate(url: string): void }, step: FuzzStep): string {
  sync.navigate(step.input);
  return `navigate(${JSON.stringify(step.input)})`;
}
