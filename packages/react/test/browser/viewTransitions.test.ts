import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { headingNamed, pathOf, pressBack } from '@statechart/paths/chromium';
import { chromiumFixture } from '../../../../scripts/browser-tests/fixture';

/**
 * View transitions on screen changes (issue 34) on the built reference app in Chromium, in both
 * history modes (the browser-history-api project runs this file again with `window.navigation`
 * hidden). Transitions are seen by wrapping `document.startViewTransition` before the app's
 * scripts: each call is recorded with its types, what was named when it started and once it was
 * ready, which pseudo-elements animated, and where the focus was when the update callback was done.
 */
interface Recorded {
  types: string[];
  /** Elements with a view-transition-name when the transition was asked for (the old screen). */
  namedBefore: string[];
  /** The same once the transition is ready (the new screen), and the root's own name. */
  namedReady: string[];
  /** The screens marked entering once ready (the new screen: live, not captured). */
  entering: string[];
  rootName: string;
  /** The pseudo-elements with an animation once ready: `::view-transition-group(screen)`… */
  animated: string[];
  /** The focused element's text when the DOM update was done, and whether the transition had finished then. */
  focusAtUpdate: string;
  finishedAtUpdate: boolean;
  finished: boolean;
  skipped: boolean;
  /** Why it was skipped: the error `ready` rejected with (`TimeoutError: …`, `InvalidStateError: …`). */
  skippedBecause: string;
}

function instrument() {
  const calls: Recorded[] = [];
  let asked = false;
  Object.assign(window, { __viewTransitions: calls, __viewTransitionsAsked: () => asked });
  const proto = Document.prototype as Document & { startViewTransition?: Document['startViewTransition'] };
  const original = proto.startViewTransition;
  if (!original) return;
  // A screen element's name: its heading's state id (data-screen-heading), or its tag.
  const describe = (element: Element | null): string => {
    if (!element) return 'none';
    const heading = element.matches('[data-screen-heading]') ? element : element.querySelector('[data-screen-heading]');
    return heading instanceof HTMLElement ? (heading.dataset.screenHeading ?? '') : element.tagName.toLowerCase();
  };
  const named = () =>
    [...document.body.querySelectorAll('*')]
      .filter((element) => getComputedStyle(element).viewTransitionName !== 'none')
      .map((element) => `${getComputedStyle(element).viewTransitionName}:${describe(element)}`);
  function wrapped(this: Document, ...args: Parameters<Document['startViewTransition']>) {
    const [options] = args;
    const record: Recorded = {
      types: typeof options === 'object' && options?.types ? [...options.types] : [],
      namedBefore: named(),
      namedReady: [],
      entering: [],
      rootName: '',
      animated: [],
      focusAtUpdate: '',
      finishedAtUpdate: false,
      finished: false,
      skipped: false,
      skippedBecause: '',
    };
    calls.push(record);
    const transition = original!.apply(this, args);
    void transition.updateCallbackDone.then(() => {
      const active = document.activeElement;
      record.focusAtUpdate = active ? (active.textContent ?? '') : '';
      record.finishedAtUpdate = record.finished;
    });
    transition.ready.then(
      () => {
        record.namedReady = named();
        record.rootName = getComputedStyle(document.documentElement).viewTransitionName;
        record.entering = [...document.querySelectorAll('[data-screen-entering]')].map(describe);
        // Pseudo-elements by name (`::view-transition-old(screen)`), the entering screen by its id.
        record.animated = document
          .getAnimations()
          .map((animation) => {
            const effect = animation.effect as KeyframeEffect | null;
            if (effect?.pseudoElement) return effect.pseudoElement;
            const target = effect?.target;
            return target instanceof HTMLElement && target.hasAttribute('data-screen-entering')
              ? `element:${describe(target)}`
              : '';
          })
          .filter(Boolean);
      },
      (error: unknown) => {
        record.skipped = true;
        record.skippedBecause = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      },
    );
    void transition.finished.then(() => (record.finished = true));
    return transition;
  }
  // A getter: the app asks whether the browser has view transitions when its navigation effects
  // mount (navigationEffects.ts), which is what a test waits for before its first move.
  Object.defineProperty(proto, 'startViewTransition', {
    configurable: true,
    get() {
      asked = true;
      return wrapped;
    },
  });
}

const chromium = chromiumFixture({ init: instrument, animations: 'run' });
const heading = headingNamed;
const nav = (page: Page) => page.getByRole('navigation');
const transitions = (page: Page) =>
  page.evaluate(() => structuredClone((window as unknown as { __viewTransitions: Recorded[] }).__viewTransitions));

/**
 * Opens `url` once the shell's navigation effects are in (before, a move is never animated): a tab
 * of the shared context, or with `own`, a context of its own with those options.
 */
const open = (url: string, test: (page: Page) => Promise<void>, own?: BrowserContextOptions) =>
  chromium.open(
    url,
    async (page) => {
      await page.waitForFunction(() =>
        (window as unknown as { __viewTransitionsAsked(): boolean }).__viewTransitionsAsked(),
      );
      await test(page);
    },
    own && { own, before: (context) => context.addInitScript(instrument) },
  );

/** The transitions recorded, once there are at least `count` and each has finished (or was skipped). */
async function settled(page: Page, count: number): Promise<Recorded[]> {
  await page.waitForFunction((count) => {
    const calls = (window as unknown as { __viewTransitions: Recorded[] }).__viewTransitions;
    return calls.length >= count && calls.every((call) => call.finished || call.skipped);
  }, count);
  return transitions(page);
}

describe.concurrent('view transitions on screen changes', () => {
  it('runs a view transition on a move, whose types tell Back from forward, and none for the first screen', async ({
    expect,
  }) => {
    await open('/', async (page) => {
      await heading(page, 'Reference home').waitFor();
      expect(await transitions(page), 'the first screen does not animate').toEqual([]);
      await nav(page).getByRole('link', { name: 'Section' }).click();
      await heading(page, 'All items').waitFor();
      const [forward] = await settled(page, 1);
      expect(forward?.types).toEqual(['forward', 'level-1']);
      await pressBack(page);
      await heading(page, 'Reference home').waitFor();
      const [, back] = await settled(page, 2);
      expect(back?.types).toEqual(['back', 'level-1']);
      // Chromium skips a transition whose DOM update outlasts its deadline (a TimeoutError), which
      // a busy machine can cause; any other reason (a duplicate name, an update that threw) is a bug.
      if (back?.skipped) expect(back.skippedBecause, 'the Back transition was skipped').toMatch(/^TimeoutError/);
    });
  });

  it('animates only the child’s screen when a child moves inside its parent: not the page root, not the parent, header or footer', async ({
    expect,
  }) => {
    await open('/section', async (page) => {
      await heading(page, 'All items').waitFor();
      const item = page.getByRole('list', { name: 'Items' }).getByRole('link', { name: 'Item 2' });
      // The entering screen is found by its view's heading: with the view's chunk still loading at
      // the commit (its Suspense fallback shown), nothing is marked. A person's pointer on the link
      // loads it first (intent preload); the test waits for that instead of racing it.
      await item.hover();
      await page.waitForFunction(() =>
        performance.getEntriesByType('resource').some((entry) => /\/sectionItem\.view-[\w-]+\.js$/.test(entry.name)),
      );
      await item.click();
      await heading(page, 'Item 2').waitFor();
      const [move] = await settled(page, 1);
      expect(move?.types).toEqual(['forward', 'level-2']);
      // The old child (the list) was named when the transition started, the new one once ready:
      // never the section around them.
      expect(move?.namedBefore).toEqual(['screen:sectionList']);
      // The new child is not captured (a click on it must reach it): it enters live, marked.
      expect(move?.namedReady).toEqual([]);
      expect(move?.entering).toEqual(['sectionItem']);
      expect(move?.rootName, 'the page root is not captured').toBe('none');
      expect(move?.animated.length, 'something animated').toBeGreaterThan(0);
      expect(move?.animated.filter((what) => !what.endsWith('(screen)') && what !== 'element:sectionItem')).toEqual([]);
    });
  });

  it('lets a click on the new screen through while its transition runs', async ({ expect }) => {
    await open('/section', async (page) => {
      await heading(page, 'All items').waitFor();
      // A slow transition (a product's stylesheet, from the app's origin), so the click lands in it.
      await page.route(/\/slow\.css$/, (route) =>
        route.fulfill({
          contentType: 'text/css',
          body: '::view-transition-group(screen), ::view-transition-old(screen), [data-screen-entering] { animation-duration: 30s !important; }',
        }),
      );
      await page.addStyleTag({ url: '/slow.css' });
      await page.getByRole('list', { name: 'Items' }).getByRole('link', { name: 'Item 2' }).click();
      await heading(page, 'Item 2').waitFor();
      await page.waitForFunction(
        () => (window as unknown as { __viewTransitions: Recorded[] }).__viewTransitions[0]?.namedReady,
      );
      // A person's click at the button's place (no waiting for animations, as Playwright's own click would).
      const box = await page.getByRole('button', { name: 'Notes' }).boundingBox();
      if (!box) throw new Error('no Notes button on Item 2');
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.getByText('Notes tab').waitFor();
      const [move] = await transitions(page);
      expect(move?.finished, 'the click came while the transition ran').toBe(false);
    });
  });

  it('moves the focus to the new heading as soon as the screen is in the DOM, before the transition finishes', async ({
    expect,
  }) => {
    await open('/section', async (page) => {
      await heading(page, 'All items').waitFor();
      await page.getByRole('list', { name: 'Items' }).getByRole('link', { name: 'Item 3' }).click();
      const [move] = await settled(page, 1);
      expect(move?.focusAtUpdate).toBe('Item 3');
      expect(move?.finishedAtUpdate).toBe(false);
      // The title follows at once too.
      expect(await page.title()).toMatch(/^Item 3/);
    });
  });

  it('animates nothing for in-screen changes that do not ask for one: tabs and search params', async ({ expect }) => {
    await open('/section/1', async (page) => {
      await heading(page, 'Item 1').waitFor();
      await page.getByRole('button', { name: 'Notes' }).click();
      await page.getByText('Notes tab').waitFor();
      await page.getByRole('list', { name: 'Items' }).getByRole('link', { name: 'All items' }).click();
      await heading(page, 'All items').waitFor();
      await settled(page, 1);
      await page.getByRole('link', { name: 'Next page' }).click();
      await page.getByText('Page 2').waitFor();
      expect(pathOf(page)).toBe('/section?page=2');
      // The one transition is the move to the list; the tab and the page asked for none.
      expect((await transitions(page)).map((call) => call.types)).toEqual([['forward', 'level-2']]);
    });
  });

  it('animates an in-screen change whose state asks for one (meta.viewTransition): the screen around it, in place', async ({
    expect,
  }) => {
    await open('/records/1', async (page) => {
      await heading(page, 'Record 1').waitFor();
      await page.getByTestId('record-name').waitFor();
      await page.getByRole('button', { name: 'Notes' }).click();
      await page.getByText('No notes.').waitFor();
      const [tab] = await settled(page, 1);
      // A machine event, not a navigation: no direction; the record's screen (level 2, inside Records).
      expect(tab?.types).toEqual(['in-screen', 'level-2']);
      expect(tab?.namedBefore).toEqual(['screen:recordDetail']);
      expect(tab?.namedReady).toEqual([]);
      expect(tab?.entering).toEqual(['recordDetail']);
      expect(tab?.rootName).toBe('none');
      await page.getByRole('button', { name: 'Summary' }).click();
      await page.getByTestId('record-name').waitFor();
      expect((await settled(page, 2)).map((call) => call.types)).toEqual([
        ['in-screen', 'level-2'],
        ['in-screen', 'level-2'],
      ]);
    });
  });

  it('animates nothing for a refused link or a refused Back', async ({ expect }) => {
    await open('/', async (page) => {
      await nav(page).getByRole('link', { name: 'Editor', exact: true }).click();
      await heading(page, 'Editor').waitFor();
      await settled(page, 1);
      await page.getByLabel('Draft').fill('Unsaved words');
      await nav(page).getByRole('link', { name: 'Home', exact: true }).click();
      await page.getByRole('alert').waitFor();
      await pressBack(page);
      // The refused Back is said again: a new alert, the editor still shown.
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert');
      expect(pathOf(page)).toBe('/editor');
      // Saved: the next move animates again.
      await page.getByRole('button', { name: 'Save' }).click();
      await nav(page).getByRole('link', { name: 'Home', exact: true }).click();
      await heading(page, 'Reference home').waitFor();
      expect((await settled(page, 2)).map((call) => call.types)).toEqual([
        ['forward', 'level-1'],
        ['forward', 'level-1'],
      ]);
    });
  });

  it('is turned off by a product’s CSS alone, whole or for one screen, as docs/ui.md shows', async ({ expect }) => {
    await open('/section', async (page) => {
      await heading(page, 'All items').waitFor();
      // A product's stylesheet, from the app's origin (its CSP admits no inline style).
      const sheets: Record<string, string> = {
        // docs/ui.md's "a screen that never animates": the item's screen is never named.
        '/one-screen.css':
          ".site-main :has(> [data-screen-heading='sectionItem']) { view-transition-name: none !important; animation: none !important; }",
        // docs/ui.md's "none at all".
        '/none.css':
          '.site-main * { view-transition-name: none !important; } [data-screen-entering] { animation: none !important; }',
      };
      await page.route(/\/(one-screen|none)\.css$/, (route) =>
        route.fulfill({ contentType: 'text/css', body: sheets[new URL(route.request().url()).pathname] ?? '' }),
      );
      const one = await page.addStyleTag({ url: '/one-screen.css' });
      await page.getByRole('list', { name: 'Items' }).getByRole('link', { name: 'Item 2' }).click();
      await heading(page, 'Item 2').waitFor();
      const [toItem] = await settled(page, 1);
      expect(toItem?.namedBefore).toEqual(['screen:sectionList']);
      expect(toItem?.animated, 'the item does not animate').not.toContain('element:sectionItem');
      await one.evaluate((style) => style.parentNode?.removeChild(style));
      await page.addStyleTag({ url: '/none.css' });
      await page.getByRole('list', { name: 'Items' }).getByRole('link', { name: 'All items' }).click();
      await heading(page, 'All items').waitFor();
      const [, back] = await settled(page, 2);
      expect(back?.namedBefore).toEqual([]);
      expect(back?.namedReady).toEqual([]);
      expect(
        back?.animated.filter((what) => what.endsWith('(screen)') || what.startsWith('element:')),
        'no screen animated',
      ).toEqual([]);
    });
  });

  it('animates nothing under prefers-reduced-motion: reduce', async ({ expect }) => {
    await open(
      '/',
      async (page) => {
        await nav(page).getByRole('link', { name: 'Section' }).click();
        await heading(page, 'All items').waitFor();
        await page.getByRole('list', { name: 'Items' }).getByRole('link', { name: 'Item 2' }).click();
        await heading(page, 'Item 2').waitFor();
        await pressBack(page);
        await heading(page, 'All items').waitFor();
        await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('All items');
        expect(await transitions(page)).toEqual([]);
      },
      { reducedMotion: 'reduce' },
    );
  });
});
