import { describe, expect, it } from 'vitest';
import { assertCovered } from '../src/coverage';
import { generateSuite, runOnActor, suiteData, walksOf } from '../src/suite';
import { historiesTogetherSpec, signInSpec } from './shapes/minimalPaths';

describe('the generator as plain functions', () => {
  it('gives the walks as data: each step with its event, the URL and state expected, and the restores', async () => {
    const walks = walksOf(await generateSuite(historiesTogetherSpec));
    const steps = walks.flatMap((walk) => walk.steps);
    expect(steps[0]).toMatchObject({ event: { type: 'xstate.route', to: '#home' }, url: '/', state: 'home' });
    expect(steps.find((step) => step.restores)).toMatchObject({
      does: 'panel.resume',
      url: '/panel',
      restores: [{ history: 'historiesTogether.panel.A.hist' }, { history: 'historiesTogether.panel.K.hist' }],
    });
  });

  it('replays the walks on an actor and returns the coverage report, with no test runner', async () => {
    const suite = await generateSuite(signInSpec);
    const { report, failures } = await runOnActor(suite);
    expect(failures).toEqual([]);
    expect(() => assertCovered(report)).not.toThrow();
    expect(report.transitions.covered).toBe(report.transitions.total);
  });

  it('returns a failing walk with its message instead of throwing', async () => {
    const suite = await generateSuite(signInSpec);
    const [first] = suite.walks;
    if (!first) throw new Error('signIn has no walk');
    const wrong = { ...first, steps: first.steps.map((step) => ({ ...step, state: suite.walks[0]!.steps[0]!.state })) };
    const { failures } = await runOnActor({ ...suite, walks: [wrong] });
    expect(failures[0]?.message).toContain('the machine no longer does what the generator computed');
  });

  it('writes the suite and its report as JSON that reads back the same', async () => {
    const suite = await generateSuite(signInSpec, 'dom');
    const { report } = await runOnActor(suite);
    const data = suiteData(suite, report);
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
    expect(data).toMatchObject({ machine: 'signIn', level: 'dom', coverage: { machine: 'signIn' } });
    expect(data.walks.length).toBe(suite.walks.length);
  });
});
