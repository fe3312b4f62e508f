import { expect, test } from '@playwright/test';
import type { Page } from 'playwright-core';
import { chromiumDriver, collect, startApp, type AppOptions } from './chromium';
import { assertCovered } from './coverage';
import { holdBackAdvice } from './cover';
import { CHROMIUM_ARGS, ensureChromium } from './findChromium';
import { emptySeen } from './graph';
import { watchProblems } from './pages';
import { checkMaps, type MachineSpec } from './spec';
import { coverageOf, generateSuite } from './suite';
import { replayThroughUi } from './ui';

export type { AppOptions as PlaywrightAppOptions } from './chromium';

/** An app served for Playwright Test (a dev or preview server), and the spec of its machine. */
export interface PlaywrightApp extends AppOptions {
  spec: MachineSpec;
  /**
   * Where the app is served, with its base path if it has one (`http://localhost:4173/admin`);
   * read when the tests run. Default: the project's `baseURL`.
   */
  url?: () => string | undefined;
  /** The base path the app runs under ('' at the root, the default). */
  base?: string;
}

/**
 * Playwright's `use` for the system's Chromium (CHROME_PATH, /usr/bin/chromium, …): Playwright
 * never downloads a browser. `ensureChromium` installs Debian's package where it can.
 */
export function systemChromium() {
  return {
    browserName: 'chromium' as const,
    launchOptions: { executablePath: ensureChromium(), args: CHROMIUM_ARGS },
  };
}

/**
 * The generated path tests as Playwright Test tests, for a test file to call at its top level:
 * `await describePathTests([{ spec: productSpec }])`. Per spec, one test per covering walk (each
 * on a fresh page, performed with real clicks and typing, the screen checked after every step),
 * then the coverage gate. A spec's tests run in order in one worker (serial mode): the gate reads
 * what every walk saw. The walks need no API: an app whose screens call one needs its server up
 * (Playwright's `webServer`) and the spec's outcomes answered by it.
 */
export async function describePathTests(apps: readonly PlaywrightApp[]): Promise<void> {
  for (const { spec, url, base = '', ...options } of apps) {
    const suite = await generateSuite(spec, 'chromium');
    test.describe(`paths of the ${spec.name} machine, performed in Chromium`, () => {
      test.describe.configure({ mode: 'serial' });
      const seen = emptySeen();
      const failed: string[] = [];

      test('has an executor for every event and an assertion for every state it can show', () => {
        checkMaps(spec);
      });

      for (const walk of suite.walks) {
        test(walk.description, async ({ page, baseURL }) => {
          // A walk is many steps: its time grows with them; each step's own waits stay bounded.
          test.setTimeout(15_000 + 1000 * walk.steps.length);
          const origin = (url?.() ?? baseURL ?? '').replace(/\/$/, '');
          if (!origin) throw new Error(`No URL for the ${spec.name} app: give it a url or set use.baseURL`);
          // Why the cast: @playwright/test declares its own copy of playwright-core's Page type.
          const core = page as unknown as Page;
          const problems = watchProblems(core);
          try {
            await startApp(core, origin, options);
            const baseLength = await core.evaluate(() => history.length);
            await replayThroughUi(spec, walk, chromiumDriver(core, baseLength, base), seen);
            await collect(core, spec, seen);
            expect(problems, 'uncaught exceptions and console errors on the page').toEqual([]);
          } catch (error) {
            failed.push(walk.description.split(' reaches ')[0] ?? walk.description);
            throw error;
          }
        });
      }

      test('took every transition and reached every state a URL or a click can', () => {
        holdBackAdvice(failed);
        assertCovered(coverageOf(suite, seen));
      });
    });
  }
}
