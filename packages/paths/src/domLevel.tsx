import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { StateValue } from 'xstate';
import { stockStrings, createApp, type ViewRegistry } from '@statechart/react';
import { assertCovered, formatTable, writeCoverage, type CoverageReport } from './coverage';
import { emptySeen, observe, type Seen } from './graph';
import { createControls } from './internal';
import { linksIn } from './links';
import { formatCost, holdBackAdvice, writeCost, type CostRow } from './cover';
import { coverageOf, generateSuite } from './suite';
import { specViews } from './specViews';
import { checkMaps, type MachineSpec } from './spec';
import { replayThroughUi, type Check, type Driver } from './ui';
import type { SplitOptions } from './machineLevel';
import { inPart, recordWalk, RECORDS_DIR } from './records';
import { createReactRouterMemoryHistory } from './reactRouterMemoryHistory';

/**
 * How long a step may take to show what it should: a lazy view's first import (Vite transforms it on
 * first use) took over a second on a loaded 2-core CI machine, Testing Library's default wait. A
 * product's tests need no setup file for it; a passing wait returns at once.
 */
const SETTLE = { timeout: 10_000 };

/** A machine to run at the DOM level, with the views and words its app has. */
export interface DomApp {
  spec: MachineSpec;
  /** The app's views (default: views made from the spec's assertions, `specViews`). */
  views?: () => ViewRegistry;
  /** The app's words (default: the framework's stock words); the spec's productName is the title's last part. */
  strings?: Parameters<typeof createApp>[0]['strings'];
}

/** The app in jsdom on a memory history at `/`, driven through the DOM as a person would. */
async function renderApp({ spec, views, strings = stockStrings }: DomApp, seen: Seen) {
  const history = createReactRouterMemoryHistory('/');
  // Time is a simulated clock and invoked actors settle when a step says so, through createApp's
  // own options: the app runs the machine as written, with these implementations.
  const controls = createControls(spec.machine, spec.outcomes ?? {});
  const app = createApp({
    machine: spec.machine,
    provide: controls.provide,
    clock: controls.clock,
    // The minimal shape machines have no view files: their views are made from their specs.
    views: views?.() ?? specViews(spec),
    input: spec.input,
    snapshot: spec.snapshot,
    strings: { ...strings, productName: spec.productName },
    history,
  });
  const stop = observe(app.actor, spec.machine, seen);
  // Every view's chunk loaded before the first render, not only the active ones': a step's screen
  // is then there when its state is. Left lazy, each first visit to a view showed its Suspense
  // fallback, and React 19 holds a boundary's content back up to 300 ms after a fallback
  // (FALLBACK_THROTTLE_MS): most of this level's time on a large product (a 100-screen product's
  // heading checks waited 30 s, idle). What the level proves (states, URLs, history, screens) does
  // not depend on when a chunk arrives; the pending fallback and its focus are tested in Chromium.
  await Promise.all(Object.values(app.router.views).map((view) => view.load().catch(() => undefined)));
  render(app.element);
  const driver: Driver = {
    async route(url) {
      const link = [...document.querySelectorAll('a')].find((a) => a.getAttribute('href') === url);
      // No link to it on screen: the URL is typed, which in the app is a navigate().
      await act(async () => (link ? link.click() : app.sync.navigate(url)));
    },
    async click(role, name) {
      const target = screen.getByRole(role, { name });
      await act(async () => target.click());
    },
    async type(label, text) {
      const field = screen.getByLabelText(label);
      await act(async () => fireEvent.change(field, { target: { value: text } }));
    },
    async report(event) {
      await act(async () => app.actor.send(event));
    },
    async internal(event) {
      await act(async () => controls.perform(app.actor, event));
    },
    async waitForState(value: StateValue) {
      await waitFor(() => expect(app.actor.getSnapshot().value).toEqual(value), SETTLE);
    },
    links: async () => linksIn(document),
    found: async () => ({
      value: app.actor.getSnapshot().value,
      url: history.location.pathname + history.location.search,
      headings: screen.queryAllByRole('heading').map((heading) => heading.textContent ?? ''),
      title: document.title,
    }),
    url: async () => history.location.pathname + history.location.search,
    historyLength: async () => history.index + 1,
    async check(check: Check) {
      if (check.kind === 'heading') await screen.findByRole('heading', { name: check.name }, SETTLE);
      else if (check.kind === 'pressed') await screen.findByRole('button', { name: check.name, pressed: true }, SETTLE);
      else if (check.kind === 'absentHeading') expect(screen.queryByRole('heading', { name: check.name })).toBeNull();
      else await waitFor(() => expect(document.title.split(' · ')).toContain(check.part), SETTLE);
    },
  };
  return { driver, stop: () => (stop(), app.sync.stop(), app.actor.stop()) };
}

/**
 * The DOM level of the generated path tests, for a jsdom test file to call at its top level:
 * `await describeDomLevel([{ spec: productSpec, views: () => viewsFromGlob(…), strings }])`. Each
 * path performed on the app rendered in jsdom with a memory history, then the coverage gate.
 */
export async function describeDomLevel(apps: readonly DomApp[], split: SplitOptions = {}): Promise<void> {
  const reports: CoverageReport[] = [];
  const costs: CostRow[] = [];

  afterEach(cleanup);
  // Testing Library prints the whole document into every query error, and a wait retries its
  // query until the screen shows: each retry printed a page with every nav link (on a 100-screen
  // product, 7% of this level's time). A failure here says what the page shows (ui.ts, `found`),
  // and quotes only the query's first line.
  configure({ getElementError: (message) => new Error(message ?? 'no element found') });
  // Parts take every count-th walk of all the apps together, so that specs of one walk spread too.
  let position = 0;

  for (const app of apps) {
    const { spec } = app;
    const suite = await generateSuite(spec, 'dom');
    describe(`paths of the ${spec.name} machine, performed in the DOM (jsdom, memory history)`, () => {
      const seen = emptySeen();
      const linksChecked = new Set<string>();
      const failed: string[] = [];

      it('has an executor for every event and an assertion for every state it can show', () => {
        checkMaps(spec);
      });

      const { part } = split;
      for (const [i, path] of suite.walks.entries()) {
        if (part && !inPart(position++, part)) continue;
        it(
          path.description,
          async () => {
            // React reports the view that throws on purpose (the broken screen); nothing else may log.
            const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
            // A part records each walk's own sightings; the merge step unites them.
            const own = part ? emptySeen() : seen;
            const record = part && {
              machine: spec.name,
              level: 'dom' as const,
              shard: part,
              by: 'part' as const,
              walk: i,
              description: path.description,
            };
            const rendered = await renderApp(app, own);
            try {
              await replayThroughUi(spec, path, rendered.driver, own, linksChecked);
              const unexpected = errors.mock.calls
                .map((call) => call.map(String).join(' '))
                .filter((text) => !/broken screen fails on purpose/.test(text));
              expect(unexpected).toEqual([]);
              if (record) recordWalk(split.records ?? RECORDS_DIR, { ...record, passed: true, seen: own });
            } catch (error) {
              if (record)
                recordWalk(split.records ?? RECORDS_DIR, { ...record, passed: false, error: String(error), seen: own });
              failed.push(path.description.split(' reaches ')[0] ?? path.description);
              throw error;
            } finally {
              rendered.stop();
              errors.mockRestore();
            }
            // A walk is many steps: its time grows with them, and with the links each screen shows (each
            // is followed on a model: docs/BENCHMARKS.md). A navigation may link every routable state: about
            // 1 ms each, 3 ms on a loaded 2-core machine (a 100-screen product: 66–120 ms a screen), 10 ms
            // allowed (a 200-screen product's first walk timed out at 65 s, 1.5 s a step, at load 27–32).
          },
          5000 + (1500 + 10 * spec.table.routes.size) * path.steps.length,
        );
      }

      if (part) return;
      it('took every transition, reached every state and checked every history state a URL or a click can', () => {
        holdBackAdvice(failed);
        const report = coverageOf(suite, seen);
        reports.push(report);
        costs.push({ machine: spec.name, level: 'dom', ...suite.cost, covered: report.transitions.covered });
        assertCovered(report);
      });
    });
  }

  afterAll(() => {
    if (split.part) return;
    writeCoverage(reports);
    writeCost(costs);
    console.log(`Path coverage, DOM level:\n${formatTable(reports)}\n\nCost, DOM level:\n${formatCost(costs)}`);
  });
}
