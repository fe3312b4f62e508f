import type { Browser, BrowserContext } from 'playwright-core';
import type { PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAndPreview, headingNamed, launch, withPage } from '@statechart/paths/chromium';

/**
 * @xstate/react's `useSelector` on the actor @statechart/react exposes (`useActorRef()`) during a
 * view transition, in Chromium, on a fixture app built as a product's (packages/react/test/fixtures/shownActorRef):
 * each of its screens shows what `useSelector(useActorRef(), …)` reads and what the same selector
 * reads on the router's raw actor. The browser captures the old screen, then calls the transition's
 * update callback, in which the new screen is committed: what the page shows when that callback
 * starts is what the old screen's picture holds. `document.startViewTransition` is wrapped before
 * the app's scripts to read both values when a transition is asked for, when its update callback
 * starts, and when that callback is done.
 */
interface Probes {
  shown: string;
  raw: string;
}
interface Reading {
  asked: Probes;
  atUpdate?: Probes;
  afterUpdate?: Probes;
}

function instrument() {
  const readings: Reading[] = [];
  let asked = false;
  Object.assign(window, { __readings: readings, __viewTransitionsAsked: () => asked });
  const proto = Document.prototype as Document & { startViewTransition?: Document['startViewTransition'] };
  const original = proto.startViewTransition;
  if (!original) return;
  const read = (): Probes => ({
    shown: document.querySelector('[data-probe="shown"]')?.textContent ?? 'none',
    raw: document.querySelector('[data-probe="raw"]')?.textContent ?? 'none',
  });
  function wrapped(this: Document, options?: ViewTransitionUpdateCallback | StartViewTransitionOptions) {
    const reading: Reading = { asked: read() };
    readings.push(reading);
    const update = typeof options === 'function' ? options : options?.update;
    const observed = async () => {
      reading.atUpdate = read();
      await update?.();
      reading.afterUpdate = read();
    };
    return original!.call(this, typeof options === 'function' ? observed : { ...options, update: observed });
  }
  // A getter: the app asks whether the browser has view transitions when its navigation effects
  // mount (navigationEffects.ts), from when on a screen change is held; the test waits for that.
  Object.defineProperty(proto, 'startViewTransition', {
    configurable: true,
    get() {
      asked = true;
      return wrapped;
    },
  });
}

let browser: Browser;
let context: BrowserContext;
let server: PreviewServer;
let origin: string;
beforeAll(async () => {
  ({ origin, server } = await buildAndPreview('packages/react/test/fixtures/shownActorRef/vite.config.ts'));
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  await context.addInitScript(instrument);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("@xstate/react's useSelector during a view transition", () => {
  it("sees the old screen's snapshot on useActorRef() until the commit, then the new; on the raw actor, the new one at once", async () => {
    await withPage(context, `${origin}/`, async (page) => {
      await page.waitForFunction(() =>
        (window as unknown as { __viewTransitionsAsked(): boolean }).__viewTransitionsAsked(),
      );
      await expect.poll(() => page.locator('[data-probe]').allTextContents()).toEqual(['first', 'first']);

      await page.getByRole('link', { name: 'To the second' }).click();
      await headingNamed(page, 'Second').waitFor();
      await page.waitForFunction(
        () => (window as unknown as { __readings: Reading[] }).__readings.at(-1)?.afterUpdate !== undefined,
      );
      const readings = await page.evaluate(() => (window as unknown as { __readings: Reading[] }).__readings);

      expect(readings, 'one view transition for the move from the first screen to the second').toHaveLength(1);
      const [move] = readings as [Reading];
      expect(
        move.atUpdate?.shown,
        "useSelector(useActorRef(), …) in the old screen when the browser had captured it: the held snapshot's " +
          '(packages/react/src/shown.ts, ShownActorRef); "second" means the new state reached the old screen\'s picture',
      ).toBe('first');
      expect(move.afterUpdate?.shown, 'useSelector(useActorRef(), …) once the update callback committed the move').toBe(
        'second',
      );
      // The same check on the router's raw actor finds the new state in the old screen's picture:
      // the reason useActorRef() exists, and what this test would see if it returned the raw actor.
      expect(
        move.atUpdate?.raw,
        'useSelector(useRouter().actor, …) is not held: it renders the new state before the capture',
      ).toBe('second');
      await expect.poll(() => page.locator('[data-probe]').allTextContents()).toEqual(['second', 'second']);
    });
  });
});
