import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { headingNamed, historyLength, pathOf } from '@statechart/paths/chromium';
import { chromiumFixture } from '../../../scripts/browser-tests/fixture';

/**
 * The routing contract's promises that broke on statecharts of other shapes (issue 8), in Chromium
 * on the built reference app: each test is named after what broke.
 */
// A tab per test in one context: these tests use no storage but the tab's own sessionStorage.
const { open, origin } = chromiumFixture();
const path = pathOf;
const heading = headingNamed;

interface TestApp {
  actor: { getSnapshot(): { context: { homeEntries: number } } };
  sync: { navigate(url: string): void };
}
/** The app's own navigate (a link click or typed URL inside the app), as the reference app exposes it. */
const navigate = (page: Page, url: string) =>
  page.evaluate((to) => (window as unknown as { __app: TestApp }).__app.sync.navigate(to), url);
/**
 * An entry the app did not write (from before it loaded, or another script), with the index
 * react-router's history gives its own entries, so that Back onto it is a real popstate.
 */
/**
 * A traversal by `delta` entries made by a script. Through the Navigation API where the page has
 * it: Chromium 156 silently drops a history.go(n) to an entry whose traversal was cancelled before.
 */
const goBy = (page: Page, delta: number) =>
  page.evaluate((by) => {
    const navigation = (window as { navigation?: Navigation }).navigation;
    const target = navigation?.entries()[(navigation.currentEntry?.index ?? 0) + by];
    if (!navigation || !target) return history.go(by);
    // A refused traversal is cancelled: its promises reject, which is no error of the page's.
    const { committed, finished } = navigation.traverseTo(target.key);
    committed?.catch(() => undefined);
    finished?.catch(() => undefined);
  }, delta);
const pushForeignEntry = (page: Page, url: string) =>
  page.evaluate((to) => {
    const state = history.state as { idx: number } | null;
    history.pushState({ usr: null, key: 'foreign', idx: (state?.idx ?? 0) + 1 }, '', to);
  }, url);

// Every test opens a page of its own (open) and none tells the API servers how to answer,
// so the tests run at once, up to the browser project's maxConcurrency: one's page load overlaps
// another's waits. A test that needs api.behave() belongs in a sequential block (see calls.test.ts).
describe.concurrent('a URL naming a routable ancestor of the screen shown (a parent without an index child)', () => {
  it('shows the parent’s own screen when its header link is clicked on its child’s screen', async ({ expect }) => {
    await open('/tour/stop', async (page) => {
      await heading(page, 'First stop').waitFor();
      const entries = await historyLength(page);
      await page.getByRole('navigation').getByRole('link', { name: 'Tour' }).click();
      await expect.poll(() => path(page)).toBe('/tour');
      await heading(page, 'Tour').waitFor();
      expect(await heading(page, 'First stop').count()).toBe(0);
      expect(await historyLength(page)).toBe(entries + 1);
    });
  });

  it('goes Back from the child to the parent’s screen instead of snapping forward', async ({ expect }) => {
    await open('/tour', async (page) => {
      await heading(page, 'Tour').waitFor();
      await page.getByRole('link', { name: 'Go to the first stop' }).click();
      await heading(page, 'First stop').waitFor();
      await page.goBack();
      await expect.poll(() => path(page)).toBe('/tour');
      await expect.poll(() => heading(page, 'First stop').count()).toBe(0);
      await page.goForward();
      await heading(page, 'First stop').waitFor();
    });
  });
});

describe.concurrent('a deep link', () => {
  it('enters the URL’s state first: the initial screen’s entry action never runs', async ({ expect }) => {
    await open('/section/3', async (page) => {
      await heading(page, 'Item 3').waitFor();
      const entries = await page.evaluate(
        () => (window as unknown as { __app: TestApp }).__app.actor.getSnapshot().context.homeEntries,
      );
      expect(entries).toBe(0);
    });
  });

  it('to the initial screen enters it once', async ({ expect }) => {
    await open('/', async (page) => {
      await heading(page, 'Reference home').waitFor();
      const entries = await page.evaluate(
        () => (window as unknown as { __app: TestApp }).__app.actor.getSnapshot().context.homeEntries,
      );
      expect(entries).toBe(1);
    });
  });
});

describe.concurrent('Back onto a URL that means the screen shown', () => {
  it('replaces a redirecting entry whose target is the page shown', async ({ expect }) => {
    await open('/editor', async (page) => {
      await heading(page, 'Editor').waitFor();
      const entries = await historyLength(page);
      await pushForeignEntry(page, '/old');
      await page.getByRole('navigation').getByRole('link', { name: 'Home' }).click();
      await heading(page, 'Reference home').waitFor();
      expect(await historyLength(page)).toBe(entries + 2);
      await page.goBack();
      await expect.poll(() => path(page)).toBe('/');
      await heading(page, 'Reference home').waitFor();
      expect(await historyLength(page)).toBe(entries + 2);
      await page.goBack();
      await heading(page, 'Editor').waitFor();
      expect(path(page)).toBe('/editor');
    });
  });

  it('replaces a non-canonical spelling of the screen shown with the canonical URL', async ({ expect }) => {
    await open('/editor', async (page) => {
      await heading(page, 'Editor').waitFor();
      await pushForeignEntry(page, '/section/01');
      await navigate(page, '/section/1');
      await heading(page, 'Item 1').waitFor();
      await page.goBack();
      await expect.poll(() => path(page)).toBe('/section/1');
      await page.goBack();
      await heading(page, 'Editor').waitFor();
    });
  });
});

describe.concurrent('a move the machine refuses in part', () => {
  it('changes nothing and restores the history position without rewriting any entry', async ({ expect }) => {
    await open('/', async (page) => {
      await heading(page, 'Reference home').waitFor();
      const entries = await historyLength(page);
      await navigate(page, '/?overlay=open');
      await heading(page, 'Overlay').waitFor();
      await page.getByRole('navigation').getByRole('link', { name: 'Editor' }).click();
      await heading(page, 'Editor').waitFor();
      expect(path(page)).toBe('/editor?overlay=open');
      await page.getByLabel('Draft').fill('unsaved words');
      await goBy(page, -2);
      // Refused: the app steps forward again over the same distance.
      await expect.poll(() => path(page)).toBe('/editor?overlay=open');
      await heading(page, 'Overlay').waitFor();
      expect(await historyLength(page)).toBe(entries + 2);
      await page.getByRole('button', { name: 'Save' }).click();
      await goBy(page, -2);
      await heading(page, 'Reference home').waitFor();
      expect(path(page)).toBe('/');
      await expect.poll(() => heading(page, 'Overlay').count()).toBe(0);
    });
  });
});

const typedUrl = (page: Page) => page.locator('.typed-url').textContent();

describe.concurrent('URLs that would leave the origin, or that no URL can hold', () => {
  // The last one is a data: URL with an unpaired surrogate, which made encodeURIComponent throw.
  for (const target of [
    '//evil.example/x',
    '/\\evil.example/x',
    'https://evil.example/x',
    'data:/section/1?.=\ud800',
  ]) {
    it(`navigate(${JSON.stringify(target)}) shows not-found on our origin, with the text a reload shows again`, async ({
      expect,
    }) => {
      await open('/', async (page) => {
        await heading(page, 'Reference home').waitFor();
        await navigate(page, target);
        await heading(page, 'Page not found').waitFor();
        expect(new URL(page.url()).origin).toBe(origin());
        const shown = await typedUrl(page);
        expect(shown).toBe(path(page));
        await page.reload();
        await heading(page, 'Page not found').waitFor();
        expect(await typedUrl(page)).toBe(shown);
        await page.getByRole('link', { name: 'Go to the home page' }).click();
        await heading(page, 'Reference home').waitFor();
      });
    });
  }
});

describe.concurrent('relative inputs to navigate()', () => {
  it("resolve as the browser resolves a link: '' and '?' on the page shown add no entry, however often", async ({
    expect,
  }) => {
    await open('/section/1', async (page) => {
      await heading(page, 'Item 1').waitFor();
      const entries = await historyLength(page);
      for (const input of ['', '?', '', '?']) await navigate(page, input);
      expect(path(page)).toBe('/section/1');
      expect(await historyLength(page)).toBe(entries);
      await navigate(page, '2');
      await heading(page, 'Item 2').waitFor();
      expect(path(page)).toBe('/section/2');
    });
  });
});

describe.concurrent('the hash', () => {
  // docs/routing.md: a fragment is the browser's; the router never rewrites an entry whose URL is
  // the state's plus a fragment (a reload keeps it), and its own writes carry none.
  it('is not part of the state: the screen is the URL’s without it, and the fragment stays the browser’s', async ({
    expect,
  }) => {
    await open('/section/2#notes', async (page) => {
      await heading(page, 'Item 2').waitFor();
      expect(path(page)).toBe('/section/2#notes');
      await page.reload();
      await heading(page, 'Item 2').waitFor();
      expect(path(page)).toBe('/section/2#notes');
    });
  });
});
