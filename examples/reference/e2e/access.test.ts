import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, openPage } from '@statechart/paths/chromium';
import { accessStrings } from '../access';

/**
 * The reference app's access recipe (access.ts: a role in the session, a guard that sends a deep
 * link to not allowed and on to its target once signed in), built and served, in Chromium.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const origin = () => inject('referenceUrl');
const path = (page: Page) => new URL(page.url()).pathname;
const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const nav = (page: Page) => page.getByRole('navigation');

/** A page of the reference app that fails the test on any uncaught error or console error. */
async function open(url: string, test: (page: Page) => Promise<void>) {
  const { page, problems, close } = await openPage(browser, origin() + url);
  try {
    await test(page);
    expect(problems).toEqual([]);
  } finally {
    await close();
  }
}

describe.concurrent('access in Chromium', () => {
  it('lands a deep link on not allowed, hides the nav entry, and returns to the target once signed in', async ({
    expect,
  }) => {
    await open('/admin', async (page) => {
      await heading(page, accessStrings.notAllowed).waitFor();
      expect(path(page)).toBe('/not-allowed');
      expect(await nav(page).getByRole('link', { name: accessStrings.adminNav }).count()).toBe(0);
      await page.getByRole('button', { name: accessStrings.signIn }).click();
      await heading(page, accessStrings.admin).waitFor();
      expect(path(page)).toBe('/admin');
      await nav(page).getByRole('link', { name: accessStrings.adminNav }).waitFor();
    });
  });

  it('goes on to the target when Back shows not allowed again after signing in', async ({ expect }) => {
    await open('/admin', async (page) => {
      await page.getByRole('button', { name: accessStrings.signIn }).click();
      await heading(page, accessStrings.admin).waitFor();
      await page.goBack();
      await page.waitForFunction(() => location.pathname === '/admin');
      expect(await heading(page, accessStrings.admin).count()).toBe(1);
      expect(await heading(page, accessStrings.notAllowed).count()).toBe(0);
      // The app keeps working from there: a nav entry and Back again.
      await nav(page).getByRole('link', { name: accessStrings.adminNav }).waitFor();
    });
  });

  it('keeps where a refused deep link was going across a reload of not allowed', async ({ expect }) => {
    await open('/admin', async (page) => {
      await heading(page, accessStrings.notAllowed).waitFor();
      await page.reload();
      await heading(page, accessStrings.notAllowed).waitFor();
      expect(page.url()).not.toContain('admin');
      await page.getByRole('button', { name: accessStrings.signIn }).click();
      await heading(page, accessStrings.admin).waitFor();
      expect(path(page)).toBe('/admin');
    });
  });

  it('keeps the role across a reload, from the session, not the URL', async ({ expect }) => {
    await open('/admin', async (page) => {
      await page.getByRole('button', { name: accessStrings.signIn }).click();
      await heading(page, accessStrings.admin).waitFor();
      await page.reload();
      await heading(page, accessStrings.admin).waitFor();
      expect(page.url()).not.toContain('admin=');
      await page.getByRole('button', { name: accessStrings.signOut }).click();
      await heading(page, accessStrings.notAllowed).waitFor();
      await page.reload();
      await heading(page, accessStrings.notAllowed).waitFor();
      expect(await nav(page).getByRole('link', { name: accessStrings.adminNav }).count()).toBe(0);
    });
  });
});
