import { formStrings } from '@statechart/forms';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, inject } from 'vitest';
import { recordStrings } from '../../../../examples/reference/recordForm';
import { closeOwnApis, itWithOwnApi, ownApi, ownOrigin } from '../../../../examples/reference/test/ownApi';
import { chromiumFixture } from '../../../../scripts/browser-tests/fixture';

/**
 * The reference API server behind the reference app's /api proxy: the harness's shared one, or in a
 * test of `itWithOwnApi`, a pair of its own (ownApi.ts), so that tests steering the API run at once.
 */
const api = ownApi(() => inject('apiUrl'));

// Two tabs of one browser context: one origin, so one localStorage (the shared draft) and a
// sessionStorage each (docs/persistence.md, "Drafts across tabs").

const chromium = chromiumFixture({ origin: ownOrigin(() => inject('referenceUrl')) });
const { origin } = chromium;
afterAll(() => closeOwnApis());
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const name = (page: Page) => field(page, recordStrings.fields.name);
const title = (page: Page) => page.getByRole('heading', { name: recordStrings.title, exact: true });
/** The form's question about another tab's change (announced politely: a status), by its heading. */
const asked = (page: Page, kind: keyof typeof formStrings.elsewhereAsked) =>
  page.getByRole('status').filter({ has: page.getByRole('heading', { name: formStrings.elsewhereAsked[kind] }) });
/** Where the focus is: `question <heading>` on the form's question, else the element's id or tag. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active?.classList.contains('notice')
      ? `question ${active.querySelector('h2')?.textContent ?? ''}`
      : (active?.getAttribute('id') ?? active?.tagName.toLowerCase() ?? 'none');
  });
const saves = () => api.requestsFor('/api/records').then((requests) => requests.filter((r) => r.method === 'POST'));
const reload = async (page: Page) => {
  await page.reload();
  await title(page).waitFor();
};

/** Two tabs on the "new record" form; `problems` collects each tab's uncaught errors. */
async function twoTabs(test: (a: Page, b: Page, context: BrowserContext) => Promise<void>) {
  const context = await chromium.browser().newContext();
  const problems: string[] = [];
  try {
    const open = async (tab: string) => {
      const page = await context.newPage();
      page.on('pageerror', (error) => problems.push(`${tab}: ${error.message}`));
      page.on('console', (message) => void (message.type() === 'error' && problems.push(`${tab}: ${message.text()}`)));
      // Reloading a dirty form asks first; accept, as a person who meant it would.
      page.on('dialog', (dialog) => void dialog.accept());
      await page.goto(`${origin()}/records/new`);
      await title(page).waitFor();
      return page;
    };
    const a = await open('A');
    const b = await open('B');
    await test(a, b, context);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
}

describe.concurrent('drafts across two tabs in Chromium (issue 28, defect 3)', () => {
  itWithOwnApi(
    'A types "alpha", B types "beta": A keeps "alpha" and asks, across a reload too; the answer works from the keyboard',
    async ({ expect }) => {
      await twoTabs(async (a, b) => {
        await name(a).fill('alpha');
        // B had typed nothing: it follows A's draft, and says so.
        await expect.poll(() => name(b).inputValue()).toBe('alpha');
        await b.getByRole('status').getByText(formStrings.elsewhereFollowed.changed).waitFor();
        await name(b).fill('beta');
        await asked(a, 'changed').waitFor();
        // A's focus is still in its field: it is asked when it leaves it.
        expect(await focused(a)).toBe('record-name');
        await a.keyboard.press('Tab');
        await expect.poll(() => focused(a)).toBe(`question ${formStrings.elsewhereAsked.changed}`);
        expect(await name(a).inputValue()).toBe('alpha');

        await reload(a);
        expect(await name(a).inputValue()).toBe('alpha');
        await asked(a, 'changed').waitFor();
        // Nothing typed in since the reload: the question takes the focus. Tab to "Keep", Tab to
        // "Use the other tab's version", Enter.
        await expect.poll(() => focused(a)).toBe(`question ${formStrings.elsewhereAsked.changed}`);
        await a.keyboard.press('Tab');
        await a.keyboard.press('Tab');
        expect(await a.evaluate(() => document.activeElement?.textContent)).toBe(formStrings.takeOther);
        await a.keyboard.press('Enter');
        await asked(a, 'changed').waitFor({ state: 'detached' });
        expect(await name(a).inputValue()).toBe('beta');
        expect(await focused(a)).toBe('record-name');
        expect(await asked(b, 'changed').count(), 'B was not asked: its version was taken').toBe(0);
      });
    },
  );

  itWithOwnApi(
    'B\'s "Discard changes" leaves A\'s "alpha": A asks, across a reload, and keeping it makes it the draft again',
    async ({ expect }) => {
      await twoTabs(async (a, b) => {
        await name(a).fill('alpha');
        await expect.poll(() => name(b).inputValue()).toBe('alpha');
        await b.getByRole('button', { name: recordStrings.discard }).click();
        await expect.poll(() => name(b).inputValue()).toBe('');
        await asked(a, 'discarded').waitFor();
        expect(await name(a).inputValue()).toBe('alpha');

        await reload(a);
        expect(await name(a).inputValue()).toBe('alpha');
        await asked(a, 'discarded').getByRole('button', { name: formStrings.keepOwn }).click();
        await asked(a, 'discarded').waitFor({ state: 'detached' });
        expect(await focused(a)).toBe('record-name');
        // B, with nothing typed since, follows the draft A kept.
        await expect.poll(() => name(b).inputValue()).toBe('alpha');
      });
    },
  );

  itWithOwnApi('A\'s save leaves B\'s "beta", which B keeps across a reload', async ({ expect }) => {
    await twoTabs(async (a, b) => {
      await name(a).fill('alpha');
      await expect.poll(() => name(b).inputValue()).toBe('alpha');
      await name(b).fill('beta');
      await asked(a, 'changed').waitFor();
      await a.getByRole('button', { name: recordStrings.submit }).click();
      await a.getByRole('heading', { name: recordStrings.saved, exact: true }).waitFor();
      await reload(b);
      expect(await name(b).inputValue()).toBe('beta');
      expect(await b.locator('.notice').count(), 'no question, no notice').toBe(0);
    });
  });

  itWithOwnApi(
    'asks B, which has typed, when A saves the draft: B discards its version, and may leave',
    async ({ expect }) => {
      await twoTabs(async (a, b) => {
        await name(a).fill('alpha');
        await expect.poll(() => name(b).inputValue()).toBe('alpha');
        await name(b).fill('alpha, and more');
        await asked(a, 'changed').getByRole('button', { name: formStrings.takeOther }).click();
        await expect.poll(() => name(a).inputValue()).toBe('alpha, and more');
        await a.getByRole('button', { name: recordStrings.submit }).click();
        await a.getByRole('heading', { name: recordStrings.saved, exact: true }).waitFor();
        await asked(b, 'saved').waitFor();
        expect(await name(b).inputValue()).toBe('alpha, and more');
        await asked(b, 'saved').getByRole('button', { name: formStrings.dropOwn }).click();
        await expect.poll(() => name(b).inputValue()).toBe('');
        await b.getByRole('link', { name: 'Home', exact: true }).click();
        // Discarded: leaving is no longer refused.
        await expect.poll(() => new URL(b.url()).pathname).toBe('/');
      });
    },
  );

  itWithOwnApi(
    'never takes the focus from a field being typed in: the question is announced, asked when the person leaves the field or submits',
    async ({ expect }) => {
      await twoTabs(async (a, b) => {
        await name(a).fill('alpha');
        await expect.poll(() => name(b).inputValue()).toBe('alpha');
        await name(a).click();
        await name(a).press('End');
        await a.keyboard.type(', hello');
        // B changes the draft while A is typing.
        await name(b).fill('beta');
        await asked(a, 'changed').waitFor();
        await a.keyboard.type(' world');
        expect(await name(a).inputValue(), 'every keystroke reached the field').toBe('alpha, hello world');
        expect(await focused(a), 'the question did not take the focus').toBe('record-name');
        // Submitting asks first: nothing is sent until the person chooses.
        await a.keyboard.press('Enter');
        await expect.poll(() => focused(a)).toBe(`question ${formStrings.elsewhereAsked.changed}`);
        expect(await saves(), 'no save while the question is open').toEqual([]);
        await asked(a, 'changed').getByRole('button', { name: formStrings.keepOwn }).click();
        expect(await name(a).inputValue()).toBe('alpha, hello world');
      });
    },
  );

  itWithOwnApi(
    'saves one shared draft once when two tabs submit it: its key travels with the draft',
    async ({ expect }) => {
      // The first save is held (saved, answer on its way) while the other tab submits the same draft.
      await api.behave({ path: '/api/records', method: 'POST', behaviour: { kind: 'hold' }, times: 1 });
      await twoTabs(async (a, b) => {
        await name(a).fill('Shared draft');
        await expect.poll(() => name(b).inputValue()).toBe('Shared draft');
        await a.getByRole('button', { name: recordStrings.submit }).click();
        await expect.poll(() => saves()).toHaveLength(1);
        await b.getByRole('button', { name: recordStrings.submit }).click();
        await expect.poll(() => saves(), { message: 'B’s save came while A’s was held' }).toHaveLength(2);
        await api.release('/api/records');
        for (const tab of [a, b]) await tab.getByRole('heading', { name: recordStrings.saved, exact: true }).waitFor();
        const [first, second, ...more] = await saves();
        expect(second?.idempotencyKey, 'B sent the key of the draft it took from A').toBe(first?.idempotencyKey);
        expect(second?.replayed, 'answered with A’s save: one record').toBe(true);
        expect(more).toEqual([]);
      });
    },
  );
});
