import type { Page } from 'playwright-core';
import { describe, inject, it } from 'vitest';
import { headingNamed, historyLength, pathOf, pressBack } from '@statechart/paths/chromium';
import { chromiumFixture } from '../../../../scripts/browser-tests/fixture';

/**
 * The two history adapters (issue 34) on the built reference app in Chromium: the Navigation API's
 * where `window.navigation` exists (the browser project), the History API's where it is hidden
 * (the browser-history-api project, historyApiMode.ts). Each test says what each mode promises.
 */
const { open } = chromiumFixture({
  // What the page's navigations looked like to the Navigation API, recorded before the app's scripts.
  init: () => {
    const navigation = (window as { navigation?: Navigation }).navigation;
    const seen: { type: string; url: string; userInitiated: boolean; cancelable: boolean }[] = [];
    const entries: string[] = [];
    Object.assign(window, { __navigates: seen, __entryChanges: entries });
    navigation?.addEventListener('navigate', (event) => {
      const { navigationType: type, destination, userInitiated, cancelable } = event;
      seen.push({ type, url: new URL(destination.url).pathname, userInitiated, cancelable });
    });
    navigation?.addEventListener('currententrychange', () => entries.push(location.pathname));
  },
});

const historyApiMode = () => inject('historyApiMode');
const heading = headingNamed;
const navigates = (page: Page) =>
  page.evaluate(
    () =>
      (
        window as unknown as {
          __navigates: { type: string; url: string; userInitiated: boolean; cancelable: boolean }[];
        }
      ).__navigates,
  );
const entryChanges = (page: Page) =>
  page.evaluate(() => [...(window as unknown as { __entryChanges: string[] }).__entryChanges]);

async function dirtyEditor(page: Page) {
  await page.getByRole('navigation').getByRole('link', { name: 'Section' }).click();
  await heading(page, 'All items').waitFor();
  await page.getByRole('navigation').getByRole('link', { name: 'Editor' }).click();
  await heading(page, 'Editor').waitFor();
  await page.getByLabel('Draft').fill('unsaved words');
  await page.getByText('Unsaved changes').waitFor();
}

describe.concurrent('the history adapter chosen at start', () => {
  it('runs on the Navigation API where the browser has it, and loads react-router’s history only where it does not', async ({
    expect,
  }) => {
    await open('/', async (page) => {
      await heading(page, 'Reference home').waitFor();
      const { hasNavigation, fallback } = await page.evaluate(() => ({
        hasNavigation: (window as { navigation?: Navigation }).navigation !== undefined,
        // The History API adapter's chunk (with react-router's history), by its module's name.
        fallback: performance
          .getEntriesByType('resource')
          .some((entry) => /\/browserHistory-[\w-]+\.js$/.test(entry.name)),
      }));
      expect(hasNavigation, 'window.navigation in this project').toBe(!historyApiMode());
      expect(
        fallback,
        historyApiMode()
          ? 'the History API adapter’s chunk (browserHistory-*.js) loaded where window.navigation is missing'
          : 'the History API adapter’s chunk loaded although window.navigation exists: app.tsx may import ./browserHistory only in mountApp’s fallback',
      ).toBe(historyApiMode());
    });
  });

  it('takes a <Link>’s click itself, so the browser starts no navigation for it, one entry per move', async ({
    expect,
  }) => {
    await open('/', async (page) => {
      await heading(page, 'Reference home').waitFor();
      const start = await historyLength(page);
      await page.getByRole('navigation').getByRole('link', { name: 'Section' }).click();
      await heading(page, 'All items').waitFor();
      expect(pathOf(page)).toBe('/section');
      expect(await historyLength(page)).toBe(start + 1);
      // The link's click handler sends its route event (sync.follow) in both modes: no navigate
      // event of the browser's own comes from the click, only the router's pushState.
      const clicks = (await navigates(page)).filter((event) => event.userInitiated && event.type === 'push');
      expect(clicks).toEqual([]);
    });
  });

  it('takes a plain <a href> to the app through the browser’s navigate event on the Navigation API', async ({
    expect,
  }) => {
    // On the History API such a link loads the page anew, as any link without a handler does.
    if (historyApiMode()) return;
    await open('/', async (page) => {
      await heading(page, 'Reference home').waitFor();
      const start = await historyLength(page);
      await page.evaluate(() => {
        Object.assign(window, { __samePage: true });
        const link = document.createElement('a');
        link.href = '/section';
        link.textContent = 'Plain link to the section';
        document.querySelector('main')?.append(link);
      });
      await page.getByRole('link', { name: 'Plain link to the section' }).click();
      await heading(page, 'All items').waitFor();
      expect(pathOf(page)).toBe('/section');
      expect(await historyLength(page)).toBe(start + 1);
      expect(await page.evaluate(() => '__samePage' in window), 'the document stayed').toBe(true);
      const clicks = (await navigates(page)).filter((event) => event.userInitiated && event.type === 'push');
      expect(clicks.map((event) => event.url)).toEqual(['/section']);
    });
  });

  it('keys the navigation (and so scroll positions) by the Navigation API entry’s key', async ({ expect }) => {
    await open('/', async (page) => {
      await heading(page, 'Reference home').waitFor();
      await page.getByRole('navigation').getByRole('link', { name: 'Section' }).click();
      await heading(page, 'All items').waitFor();
      const { key, entryKey } = await page.evaluate(() => ({
        key: (window as unknown as { __app: { sync: { getNavigation(): { key: string } } } }).__app.sync.getNavigation()
          .key,
        entryKey: (window as { navigation?: Navigation }).navigation?.currentEntry?.key,
      }));
      if (historyApiMode()) expect(key, 'react-router’s entry key').toMatch(/\w/);
      else expect(key, 'the navigation’s key: navigationHistory.ts location.key').toBe(entryKey);
    });
  });

  it('leaves a link with a target or a modifier to the browser: a new tab, and the app stays', async ({ expect }) => {
    await open('/', async (page) => {
      await heading(page, 'Reference home').waitFor();
      const start = await historyLength(page);
      await page.evaluate(() => {
        const link = document.createElement('a');
        link.href = '/section';
        link.target = '_blank';
        link.textContent = 'Section in a new tab';
        document.querySelector('main')?.append(link);
      });
      const opened = page.context().waitForEvent('page');
      await page.getByRole('link', { name: 'Section in a new tab' }).click();
      const tab = await opened;
      await tab.waitForURL(/\/section$/);
      await tab.close();
      const second = page.context().waitForEvent('page');
      await page
        .getByRole('navigation')
        .getByRole('link', { name: 'Section' })
        .click({ modifiers: ['Shift'] });
      await (await second).close();
      expect(pathOf(page)).toBe('/');
      expect(await historyLength(page)).toBe(start);
      await heading(page, 'Reference home').waitFor();
    });
  });
});

describe.concurrent('a refused Back on a dirty form', () => {
  it('is cancelled before it commits on the Navigation API (neither the URL nor the current entry changes); stepped back on the History API', async ({
    expect,
  }) => {
    await open('/', async (page) => {
      await heading(page, 'Reference home').waitFor();
      await dirtyEditor(page);
      const length = await historyLength(page);
      const before = await entryChanges(page);
      await pressBack(page);
      await page.getByRole('alert').first().waitFor();
      await expect.poll(() => pathOf(page)).toBe('/editor');
      expect(await historyLength(page)).toBe(length);
      await heading(page, 'Editor').waitFor();
      if (!historyApiMode()) {
        expect(
          await entryChanges(page),
          'the current entry changed on a refused Back: navigationHistory.ts must cancel a cancelable traversal',
        ).toEqual(before);
        const back = (await navigates(page)).filter((event) => event.type === 'traverse');
        expect(back.map((event) => [event.url, event.cancelable])).toEqual([['/section', true]]);
      }
      // Saved: the same Back goes.
      await page.getByRole('button', { name: 'Save' }).click();
      await pressBack(page);
      await heading(page, 'All items').waitFor();
      expect(pathOf(page)).toBe('/section');
    });
  });

  it('is stepped back when the browser will not let it be cancelled (event.cancelable false): the URL goes back, then forward again', async ({
    expect,
  }) => {
    // Chromium lets a Back be cancelled only after a user action since the last cancel; the
    // protocol's Back counts as one, so the page is told each traversal is not cancelable instead.
    await open(
      '/',
      async (page) => {
        await heading(page, 'Reference home').waitFor();
        await dirtyEditor(page);
        const length = await historyLength(page);
        await pressBack(page);
        await page.getByRole('alert').first().waitFor();
        await expect.poll(() => pathOf(page)).toBe('/editor');
        await heading(page, 'Editor').waitFor();
        expect(await historyLength(page)).toBe(length);
        expect(await page.getByLabel('Draft').inputValue()).toBe('unsaved words');
      },
      {
        // A context of its own, without this file's recorder: the page is told traversals are not cancelable.
        before: (context) =>
          context.addInitScript(() => {
            if (typeof NavigateEvent === 'undefined') return;
            const cancelable = Object.getOwnPropertyDescriptor(Event.prototype, 'cancelable');
            Object.defineProperty(NavigateEvent.prototype, 'cancelable', {
              get(this: NavigateEvent) {
                return this.navigationType === 'traverse' ? false : cancelable?.get?.call(this);
              },
            });
          }),
      },
    );
  });
});

describe.concurrent('scroll positions past the entries the browser keeps', () => {
  it('restores the position on Back once the browser has dropped its oldest entries (more than 50 pushed)', async ({
    expect,
  }) => {
    await open('/', async (page) => {
      await heading(page, 'Reference home').waitFor();
      // Chromium keeps 50 entries a tab: past them it drops the oldest, and the Navigation API
      // numbers the rest from 0 again, so an entry's index is not the one it was shown with.
      const navigate = (url: string) =>
        page.evaluate(
          (to) => (window as unknown as { __app: { sync: { navigate(url: string): void } } }).__app.sync.navigate(to),
          url,
        );
      for (let i = 0; i < 30; i++) {
        await navigate('/section');
        await heading(page, 'All items').waitFor();
        await navigate('/');
        await heading(page, 'Reference home').waitFor();
      }
      expect(await historyLength(page)).toBe(50);
      await page.locator('#page-end').scrollIntoViewIfNeeded();
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled).toBeGreaterThan(200);
      await page.getByRole('link', { name: 'Write a draft' }).click();
      await heading(page, 'Editor').waitFor();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await page.goBack();
      await heading(page, 'Reference home').waitFor();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
    });
  });
});
