import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, openPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

it('shows the home screen', async () => {
  const { page, problems, close } = await openPage(browser, inject('referenceUrl') + '/section/2?overlay=open');
  await page.getByRole('heading', { name: 'Item 2' }).waitFor();
  await page.screenshot({ path: '/tmp/smoke.png' });
  console.log(page.url(), await page.title(), problems);
  await page.getByRole('link', { name: 'Item 3' }).click();
  await page.getByRole('heading', { name: 'Item 3' }).waitFor();
  console.log(page.url(), await page.title(), await page.evaluate(() => document.activeElement?.outerHTML));
  expect(problems).toEqual([]);
  await close();
});
