import { apiControl } from '@statechart/calls/server';
import { describe, expect, inject, it } from 'vitest';
import { chromiumFixture } from '../../../scripts/browser-tests/fixture';
import { referenceSpec } from '../../../examples/reference/paths';
import { TIMEOUT_KEY } from '../../../examples/reference/referenceCalls';
import { shapesSpec } from '../../../examples/shapes/paths';
import { describeChromiumLevel } from '../src/chromiumLevel';
import { minimalSpecs } from './shapes/minimalPaths';

/** The reference API server behind the reference apps' /api proxy (the harness's globalSetup starts it). */
const api = apiControl(() => [inject('apiUrl')]);

// The API hangs (describeChromiumLevel), so a call settles only when a path says so, unless the
// app's own timeout (10 s by default) fires first: a link's warm-up starts a request the next visit
// joins, and a long walk on a loaded machine has been seen to spend more than 10 s between the two
// (the screen then showed "failed" where the model had "loading"). The reference app's calls wait a
// day here.
const waitADay = { [TIMEOUT_KEY]: String(24 * 60 * 60 * 1000) };

await describeChromiumLevel(
  [
    { spec: referenceSpec, origin: () => inject('referenceUrl'), base: '', clock: false, storage: waitADay },
    // History states, nested finals, an `after` timer (the page clock) and an invoked actor.
    { spec: shapesSpec, origin: () => inject('shapesUrl'), base: '', clock: true },
    // The minimal shapes: one built app, each machine under its own base path.
    ...minimalSpecs.map((spec) => ({
      spec,
      origin: () => `${inject('minimalUrl')}/${spec.name}`,
      base: `/${spec.name}`,
      clock: true,
    })),
  ],
  api,
);

const shapes = chromiumFixture({ app: 'shapesUrl' });

describe('a console error in Chromium', () => {
  it('names the request that failed and its status, not only "Failed to load resource"', async () => {
    await shapes.open(
      '/',
      async (page, problems) => {
        await page.route('**/missing-report.json', (route) => route.fulfill({ status: 404, body: '' }));
        await page.evaluate(() => fetch('/missing-report.json').then(() => undefined));
        await expect.poll(() => problems.join('\n')).toContain('Failed to load resource');
        expect(problems.join('\n')).toMatch(
          /console\.error: Failed to load resource: .*404.* \(GET http:\/\/[^ ]+\/missing-report\.json answered 404\)/,
        );
      },
      // The failure under test is the only problem the page may report.
      { allow: /Failed to load resource/ },
    );
  });
});
