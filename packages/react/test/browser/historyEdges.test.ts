import type { Page } from 'playwright-core';
import { describe, inject, it } from 'vitest';
import { headingNamed, pathOf, pressBack, traverse } from '@statechart/paths/chromium';
import { chromiumFixture } from '../../../../scripts/browser-tests/fixture';
import { historyEntries } from './historyEntries';

/**
 * The history moves a page script, a fragment link or an impatient person makes (issue 46), on
 * the built reference app in Chromium, on both adapters: the Navigation API's (the browser project)
 * and the History API's (browser-history-api, `window.navigation` hidden). After each: the URL is
 * the state's, the screen is the URL's, and the entries are the ones a person expects.
 */
const { open } = chromiumFixture();

const historyApiMode = () => inject('historyApiMode');
const heading = headingNamed;
const nav = (page: Page, name: string) => page.getByRole('navigation').getByRole('link', { name, exact: true });

/**
 * `/` → Tour → Section → New record, a name typed: the form dirty, with app entries enough behind it
 * that `go(-1); go(-2)` (which Chromium counts from the first one's target: three back) stays in
 * the app's document.
 */
async function dirtyRecordForm(page: Page) {
  await heading(page, 'Reference home').waitFor();
  await nav(page, 'Tour').click();
  await heading(page, 'Tour').waitFor();
  await nav(page, 'Section').click();
  await heading(page, 'All items').waitFor();
  await nav(page, 'New record').click();
  await heading(page, 'New record').waitFor();
  await page.getByLabel('Name').fill('typed name');
  await page.getByText('Unsaved changes').first().waitFor();
}

/** Section → Editor, words typed: the editor refuses every move (its own refusal, not a form's). */
async function dirtyEditor(page: Page) {
  await heading(page, 'Reference home').waitFor();
  await nav(page, 'Section').click();
  await heading(page, 'All items').waitFor();
  await nav(page, 'Editor').click();
  await heading(page, 'Editor').waitFor();
  await page.getByLabel('Draft').fill('unsaved words');
  await page.getByText('Unsaved changes').waitFor();
}

/** Appends a plain `<a href>` (not a `<Link>`) to the screen, as a view's text may hold one. */
const plainLink = (page: Page, href: string, text: string) =>
  page.evaluate(
    ([to, name]) => {
      const link = document.createElement('a');
      link.href = to;
      link.textContent = name;
      link.id = to.startsWith('#') ? 'frag-source' : '';
      document.querySelector('main')?.append(link);
    },
    [href, text] as const,
  );

describe.concurrent('several traversals in one task on a form that refuses leaving', () => {
  for (const [script, calls] of [
    ['history.back(); history.back()', () => (history.back(), history.back())],
    ['history.go(-1); history.go(-2)', () => (history.go(-1), history.go(-2))],
  ] as const) {
    it(`keeps the form, its URL and its entry after ${script}`, async ({ expect }) => {
      // A context of its own: the two run at once, and two tabs of one origin share the new
      // record's draft by design (a draft typed in one reaches the other), which is not this test's.
      await open(
        '/',
        async (page) => {
          await dirtyRecordForm(page);
          const before = await historyEntries(page);
          await page.evaluate(calls);
          await page.getByRole('alert').first().waitFor();
          // Settled: the URL is back on the form's entry and stays there.
          await expect
            .poll(async () => ({ url: pathOf(page), index: (await historyEntries(page)).index }), {
              message: `after ${script} on a dirty form the app should step back to /records/new at entry ${before.index}`,
            })
            .toEqual({ url: '/records/new', index: before.index });
          await heading(page, 'New record').waitFor();
          expect(await page.getByLabel('Name').inputValue(), 'the typed name').toBe('typed name');
          expect((await historyEntries(page)).urls, 'the entries a person had').toEqual(before.urls);
          // And it stays: nothing more arrives after the app settled.
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
          expect(pathOf(page)).toBe('/records/new');
          await heading(page, 'New record').waitFor();
        },
        { own: true },
      );
    });
  }
});

describe.concurrent('a replace from a page script', () => {
  it('replaces the current entry for location.replace(), on both adapters', async ({ expect }) => {
    await open('/', async (page) => {
      await heading(page, 'Reference home').waitFor();
      await nav(page, 'Section').click();
      await heading(page, 'All items').waitFor();
      const before = await historyEntries(page);
      await page.evaluate(() => location.replace('/section/2'));
      await heading(page, 'Item 2').waitFor();
      expect(pathOf(page)).toBe('/section/2');
      const after = await historyEntries(page);
      expect(after.length, `entries after location.replace(): ${JSON.stringify(after.urls)}`).toBe(before.length);
      if (after.urls) expect(after.index).toBe(before.index);
      if (after.urls) expect(after.urls).toEqual([...before.urls!.slice(0, -1), '/section/2']);
      // A new document on the History API: react-router numbers its entry anew, so only the Navigation API's index is compared.
    });
  });

  it('replaces the current entry for navigation.navigate(url, { history: "replace" })', async ({ expect }) => {
    if (historyApiMode()) return;
    await open('/', async (page) => {
      await heading(page, 'Reference home').waitFor();
      await nav(page, 'Section').click();
      await heading(page, 'All items').waitFor();
      const before = await historyEntries(page);
      await page.evaluate(() =>
        (window as unknown as { navigation: Navigation }).navigation.navigate('/section/2', { history: 'replace' }),
      );
      await heading(page, 'Item 2').waitFor();
      expect((await historyEntries(page)).urls).toEqual([...before.urls!.slice(0, -1), '/section/2']);
    });
  });
});

describe.concurrent('navigation.navigate() from a page script', () => {
  it('resolves its committed and finished promises when the app moves, and rejects them when it refuses', async ({
    expect,
  }) => {
    if (historyApiMode()) return;
    await open('/', async (page) => {
      await heading(page, 'Reference home').waitFor();
      const outcome = await page.evaluate(async () => {
        const { committed, finished } = (window as unknown as { navigation: Navigation }).navigation.navigate('/tour');
        const settled = (promise: Promise<unknown> | undefined) =>
          Promise.resolve(promise).then(
            () => 'resolved',
            (error: unknown) => `rejected: ${String(error)}`,
          );
        return { committed: await settled(committed), finished: await settled(finished) };
      });
      expect(outcome, 'the promises of a navigation the app made').toEqual({
        committed: 'resolved',
        finished: 'resolved',
      });
      await heading(page, 'Tour').waitFor();
      expect(pathOf(page)).toBe('/tour');
      // A redirect (/old is home's old address): the entry is rewritten, and the promises still resolve.
      const redirected = await page.evaluate(async () => {
        const { finished } = (window as unknown as { navigation: Navigation }).navigation.navigate('/old');
        return Promise.resolve(finished).then(
          () => 'resolved',
          (error: unknown) => `rejected: ${String(error)}`,
        );
      });
      expect(redirected, 'navigation.navigate() to an address the machine redirects').toBe('resolved');
      await heading(page, 'Reference home').waitFor();
      expect(pathOf(page)).toBe('/');
      expect((await historyEntries(page)).urls).toEqual(['/', '/tour', '/']);
      await nav(page, 'Tour').click();
      await heading(page, 'Tour').waitFor();
      const length = (await historyEntries(page)).length;
      await nav(page, 'Editor').click();
      await heading(page, 'Editor').waitFor();
      await page.getByLabel('Draft').fill('unsaved words');
      await page.getByText('Unsaved changes').waitFor();
      const refused = await page.evaluate(async () => {
        const { committed, finished } = (window as unknown as { navigation: Navigation }).navigation.navigate(
          '/section',
        );
        // A script that navigates handles both: the navigation did not happen.
        committed?.catch(() => undefined);
        return Promise.resolve(finished).then(
          () => 'resolved',
          (error: unknown) => (error instanceof DOMException ? error.name : String(error)),
        );
      });
      expect(refused, 'a navigation the machine refused did not happen').toBe('AbortError');
      expect(pathOf(page)).toBe('/editor');
      expect((await historyEntries(page)).length).toBe(length + 1);
    });
  });
});

describe.concurrent('fragment links', () => {
  it('leaves a fragment’s entry to the browser: one entry, kept through Back and Forward', async ({ expect }) => {
    await open('/', async (page) => {
      await heading(page, 'Reference home').waitFor();
      await nav(page, 'Section').click();
      await heading(page, 'All items').waitFor();
      await plainLink(page, '#frag-source', 'To the fragment');
      const before = await historyEntries(page);
      await page.getByRole('link', { name: 'To the fragment' }).click();
      await expect.poll(() => pathOf(page)).toBe('/section#frag-source');
      const after = await historyEntries(page);
      expect(after.length, 'one entry for the fragment').toBe(before.length + 1);
      if (after.urls) expect(after.urls).toEqual([...before.urls!, '/section#frag-source']);
      await pressBack(page);
      await expect.poll(() => pathOf(page)).toBe('/section');
      await traverse(page, 1);
      await expect
        .poll(() => pathOf(page), { message: 'Forward reaches the fragment’s entry again' })
        .toBe('/section#frag-source');
      await heading(page, 'All items').waitFor();
      const end = await historyEntries(page);
      if (end.urls) expect(end.urls, 'the fragment’s entry, unchanged').toEqual(after.urls);
      // A move of the app's from there writes its own URL, without the fragment.
      await nav(page, 'Editor').click();
      await heading(page, 'Editor').waitFor();
      expect(pathOf(page)).toBe('/editor');
      expect((await historyEntries(page)).length).toBe(after.length + 1);
      await pressBack(page);
      await expect.poll(() => pathOf(page)).toBe('/section#frag-source');
      await heading(page, 'All items').waitFor();
    });
  });
});

describe.concurrent('a screen’s own refusal (the editor with unsaved words)', () => {
  it('offers the machine’s discard in the shell’s notice, then goes on to the link asked for', async ({ expect }) => {
    await open('/', async (page) => {
      await dirtyEditor(page);
      await nav(page, 'Tour').click();
      const notice = page.getByRole('alert');
      await notice.waitFor();
      expect(pathOf(page)).toBe('/editor');
      await notice.getByRole('button', { name: 'Discard changes' }).click();
      await heading(page, 'Tour').waitFor();
      expect(pathOf(page)).toBe('/tour');
    });
  });

  it('offers the machine’s discard on a refused Back, then goes back', async ({ expect }) => {
    await open('/', async (page) => {
      await dirtyEditor(page);
      const before = await historyEntries(page);
      await pressBack(page);
      const notice = page.getByRole('alert');
      await notice.waitFor();
      await expect.poll(() => pathOf(page)).toBe('/editor');
      await notice.getByRole('button', { name: 'Discard changes' }).click();
      await heading(page, 'All items').waitFor();
      expect(pathOf(page)).toBe('/section');
      expect((await historyEntries(page)).index).toBe(before.index - 1);
      // Forward still reaches the editor (clean now).
      await traverse(page, 1);
      await heading(page, 'Editor').waitFor();
    });
  });
});

describe.concurrent('entries after a cancelled Back (Chromium 156)', () => {
  it('counts one more entry for the next move after a refused Back, which Back then reaches', async ({ expect }) => {
    await open('/', async (page) => {
      await dirtyEditor(page);
      await pressBack(page);
      await page.getByRole('alert').waitFor();
      await page.getByRole('button', { name: 'Save' }).click();
      const before = await historyEntries(page);
      await nav(page, 'Tour').click();
      await heading(page, 'Tour').waitFor();
      const after = await historyEntries(page);
      expect(after.length, `entries: ${JSON.stringify(after)}`).toBe(before.length + 1);
      expect(after.index).toBe(before.index + 1);
      await pressBack(page);
      await heading(page, 'Editor').waitFor();
    });
  });
});
