import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { chromiumFixture } from '../../../scripts/browser-tests/fixture';
import { accessStrings } from '../access';

/**
 * The reference app's access recipe (access.ts: a role in the session, a guard that sends a deep
 * link to not allowed and on to its target once signed in), built and served, in Chromium.
 */
const chromium = chromiumFixture();
const path = (page: Page) => new URL(page.url()).pathname;
const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const nav = (page: Page) => page.getByRole('navigation');

/** A page of the reference app in a context of its own: the role is kept in the session's storage. */
const open = (url: string, test: (page: Page) => Promise<void>) => chromium.open(url, test, { own: true });

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
