import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { strings } from '../../machines/strings';
import { launch, withPage } from '@statechart/paths/chromium';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const path = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;

const open = (url: string, test: (page: Page) => Promise<void>, viewport?: { width: number; height: number }) =>
  withPage(browser, inject('productUrl') + url, test, { viewport });

describe.concurrent('the product app', () => {
  it('opens on the entry screen inside the shell: skip link, header navigation, main, footer', async ({ expect }) => {
    await open('/', async (page) => {
      await page.getByRole('heading', { level: 1, name: strings.home.heading }).waitFor();
      expect(await page.title()).toBe(`${strings.home.title} · ${strings.productName}`);
      expect(await page.getByRole('banner').textContent()).toContain(strings.productName);
      expect(await page.getByRole('main').count()).toBe(1);
      expect(await page.getByRole('contentinfo').textContent()).toBe(strings.footer);

      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: strings.skipLink });
      expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
      expect(path(page)).toBe('/');

      const nav = page.getByRole('navigation', { name: strings.navLabel });
      // With more entries than fit beside the name, they are behind the menu button: open it.
      const menu = nav.getByRole('button', { name: strings.menu });
      if (await menu.isVisible()) await menu.click();
      expect(await nav.getByRole('link', { name: strings.home.nav }).getAttribute('aria-current')).toBe('page');
    });
  });

  it('shows not-found for an unknown URL, keeping it, and goes home from there', async ({ expect }) => {
    await open('/some/unknown/place?x=1', async (page) => {
      await page.getByRole('heading', { name: strings.notFound.heading }).waitFor();
      expect(path(page)).toBe('/some/unknown/place?x=1');
      expect(await page.title()).toBe(`${strings.notFound.title} · ${strings.productName}`);
      await page.getByRole('link', { name: strings.notFound.home }).click();
      await page.getByRole('heading', { name: strings.home.heading }).waitFor();
      expect(path(page)).toBe('/');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(strings.home.heading);
      await page.goBack();
      await page.getByRole('heading', { name: strings.notFound.heading }).waitFor();
      expect(path(page)).toBe('/some/unknown/place?x=1');
    });
  });

  it('fits a 320 px wide screen without horizontal scrolling', async ({ expect }) => {
    await open(
      '/',
      async (page) => {
        await page.getByRole('heading', { name: strings.home.heading }).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      },
      { width: 320, height: 640 },
    );
  });
});

describe.concurrent('the production build', () => {
  const files = readdirSync('dist/assets').map((file) => join('dist/assets', file));
  const text = files.map((file) => readFileSync(file, 'utf8')).join('\n') + readFileSync('dist/index.html', 'utf8');

  it('contains no test or reference-machine code', () => {
    for (const marker of ['Reference home', 'sectionWork', 'referenceMachine', 'overlayOpen', '__app']) {
      expect(text).not.toContain(marker);
    }
  });

  it('contains none of the inspector’s code (it starts in development only)', () => {
    for (const marker of [
      'startDevTools',
      'sc-inspector',
      'elk.algorithm',
      'statelyai',
      'Copy as test',
      'elk-worker',
    ]) {
      expect(text).not.toContain(marker);
    }
  });

  it('puts each screen in its own chunk', () => {
    for (const id of ['home', 'notFound', 'error']) {
      expect(files.some((file) => file.includes(`${id}.view-`))).toBe(true);
    }
  });
});

describe.concurrent("the product's API slot behind vite preview", () => {
  it('answers an unknown /api path with the API server’s JSON 404, never the app’s index.html', async () => {
    const response = await fetch(`${inject('productUrl')}/api/no-such-thing?x=1`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(((await response.json()) as { message: string }).message).toContain('GET /api/no-such-thing');
    // Only /api is the API's: a screen URL that starts alike is still the app's.
    const page = await fetch(`${inject('productUrl')}/apiary`);
    expect(page.headers.get('content-type')).toContain('text/html');
  });
});
