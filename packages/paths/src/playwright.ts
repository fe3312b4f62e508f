import { expect, test } from '@playwright/test';
import type { Page } from 'playwright-core';
import { chromiumDriver, collect, startApp, type AppOptions } from './chromium';
import { assertCovered } from './coverage';
import { holdBackAdvice } from './cover';
import { CHROMIUM_ARGS, ensureChromium } from './findChromium';
import { emptySeen } from './graph';
import { judgeRecords, recordWalk, RECORDS_DIR } from './records';
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

/** How a spec's walks are spread: in one worker with the gate after them, or split. */
export interface PathTestOptions {
  /**
   * Split the walks: they run in parallel (spread over workers, and over machines by
   * `--shard=i/n`), each recording what it saw here under its shard; the gate is the merge step,
   * `describePathGate(apps, { records })`, run once every shard is done. Without it a spec's walks
   * run in order in one worker, the gate after them.
   */
  records?: string;
}

/**
 * The generated path tests as Playwright Test tests, for a test file to call at its top level:
 * `await describePathTests([{ spec: productSpec }])`. Per spec, one test per covering walk (each
 * on a fresh page, performed with real clicks and typing, the screen checked after every step),
 * then the coverage gate. A spec's tests run in order in one worker (serial mode): the gate reads
 * what every walk saw; with `records`, they are spread over workers and shards and the gate is a
 * merge step (`describePathGate`). The walks need no API: an app whose screens call one needs its
 * server up (Playwright's `webServer`) and the spec's outcomes answered by it.
 */
export async function describePathTests(
  apps: readonly PlaywrightApp[],
  { records }: PathTestOptions = {},
): Promise<void> {
  for (const { spec, url, base = '', ...options } of apps) {
    const suite = await generateSuite(spec, 'chromium');
    test.describe(`paths of the ${spec.name} machine, performed in Chromium`, () => {
      test.describe.configure({ mode: records ? 'parallel' : 'serial' });
      const seen = emptySeen();
      const failed: string[] = [];

      test('has an executor for every event and an assertion for every state it can show', () => {
        checkMaps(spec);
      });

      for (const [i, walk] of suite.walks.entries()) {
        test(walk.description, async ({ page, baseURL }, testInfo) => {
          // Split: this walk's own sightings, recorded under the shard that ran it.
          const own = records ? emptySeen() : seen;
          const shard = testInfo.config.shard ?? { current: 1, total: 1 };
          const record = records && {
            machine: spec.name,
            level: 'chromium' as const,
            shard: { index: shard.current, count: shard.total },
            walk: i,
            description: walk.description,
          };
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
            await replayThroughUi(spec, walk, chromiumDriver(core, baseLength, base), own);
            await collect(core, spec, own);
            expect(problems, 'uncaught exceptions and console errors on the page').toEqual([]);
            if (record) recordWalk(records, { ...record, passed: true, seen: own });
          } catch (error) {
            if (record) recordWalk(records, { ...record, passed: false, error: String(error), seen: own });
            failed.push(walk.description.split(' reaches ')[0] ?? walk.description);
            throw error;
          }
        });
      }

      if (records) return;
      test('took every transition and reached every state a URL or a click can', () => {
        holdBackAdvice(failed);
        assertCovered(coverageOf(suite, seen));
      });
    });
  }
}

/**
 * The merge step of split path tests (`describePathTests(apps, { records })`), as Playwright
 * tests: per spec, the coverage gate on what every shard's walks saw together. A shard that
 * failed or never ran fails it, named. Run it once every shard is done (a CI matrix's merge job).
 */
export async function describePathGate(
  apps: readonly Pick<PlaywrightApp, 'spec'>[],
  { records = RECORDS_DIR }: PathTestOptions = {},
): Promise<void> {
  for (const { spec } of apps) {
    const suite = await generateSuite(spec, 'chromium');
    test(`paths of the ${spec.name} machine in Chromium took every transition and reached every state, in every shard, each of which ran and passed`, () => {
      judgeRecords(suite, records);
    });
  }
}
