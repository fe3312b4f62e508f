import { apiControl } from '@statechart/calls/server';
import { formStrings } from '@statechart/forms';
import { stockStrings } from '@statechart/react';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { recordStrings } from '../recordForm';
import { headingNamed, pathOf, pressBack } from '@statechart/paths/chromium';
import { chromiumFixture } from '../../../scripts/browser-tests/fixture';

/** The reference API server behind the reference apps' /api proxy (the harness's globalSetup starts it). */
const api = apiControl(() => [inject('apiUrl')]);

/**
 * Where the focus goes after a move, and what a refused move says (issue 37): the reference app,
 * built and served (globalSetup.ts), in Chromium.
 */
const chromium = chromiumFixture();
beforeAll(() => api.reset());
afterAll(() => api.reset());

const heading = headingNamed;
const nav = (page: Page) => page.getByRole('navigation');
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The focused element: `body` when the focus was lost, else its tag and its (heading's) text. */
const focus = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    const name = /^H\d$/.test(active.tagName) ? active.textContent : (active.querySelector('h2')?.textContent ?? '');
    return `${active.getAttribute('role') ?? active.tagName.toLowerCase()} ${name}`.trim();
  });

/**
 * A page of the reference app in a context of its own (drafts live in localStorage), that fails the
 * test on any uncaught error or console error.
 */
const open: typeof chromium.open = (url, test, options = {}) => chromium.open(url, test, { own: true, ...options });

describe.concurrent('focus after a move', () => {
  it('focuses a heading at once when the entered screen’s view has none, instead of waiting seconds for one', async ({
    expect,
  }) => {
    // The list's own view (recordList, the index child) as a generated one may be: no heading.
    const headless = async (context: BrowserContext) => {
      await context.route(/\/assets\/recordList\.view-[^/]*\.js$/, (route) =>
        route.fulfill({ contentType: 'text/javascript', body: 'export function View() { return null; }' }),
      );
    };
    await open(
      '/records',
      async (page) => {
        await page.getByTestId('records').getByRole('link', { name: 'Record 2' }).click();
        await expect.poll(() => focus(page)).toBe('h2 Record 2');
        await page.goBack();
        await expect.poll(() => pathOf(page)).toBe('/records');
        // At once: the shell waited 3 s for a heading that never came (issue 37).
        await expect
          .poll(() => focus(page), {
            timeout: 1_500,
            message: 'after Back to /records (a view without a heading), the focus should be on the heading shown',
          })
          .toBe('h1 Records');
      },
      { before: headless },
    );
  });

  it('scrolls the entered detail’s heading into view when it is below the fold (a phone, the last record of the list)', async ({
    expect,
  }) => {
    // The reference's list has 3 records a page: a short phone screen puts the detail below the fold.
    const viewport = { width: 390, height: 330 };
    await open(
      '/records',
      async (page) => {
        const last = page.getByTestId('records').getByRole('link', { name: 'Record 3' });
        await last.click();
        await expect.poll(() => focus(page)).toBe('h2 Record 3');
        const where = await heading(page, 'Record 3').evaluate((node) => {
          const { top, bottom } = node.getBoundingClientRect();
          return { top, bottom, pageTop: top + window.scrollY, height: innerHeight };
        });
        expect(
          where.pageTop + (where.bottom - where.top),
          'the detail’s heading should start below the fold at 390 × 330, or this test shows nothing',
        ).toBeGreaterThan(where.height);
        expect(where.top, 'the focused heading’s top should be in the viewport').toBeGreaterThanOrEqual(0);
        expect(where.bottom, 'the focused heading’s bottom should be in the viewport').toBeLessThanOrEqual(
          where.height,
        );
      },
      { viewport },
    );
  });

  it('goes on to the refused link after “Discard them”, focusing the screen it asked for', async ({ expect }) => {
    await open('/records/new', async (page) => {
      await field(page, recordStrings.fields.name).fill('A name');
      await nav(page).getByRole('link', { name: 'Home', exact: true }).click();
      const notice = page.getByRole('alert').filter({ hasText: formStrings.refusedHeading });
      await notice.waitFor();
      // The form says it: the shell's own notice stays away.
      expect(await page.getByRole('alert').filter({ hasText: stockStrings.refused.heading }).count()).toBe(0);
      await notice.getByRole('button', { name: formStrings.refusedDiscard }).click();
      await expect.poll(() => pathOf(page)).toBe('/');
      await expect.poll(() => focus(page)).toBe('h1 Reference home');
    });
  });

  it('goes on to the refused Back after “Discard them”', async ({ expect }) => {
    await open('/', async (page) => {
      await nav(page).getByRole('link', { name: recordStrings.nav }).click();
      await field(page, recordStrings.fields.name).fill('A name');
      await pressBack(page);
      const notice = page.getByRole('alert').filter({ hasText: formStrings.refusedHeading });
      await notice.waitFor();
      await expect.poll(() => pathOf(page)).toBe('/records/new');
      await notice.getByRole('button', { name: formStrings.refusedDiscard }).click();
      await expect.poll(() => pathOf(page)).toBe('/');
      await expect.poll(() => focus(page)).toBe('h1 Reference home');
    });
  });
});

describe.concurrent('every refusal speaks', () => {
  it('says why the editor refused a link and Back: an announced notice from the shell, focused, in stock words', async ({
    expect,
  }) => {
    await open('/', async (page) => {
      await nav(page).getByRole('link', { name: 'Editor', exact: true }).click();
      await heading(page, 'Editor').waitFor();
      await page.getByLabel('Draft').fill('Unsaved words');
      const notice = page.getByRole('alert').filter({ hasText: stockStrings.refused.heading });
      // A link.
      await nav(page).getByRole('link', { name: 'Home', exact: true }).click();
      await notice.waitFor();
      expect(pathOf(page)).toBe('/editor');
      expect(await notice.textContent()).toContain(stockStrings.refused.body);
      await expect.poll(() => focus(page)).toBe(`alert ${stockStrings.refused.heading}`);
      // Back: the entry is put back, and the refusal said again (a new alert), focused.
      await page.getByLabel('Draft').focus();
      await pressBack(page);
      await expect.poll(() => focus(page)).toBe(`alert ${stockStrings.refused.heading}`);
      expect(pathOf(page)).toBe('/editor');
      expect(await notice.count()).toBe(1);
      // Saved: the next link goes, and the notice with the screen it was about.
      await page.getByRole('button', { name: 'Save' }).click();
      await nav(page).getByRole('link', { name: 'Home', exact: true }).click();
      await heading(page, 'Reference home').waitFor();
      expect(await notice.count()).toBe(0);
    });
  });
});

describe('leaving during a slow save', () => {
  it('says the changes are being saved, never “not saved yet”, while the save is in flight', async () => {
    await api.reset();
    await api.behave({ path: '/api/records', method: 'POST', behaviour: { kind: 'hold' }, times: 1 });
    await open('/records/new', async (page) => {
      await field(page, recordStrings.fields.name).fill('A name');
      await page.getByRole('button', { name: recordStrings.submit }).click();
      await page.getByText(formStrings.saving).waitFor();
      await nav(page).getByRole('link', { name: 'Records', exact: true }).click();
      const saving = page.getByRole('alert').filter({ hasText: formStrings.refusedWhileSaving });
      await saving.waitFor();
      await expect.poll(() => focus(page)).toBe(`alert ${formStrings.refusedWhileSaving}`);
      expect(await page.getByRole('alert').filter({ hasText: formStrings.refusedHeading }).count()).toBe(0);
      await api.release('/api/records');
      await heading(page, recordStrings.saved).waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(pathOf(page)).toBe('/records/new');
    });
  });
});
