import fc from 'fast-check';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, StateValue } from 'xstate';
import { href } from '@statechart/core';
import { activeNodes } from '@statechart/core/internal';
import { launch } from './browser';
import { traverse } from './traversal';
import { appUrl, openApp, runCheck } from './chromium';
import type { MachineSpec } from './spec';
import { checksFor } from './ui';
import { pick, runWalk, walkParameters, walkStep, type WalkStep } from './walk';

/** The machine's state in the page, as a snapshot href() and the assertions can read. */
async function pageSnapshot(page: Page): Promise<AnyMachineSnapshot> {
  const { value, params } = await page.evaluate(() => {
    const { actor } = (
      window as unknown as {
        __paths: { router: { actor: { getSnapshot(): { value: StateValue; context: { params: object } } } } };
      }
    ).__paths.router;
    const snapshot = actor.getSnapshot();
    return { value: snapshot.value, params: snapshot.context.params };
  });
  // Why the cast: href() and the assertions read only `value` and `context.params`.
  return { value, context: { params }, matches: () => false } as unknown as AnyMachineSnapshot;
}

async function perform(page: Page, origin: string, spec: MachineSpec, step: WalkStep): Promise<string> {
  if (step.kind === 'event') {
    const buttons = page.locator('main button').filter({ visible: true });
    const draft = page.getByLabel('Draft', { exact: true });
    const count = await buttons.count();
    const typing = (await draft.count()) > 0;
    const choice = step.pick % Math.max(1, count + (typing ? 1 : 0));
    if (typing && choice === count) {
      await draft.fill(`Draft ${step.pick}`);
      return 'type in Draft';
    }
    if (count === 0) return 'no button';
    const button = buttons.nth(choice);
    const name = await button.textContent();
    await button.click();
    return `click ${name ?? '?'}`;
  }
  if (step.kind === 'link') {
    const links = page.locator('a[href^="/"]').filter({ visible: true });
    const count = await links.count();
    if (count === 0) return 'no link';
    const link = links.nth(step.pick % count);
    const target = await link.getAttribute('href');
    await link.click();
    return `link ${target ?? '?'}`;
  }
  if (step.kind === 'back') {
    const moved = await press(page, -1);
    // Back from the first entry leaves the app: come back, as a person would.
    if (!page.url().startsWith(origin)) {
      await page.goForward();
      return 'back out of the app and forward';
    }
    return moved ? 'back' : 'back (no entry)';
  }
  if (step.kind === 'forward') return (await press(page, 1)) ? 'forward' : 'forward (no entry)';
  if (step.kind === 'reload') {
    await page.reload();
    return 'reload';
  }
  const url = pick(spec.urls, step.pick) ?? '/';
  await page.goto(origin + url);
  return `typed ${url.length > 40 ? `${url.slice(0, 40)}…` : url}`;
}

/**
 * Back or Forward as the browser's buttons make them (traverse(): no wait for a navigation, which
 * never comes where the app cancels a refused traversal on the Navigation API); false when there is
 * no entry there. The check that follows waits on what matters (URL == href(snapshot)).
 */
async function press(page: Page, delta: number): Promise<boolean> {
  try {
    await traverse(page, delta);
    return true;
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('No history entry')) return false;
    throw error;
  }
}

/** The active states the app leaves by itself (the spec's `followUps`: a view that fails reports it). */
const passing = (spec: MachineSpec, snapshot: AnyMachineSnapshot) =>
  activeNodes(spec.machine.root, snapshot.value)
    .map((node) => node.id)
    .filter((id) => spec.followUps?.[id] !== undefined);

/**
 * URL == href(snapshot), the screen of every state shown, no console error. A step ends where the
 * app comes to rest: a state with a follow-up (the broken screen, whose view fails and reports it)
 * is passed through, and its screen is never checked (it may be gone by the time a check looks).
 */
async function check(page: Page, spec: MachineSpec, problems: string[], attach: () => Promise<void>) {
  await attach();
  let snapshot = await pageSnapshot(page);
  await expect
    .poll(
      async () => {
        snapshot = await pageSnapshot(page);
        return passing(spec, snapshot).length === 0 && appUrl(page) === href(spec.table, snapshot);
      },
      { timeout: 5000 },
    )
    .toBe(true)
    .catch(() => {
      const stuck = passing(spec, snapshot);
      throw new Error(
        stuck.length > 0
          ? `the app stayed in ${stuck.map((id) => `#${id}`).join(', ')}, whose follow-up (spec.followUps) never came`
          : `the URL is ${appUrl(page)} but href(snapshot) is ${href(spec.table, snapshot)}`,
      );
    });
  for (const expected of checksFor(spec, snapshot)) await runCheck(page, expected);
  if (problems.length) throw new Error(`console: ${problems.join('; ')}`);
}

/** A built app to walk in Chromium: its spec, where it is served, how many walks of how many steps. */
export interface SoakApp {
  spec: MachineSpec;
  origin: () => string;
  runs: number;
  length: number;
}

/**
 * Long random walks in Chromium on built apps (`npm run test:soak`, minutes: not part of npm
 * test), for a test file to call at its top level.
 */
export function describeSoak(walks: readonly SoakApp[]): void {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const { spec, origin, runs, length } of walks) {
    describe(`random walks in Chromium on the built ${spec.name} app`, () => {
      it(`keeps URL == href(snapshot), the state's screen and a clean console for ${runs} walks of ${length} steps`, async () => {
        let steps = 0;
        await fc.assert(
          fc.asyncProperty(fc.array(walkStep, { minLength: length, maxLength: length }), async (walkSteps) => {
            const { page, problems, close, attach } = await openApp(browser, origin());
            try {
              await runWalk(walkSteps, async (step) => {
                const done = await perform(page, origin(), spec, step);
                // The step's failure names what was done (`link /broken?overlay=open`), not only its kind.
                await check(page, spec, problems, attach).catch((error: unknown) => {
                  throw new Error(`${done}: ${error instanceof Error ? error.message : String(error)}`, {
                    cause: error,
                  });
                });
                steps++;
                return done;
              });
            } finally {
              await close();
            }
          }),
          // fast-check's limit is on the whole property, walks and shrinking (which replays walks in
          // Chromium): 8 minutes on a busy 2-core machine; a run cut short fails.
          walkParameters(runs, { interruptAfterTimeLimit: 480_000, markInterruptAsFailure: true }),
        );
        expect(steps).toBeGreaterThanOrEqual(runs * length);
      }, 600_000);
    });
  }
}
