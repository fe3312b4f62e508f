import type { Page, Route } from 'playwright-core';
import { describe, it } from 'vitest';
import { headingNamed as heading } from '@statechart/paths/chromium';
import { chromiumFixture } from '../../../../scripts/browser-tests/fixture';

/**
 * A screen whose view chunk has not arrived yet, on the built reference app in Chromium (shown.ts,
 * PENDING_AFTER_MS): the old screen stays until the chunk is in, and the pending state shows only
 * once it has taken a second. Shown at once, the fallback made every such navigation last about
 * 300 ms more than its chunk (React 19 holds a boundary's content back until 300 ms after its
 * fallback appeared).
 */
const { open } = chromiumFixture();

/** When the click came, when the pending state first showed, and when the home heading left the page, by the page's clock. */
function record() {
  const seen: { click?: number; pending?: number; homeLeft?: number } = {};
  Object.assign(window, { __chunks: seen });
  document.addEventListener('click', (event) => (seen.click ??= event.timeStamp), { capture: true });
  new MutationObserver(() => {
    const now = performance.now();
    if (seen.pending === undefined && document.querySelector('[data-view-pending]')) seen.pending = now;
    const home = [...document.querySelectorAll('h1')].some((h) => h.textContent === 'Reference home');
    if (seen.click !== undefined && seen.homeLeft === undefined && !home) seen.homeLeft = now;
  }).observe(document, { subtree: true, childList: true });
}

const seen = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __chunks: { click?: number; pending?: number; homeLeft?: number } }).__chunks,
  );

describe.concurrent('a screen whose view chunk is on its way', () => {
  it('keeps the old screen while the chunk loads, shows the pending state only after a second, then the view', async ({
    expect,
  }) => {
    // The editor's chunk is held until the test lets it go (the idle preload asks for it too).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const hold = async (route: Route) => {
      await held;
      await route.continue();
    };
    await open(
      '/',
      async (page) => {
        await heading(page, 'Reference home').waitFor();
        await page.getByRole('navigation').getByRole('link', { name: 'Editor' }).click();
        await page.locator('[data-view-pending]').waitFor();
        const { click, pending, homeLeft } = await seen(page);
        expect(click, 'the click was recorded').toBeDefined();
        // Timers never fire early: whatever the machine's load, the pending state cannot show sooner.
        expect((pending ?? 0) - (click ?? 0), 'ms from the click to the pending state').toBeGreaterThanOrEqual(1000);
        expect(homeLeft, 'the home screen left with the pending state, not before').toBe(pending);
        release();
        await heading(page, 'Editor').waitFor();
        await expect.poll(() => page.locator('[data-view-pending]').count()).toBe(0);
      },
      {
        before: (context) =>
          Promise.all([context.addInitScript(record), context.route(/\/editor\.view-[\w-]+\.js$/, hold)]),
      },
    );
  });
});
