import { describe, expect, it } from 'vitest';
import { screenStatesOf } from '../src/screenStates';
import { referenceSpec } from '../../../examples/reference/paths';
import { minimalSpecs, redirectSpec } from './shapes/minimalPaths';

describe('screenStatesOf: the screens a URL shows, for an audit', () => {
  it('takes a route as the machine decides it: a redirecting parent is shown as where it goes', () => {
    const { states, missing } = screenStatesOf(redirectSpec);
    expect(missing).toEqual([]);
    const byUrl = Object.fromEntries(states.map((state) => [state.url, state.heading]));
    expect(byUrl['/search']).toBeUndefined();
    // The deepest heading asserted: the child's, inside its parent's screen.
    expect(byUrl['/search/loading']).toBe('Loading');
    expect(byUrl['/search/results']).toBe('Results');
    expect(byUrl['/']).toBe('Home');
  });

  it('names a screen whose heading the spec does not assert, instead of auditing it blind', () => {
    const assertions = { ...redirectSpec.assertions, search: {}, results: { title: 'Results' } };
    const { states, missing } = screenStatesOf({ ...redirectSpec, assertions });
    expect(missing).toEqual(['/search/results (search.results)']);
    expect(states.map((state) => state.url)).not.toContain('/search/results');
  });

  it('takes each state shown once: a search variant that shows the same views is not audited again', () => {
    const urls = screenStatesOf(referenceSpec).states.map((state) => state.url);
    expect(urls).toContain('/section');
    expect(urls).not.toContain('/section?q=red');
    // The overlay is a state of its own (a parallel region), so its URL is kept.
    expect(urls).toContain('/?overlay=open');
  });

  it.each([referenceSpec, ...minimalSpecs].map((spec) => [spec.name, spec] as const))(
    '%s: one entry per URL, each with the heading to wait for, none left out',
    (_, spec) => {
      const { states, missing } = screenStatesOf(spec);
      const urls = states.map((state) => state.url);
      expect(new Set(urls).size).toBe(urls.length);
      expect(missing).toEqual([]);
      expect(states.length).toBeGreaterThanOrEqual(2);
      for (const state of states) expect(state.heading, state.name).not.toBe('');
    },
  );
});
