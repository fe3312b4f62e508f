import { formStrings } from '@statechart/forms';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { recordStrings } from '../../../../examples/reference/recordForm';
import { launch } from '@statechart/paths/chromium';

// Two tabs of one browser context: one origin, so one localStorage (the shared draft) and a
// sessionStorage each (docs/persistence.md, "Drafts across tabs").

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const origin = () => inject('referenceUrl');
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const name = (page: Page) => field(page, recordStrings.fields.name);
const title = (page: Page) => page.getByRole('heading', { name: recordStrings.title, exact: true });
/** The form's question about another tab's change (an alert), by its heading. */
const asked = (page: Page, kind: keyof typeof formStrings.elsewhereAsked) =>
  page.getByRole('alert').filter({ has: page.getByRole('heading', { name: formStrings.elsewhereAsked[kind] }) });
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active?.getAttribute('role') === 'alert'
      ? `alert ${active.querySelector('h2')?.textContent ?? ''}`
      : (active?.getAttribute('id') ?? active?.tagName.toLowerCase() ?? 'none');
  });
const reload = async (page: Page) => {
  await page.reload();
  await title(page).waitFor();
};

/** Two tabs on the "new record" form; `problems` collects each tab's uncaught errors. */
async function twoTabs(test: (a: Page, b: Page, context: BrowserContext) => Promise<void>) {
  const context = await browser.newContext();
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

describe('drafts across two tabs in Chromium (issue 28, defect 3)', () => {
  it('A types "alpha", B types "beta": A keeps "alpha" and asks, across a reload too; the answer works from the keyboard', async () => {
    await twoTabs(async (a, b) => {
      await name(a).fill('alpha');
      // B had typed nothing: it follows A's draft, and says so.
      await expect.poll(() => name(b).inputValue()).toBe('alpha');
      await b.getByRole('status').getByText(formStrings.elsewhereFollowed.changed).waitFor();
      await name(b).fill('beta');
      await asked(a, 'changed').waitFor();
      await expect.poll(() => focused(a)).toBe(`alert ${formStrings.elsewhereAsked.changed}`);
      expect(await name(a).inputValue()).toBe('alpha');

      await reload(a);
      expect(await name(a).inputValue()).toBe('alpha');
      await asked(a, 'changed').waitFor();
      // From the alert: Tab to "Keep", Tab to "Use the other tab's version", Enter.
      await expect.poll(() => focused(a)).toBe(`alert ${formStrings.elsewhereAsked.changed}`);
      await a.keyboard.press('Tab');
      await a.keyboard.press('Tab');
      expect(await a.evaluate(() => document.activeElement?.textContent)).toBe(formStrings.takeOther);
      await a.keyboard.press('Enter');
      await asked(a, 'changed').waitFor({ state: 'detached' });
      expect(await name(a).inputValue()).toBe('beta');
      expect(await focused(a)).toBe('record-name');
      expect(await asked(b, 'changed').count(), 'B was not asked: its version was taken').toBe(0);
    });
  });

  it('B\'s "Discard changes" leaves A\'s "alpha": A asks, across a reload, and keeping it makes it the draft again', async () => {
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
  });

  it('A\'s save leaves B\'s "beta", which B keeps across a reload', async () => {
    await twoTabs(async (a, b) => {
      await name(a).fill('alpha');
      await expect.poll(() => name(b).inputValue()).toBe('alpha');
      await name(b).fill('beta');
      await asked(a, 'changed').waitFor();
      await a.getByRole('button', { name: recordStrings.submit }).click();
      await a.getByRole('heading', { name: recordStrings.saved, exact: true }).waitFor();
      await reload(b);
      expect(await name(b).inputValue()).toBe('beta');
      expect(await b.getByRole('alert').count()).toBe(0);
    });
  });

  it('asks B, which has typed, when A saves the draft: B discards its version, and may leave', async () => {
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
  });
});
