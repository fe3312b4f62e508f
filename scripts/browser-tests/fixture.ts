import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { instantAnimations, launch, openPage } from '@statechart/paths/chromium';

/**
 * What every Chromium test file of the framework starts with (packages/<name>/test/browser, the path
 * tests' Chromium level, examples/reference/e2e): one browser for the file, launched before its
 * first test and closed after its last (in the History API projects without `window.navigation`:
 * `launch()` reads historyApiMode.ts's setting), a context its tests share a tab each, the origin
 * of the app the harness served (globalSetup.ts, read with Vitest's `inject`), and `open(path)`.
 *
 * A browser per file, not per worker: the History API projects set their mode per file, and a
 * file's pages must not outlive it (isolate is off: modules outlive files, and a browser kept in a
 * module would too).
 */

/** The apps the harness serves (globalSetup.ts), by the name each origin is provided under. */
type ServedApp = 'referenceUrl' | 'baseUrl' | 'shapesUrl' | 'minimalUrl';

const VIEWPORT = { width: 1024, height: 768 };

export interface FixtureOptions {
  /** The served app that `origin()` and `open()` go to: the reference app unless said. */
  app?: ServedApp;
  /**
   * Where `origin()` points instead, read at each call: e.g. `ownOrigin(…)`
   * (examples/reference/test/ownApi.ts), a test's own reference app inside `itWithOwnApi`.
   */
  origin?: () => string;
  /** The shared context's options (a 1,024 × 768 viewport unless said). */
  context?: BrowserContextOptions;
  /** A script every page of the shared context runs before the app's (what a test records). */
  init?: () => void;
  /**
   * 'instant' (the default): the pages' CSS animations and transitions end at once
   * (`instantAnimations`), so that a click after a navigation does not wait for the entering
   * screen to stop moving; 'run' for a file that tests the animations themselves.
   */
  animations?: 'instant' | 'run';
}

export interface OpenOptions {
  viewport?: { width: number; height: number };
  /**
   * A context of the page's own instead of a tab of the shared one: for a test that touches what
   * tabs share (localStorage, cookies, the HTTP cache, the clock, offline: openPage says which), or
   * that runs `before` on it. Options of its own, or `true` for the shared context's.
   */
  own?: boolean | BrowserContextOptions;
  /** Routes and init scripts set on the page's own context (implies `own`) before the page loads. */
  before?: (context: BrowserContext) => Promise<unknown>;
  /**
   * Page problems the test expects, by what they say: e.g. /Failed to load resource/, Chromium's
   * own line for an HTTP error answer when that answer is the failure under test.
   */
  allow?: RegExp;
}

export interface ChromiumFixture {
  /** The file's browser (from its beforeAll on). */
  browser(): Browser;
  /** The context the file's tests share, a tab each: made on first use. */
  context(): Promise<BrowserContext>;
  /** The origin of the served app (or the test's own, with FixtureOptions.origin). */
  origin(): string;
  /**
   * Opens `path` of the app in a fresh tab of the shared context (or a context of its own), runs
   * `test` with the page and the problems it reported so far, then fails on any uncaught exception
   * or console error (but `allow`'s) and closes what it opened.
   */
  open(path: string, test: (page: Page, problems: string[]) => Promise<void>, options?: OpenOptions): Promise<void>;
}

/** Registers the file's beforeAll and afterAll: call it once, at the top of a test file. */
export function chromiumFixture(options: FixtureOptions = {}): ChromiumFixture {
  let browser: Browser | undefined;
  let shared: Promise<BrowserContext> | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    shared = undefined;
    await browser?.close();
  });
  const launched = () => {
    if (!browser) throw new Error('the Chromium fixture launches its browser in beforeAll: use it in a test or a hook');
    return browser;
  };
  const instant = (options.animations ?? 'instant') === 'instant';
  const context = () =>
    (shared ??= launched()
      .newContext({ viewport: VIEWPORT, ...options.context })
      .then(async (made) => {
        if (instant) await made.addInitScript(instantAnimations);
        if (options.init) await made.addInitScript(options.init);
        return made;
      }));
  const origin = options.origin ?? (() => inject(options.app ?? 'referenceUrl'));
  return {
    browser: launched,
    context,
    origin,
    async open(path, test, { viewport, own, before, allow } = {}) {
      const url = origin() + path;
      const ownContext =
        own || before
          ? await launched().newContext({ viewport: viewport ?? VIEWPORT, ...(typeof own === 'object' ? own : {}) })
          : undefined;
      try {
        if (ownContext && instant) await ownContext.addInitScript(instantAnimations);
        await before?.(ownContext as BrowserContext);
        const { page, problems, close } = await openPage(ownContext ?? (await context()), url, { viewport });
        try {
          await test(page, problems);
          expect(
            problems.filter((problem) => !allow?.test(problem)),
            `uncaught exceptions or console errors in the page at ${url}`,
          ).toEqual([]);
        } finally {
          await close();
        }
      } finally {
        await ownContext?.close();
      }
    },
  };
}
