import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { errorStrings } from '../../machines/errorStrings';
import { strings } from '../../machines/strings';
import { api } from './api';
import { TIMEOUT_KEY } from '../reference/referenceCalls';
import { launch } from './browser';

/**
 * The reference records screens against the real reference API server, through the built app's
 * same-origin /api proxy (vite preview): what a person sees, and what the server was asked.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await api.reset();
});
beforeEach(() => api.reset());

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const alert = (page: Page) => page.getByRole('alert').filter({ hasText: errorStrings.heading });

/**
 * Opens `url`, runs `test`, then fails on any uncaught exception or console error but Chromium's
 * own line for an HTTP error answer ("Failed to load resource"), which is the failure under test.
 */
async function open(url: string, test: (page: Page) => Promise<void>, options: { timeoutMs?: number } = {}) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  if (options.timeoutMs) {
    await page.addInitScript(({ key, ms }) => localStorage.setItem(key, ms), {
      key: TIMEOUT_KEY,
      ms: String(options.timeoutMs),
    });
  }
  try {
    await page.goto(inject('referenceUrl') + url);
    await test(page);
    expect(problems.filter((problem) => !/Failed to load resource/.test(problem))).toEqual([]);
  } finally {
    await context.close();
  }
}

/** Marks the page when a pending text ever becomes visible (its fade-in has started). */
const watchPending = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { pendingShown: boolean; busySeen: boolean };
    w.pendingShown = false;
    w.busySeen = false;
    const check = () => {
      const pending = document.querySelector('main .pending');
      if (pending && Number(getComputedStyle(pending).opacity) > 0) w.pendingShown = true;
      if (document.querySelector('main [aria-busy="true"]')) w.busySeen = true;
      requestAnimationFrame(check);
    };
    check();
  });
const pendingSeen = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { pendingShown: boolean; busySeen: boolean };
    return { shown: w.pendingShown, busy: w.busySeen };
  });

describe('loading on entry', () => {
  it('makes one request for a deep link to a record and shows it', async () => {
    await open('/records/2', async (page) => {
      await expect.poll(() => page.getByTestId('record-name').textContent()).toBe('Record 2');
      await page.waitForLoadState('networkidle');
      expect(await api.requests()).toMatchObject([{ path: '/api/records/2', aborted: false }]);
    });
  });

  it('makes one request per navigation, and one again when Back returns to a loading screen', async () => {
    await open('/records', async (page) => {
      await page.getByRole('link', { name: 'Record 3' }).waitFor();
      await page.getByRole('link', { name: 'Record 2' }).first().click();
      await expect.poll(() => page.getByTestId('record-name').textContent()).toBe('Record 2');
      await api.behave({ path: '/api/records', behaviour: { kind: 'delay', ms: 1_200 }, times: 1 });
      await watchPending(page);
      await page.goBack();
      await heading(page, 'All records').waitFor();
      // Slow: the pending text shows, in a region marked busy; then the list.
      await expect.poll(() => pendingSeen(page)).toEqual({ shown: true, busy: true });
      expect(await page.locator('main section[aria-busy="true"] [role="status"]').textContent()).toBe(strings.loading);
      await page.getByTestId('records').getByRole('link', { name: 'Record 3' }).waitFor();
      expect(await page.locator('main [aria-busy="true"]').count()).toBe(0);
      await page.waitForLoadState('networkidle');
      expect((await api.requests()).map((request) => request.path)).toEqual([
        '/api/records',
        '/api/records/2',
        '/api/records',
      ]);
    });
  });

  it('shows no pending text when the answer is fast', async () => {
    await open('/', async (page) => {
      await heading(page, 'Reference home').waitFor();
      await watchPending(page);
      await page.getByRole('link', { name: 'Records', exact: true }).click();
      await page.getByTestId('records').getByRole('link', { name: 'Record 3' }).waitFor();
      expect((await pendingSeen(page)).shown).toBe(false);
    });
  });
});

describe('leaving a loading screen', () => {
  it('aborts the request: the server sees the connection closed before its answer', async () => {
    await api.behave({ path: '/api/records/1', behaviour: { kind: 'hang' } });
    await open('/records/1', async (page) => {
      await expect.poll(async () => (await api.requestsFor('/api/records/1')).length).toBe(1);
      await page.getByRole('link', { name: 'Home' }).click();
      await heading(page, 'Reference home').waitFor();
      await expect
        .poll(() => api.requestsFor('/api/records/1'))
        .toMatchObject([{ path: '/api/records/1', aborted: true, answered: false }]);
    });
  });
});

describe('failures: the catalogue message, focused, with its handling', () => {
  const failsThenRetries = async (page: Page, message: string) => {
    await alert(page).waitFor();
    expect(await alert(page).textContent()).toContain(message);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert');
    await api.reset();
    await page.getByRole('button', { name: errorStrings.retry }).click();
    await page.getByTestId('records').getByRole('link', { name: 'Record 3' }).waitFor();
    expect(await alert(page).count()).toBe(0);
  };

  it('shows a 500 as a server problem and loads on retry', async () => {
    await api.behave({ path: '/api/records', behaviour: { kind: 'status', status: 500 } });
    await open('/records', (page) => failsThenRetries(page, errorStrings.server));
  });

  it('shows a payload of the wrong shape as invalid, without a crash, and loads on retry', async () => {
    await api.behave({ path: '/api/records', behaviour: { kind: 'invalid' } });
    await open('/records', (page) => failsThenRetries(page, errorStrings.invalidPayload));
  });

  it('times out when the server never answers, and loads on retry', async () => {
    await api.behave({ path: '/api/records', behaviour: { kind: 'hang' } });
    await open('/records', (page) => failsThenRetries(page, errorStrings.timeout), { timeoutMs: 1_000 });
  });

  it('shows a dropped connection behind the proxy as a server problem', async () => {
    await api.behave({ path: '/api/records', behaviour: { kind: 'drop' } });
    await open('/records', (page) => failsThenRetries(page, errorStrings.server));
  });

  it('shows the network failure when offline, and loads on retry once back online', async () => {
    await open('/records', async (page) => {
      await page.getByTestId('records').getByRole('link', { name: 'Record 3' }).waitFor();
      await page.getByRole('link', { name: 'Home' }).click();
      await heading(page, 'Reference home').waitFor();
      await page.context().setOffline(true);
      await page.getByRole('link', { name: 'Records', exact: true }).click();
      await alert(page).waitFor();
      expect(await alert(page).textContent()).toContain(errorStrings.network);
      await page.context().setOffline(false);
      await page.getByRole('button', { name: errorStrings.retry }).click();
      await page.getByTestId('records').getByRole('link', { name: 'Record 3' }).waitFor();
    });
  });

  it('offers a way out, not a retry, for a record that does not exist', async () => {
    await open('/records/99', async (page) => {
      await alert(page).waitFor();
      expect(await alert(page).textContent()).toContain(errorStrings.notFound);
      expect(await page.getByRole('button', { name: errorStrings.retry }).count()).toBe(0);
      await alert(page).getByRole('link', { name: 'All records' }).click();
      await page.getByTestId('records').getByRole('link', { name: 'Record 3' }).waitFor();
    });
  });
});
