import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch } from './browser';
import { chromiumDriver, collect, openApp } from './chromium';
import { assertCovered, formatTable, writeCoverage, type CoverageReport } from './coverage';
import { formatCost, holdBackAdvice, writeCost, type CostRow } from './cover';
import { coverageOf, generateSuite } from './suite';
import { emptySeen } from './graph';
import { checkMaps, type MachineSpec } from './spec';
import { replayThroughUi } from './ui';

/** A built app served for the Chromium level: its machine's spec and where it is served. */
export interface ChromiumApp {
  spec: MachineSpec;
  /** The app's origin (with its base path, if any), read when the tests run (`() => inject('…')`). */
  origin: () => string;
  /** The base path the app runs under ('' at the root). */
  base: string;
  /** Installs the page clock, paused: time moves only when a path waits (machines with `after`). */
  clock: boolean;
  /** localStorage entries set before the app loads. */
  storage?: Record<string, string>;
}

/**
 * The development API server's control (`/__control`, see apiServer.ts): the Chromium level makes
 * every call hang, so that a call settles only when a path delivers its outcome.
 */
export interface ApiControl {
  behave(rule: { path: string; behaviour: { kind: 'hang' } }): Promise<void>;
  reset(): Promise<void>;
}

/**
 * The Chromium level of the generated path tests, for a test file of the browser project to call
 * at its top level: `await describeChromiumLevel([{ spec, origin: () => inject('productUrl'), … }], api)`.
 * Each path performed on the built app in Chromium, then the coverage gate.
 */
export async function describeChromiumLevel(apps: readonly ChromiumApp[], api?: ApiControl): Promise<void> {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
    // Calls (issue 9): the reference API never answers, so each call's outcome is the event a path reports.
    await api?.behave({ path: '*', behaviour: { kind: 'hang' } });
  });

  const reports: CoverageReport[] = [];
  const costs: CostRow[] = [];
  afterAll(async () => {
    await api?.reset();
    await browser?.close();
    writeCoverage(reports);
    writeCost(costs);
    console.log(
      `Path coverage, Chromium level:\n${formatTable(reports)}\n\nCost, Chromium level:\n${formatCost(costs)}`,
    );
  });

  for (const { spec, origin, base, clock, storage } of apps) {
    const suite = await generateSuite(spec, 'chromium');
    // The machines' blocks run at once (the browser project's maxConcurrency): each walk has a page
    // and context of its own, each app its own server or base path, and the API's one rule (hang)
    // is set for the whole file. Inside a block the tests stay in order (it.sequential): the
    // coverage check reads what every walk of its machine saw.
    describe.concurrent(`paths of the ${spec.name} machine, performed in Chromium on the built app`, () => {
      const seen = emptySeen();
      const failed: string[] = [];

      it.sequential('has an executor for every event and an assertion for every state it can show', () => {
        checkMaps(spec);
      });

      for (const path of suite.walks) {
        it.sequential(
          path.description,
          async () => {
            const { page, problems, close } = await openApp(browser, origin(), { clock, storage });
            try {
              const baseLength = await page.evaluate(() => history.length);
              await replayThroughUi(spec, path, chromiumDriver(page, baseLength, base), seen);
              await collect(page, spec, seen);
              // The broken screen's failure is reported with console.warn, by design; no error may be logged.
              expect(problems).toEqual([]);
            } catch (error) {
              failed.push(path.description.split(' reaches ')[0] ?? path.description);
              throw error;
            } finally {
              await close();
            }
          },
          // A walk is many steps: its time grows with them (each step's own waits stay bounded, so a
          // hang still fails at its step). Up to three walks share the cores (maxConcurrency): at
          // load 30 on the shared 2-core machine, 1 s a step was not enough for them.
          3 * (10_000 + 1000 * path.steps.length),
        );
      }

      it.sequential('took every transition and reached every state a URL or a click can', () => {
        holdBackAdvice(failed);
        const report = coverageOf(suite, seen);
        reports.push(report);
        costs.push({ machine: spec.name, level: 'chromium', ...suite.cost, covered: report.transitions.covered });
        assertCovered(report);
      });
    });
  }
}
