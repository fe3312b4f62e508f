import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { recordStrings } from '../../../../examples/reference/recordForm';
import { launch } from '@statechart/paths/browser';

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

/** Two tabs on the "new record" form; `problems` collects each tab's uncaught errors. */
async function twoTabs(test: (a: Page, b: Page, context: BrowserContext) => Promise<void>) {
  const context = await browser.newContext();
  const problems: string[] = [];
  try {
    const open = async (tab: string) => {
      const page = await context.newPage();
      page.on('pageerror', (error) => problems.push(`${tab}: ${error.message}`));
      // Reloading a dirty form asks first; accept, as a person who meant it would.
      page.on('dialog', (dialog) => void dialog.accept());
      await page.goto(`${origin()}/records/new`);
      await page.getByRole('heading', { name: recordStrings.title, exact: true }).waitFor();
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
  it('A types "alpha", B types "beta": A reloaded still shows its own "alpha"', async () => {
    await twoTabs(async (a, b) => {
      await name(a).fill('alpha');
      await name(b).fill('beta');
      await a.reload();
      await a.getByRole('heading', { name: recordStrings.title, exact: true }).waitFor();
      expect(await name(a).inputValue()).toBe('alpha');
    });
  });

  it('B\'s "Discard changes" does not delete A\'s unsaved draft', async () => {
    await twoTabs(async (a, b) => {
      await name(a).fill('alpha');
      await name(b).fill('beta');
      await b.getByRole('button', { name: recordStrings.discard }).click();
      await expect.poll(() => name(b).inputValue()).not.toBe('beta');
      await a.reload();
      await a.getByRole('heading', { name: recordStrings.title, exact: true }).waitFor();
      expect(await name(a).inputValue()).toBe('alpha');
    });
  });

  it("A's save does not empty B's draft", async () => {
    await twoTabs(async (a, b) => {
      await name(a).fill('alpha');
      await name(b).fill('beta');
      await a.getByRole('button', { name: recordStrings.submit }).click();
      await a.getByRole('heading', { name: recordStrings.saved, exact: true }).waitFor();
      await b.reload();
      await b.getByRole('heading', { name: recordStrings.title, exact: true }).waitFor();
      expect(await name(b).inputValue()).toBe('beta');
    });
  });
});
