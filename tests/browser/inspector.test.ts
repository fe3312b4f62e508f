import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage } from './browser';

/*
 * The overlay exists in development builds only, so these tests run the reference app on a Vite
 * dev server (what `npm run start:reference` serves), started here rather than in the shared
 * globalSetup, which builds what ships. A production build "with the dev tools kept" would test a
 * bundle nobody runs.
 */
let browser: Browser;
let server: ViteDevServer;
let origin: string;
beforeAll(async () => {
  server = await createServer({
    mode: 'reference',
    logLevel: 'warn',
    server: { port: 0, host: '127.0.0.1', strictPort: false, hmr: false },
  });
  await server.listen();
  origin = new URL(server.resolvedUrls?.local[0] ?? '').origin;
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function withPage(url: string, test: (page: Page) => Promise<void>) {
  const { page, problems, close } = await openPage(browser, origin + url, { viewport: { width: 1600, height: 900 } });
  try {
    await test(page);
    expect(problems).toEqual([]);
  } finally {
    await close();
  }
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Statechart: reference' });
const state = (page: Page, id: string) => page.locator(`[data-state="${id}"]`);
const isActive = (page: Page, id: string) => state(page, id).evaluate((node) => node.hasAttribute('data-active'));
const path = (page: Page) => new URL(page.url()).pathname;

async function openByShortcut(page: Page) {
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.keyboard.press('Alt+Shift+KeyI');
  await dialog(page).locator('.sc-diagram').waitFor({ timeout: 20_000 });
}

describe('the statechart overlay on the reference app (dev server)', () => {
  it('opens with Alt+Shift+I, highlights the active states and has no axe violations', async () => {
    await withPage('/section/2', async (page) => {
      await openByShortcut(page);
      expect(await isActive(page, 'sectionItem')).toBe(true);
      expect(await isActive(page, 'reference.app.main.section.item.details')).toBe(true);
      expect(await isActive(page, 'sectionList')).toBe(false);
      expect(await isActive(page, 'home')).toBe(false);
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Close');

      const results = await new AxeBuilder({ page }).include('[data-inspector]').analyze();
      expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    });
  });

  it('opens at start with ?inspect, which the router then drops from the URL', async () => {
    await withPage('/section?inspect', async (page) => {
      await dialog(page).locator('.sc-diagram').waitFor({ timeout: 20_000 });
      expect(await isActive(page, 'sectionList')).toBe(true);
      expect(new URL(page.url()).search).toBe('');
    });
  });

  it('follows navigation live, Back included', async () => {
    await withPage('/section', async (page) => {
      await openByShortcut(page);
      expect(await isActive(page, 'sectionList')).toBe(true);
      await page.evaluate(() => {
        const app = (window as unknown as { __app: { sync: { navigate(url: string): void } } }).__app;
        app.sync.navigate('/section/3');
      });
      await expect.poll(() => isActive(page, 'sectionItem')).toBe(true);
      expect(await isActive(page, 'sectionList')).toBe(false);

      await page.goBack();
      await expect.poll(() => isActive(page, 'sectionList')).toBe(true);
      expect(await isActive(page, 'sectionItem')).toBe(false);
      expect(path(page)).toBe('/section');
      await dialog(page).getByText('xstate.route', { exact: true }).first().waitFor();
    });
  });

  it('sends an enabled transition’s event on click and from the keyboard', async () => {
    await withPage('/section/2', async (page) => {
      await openByShortcut(page);
      await dialog(page).getByRole('button', { name: 'Send item.showNotes' }).click();
      await expect.poll(() => isActive(page, 'reference.app.main.section.item.notes')).toBe(true);
      await page.getByText('Notes tab').waitFor();
      await dialog(page).locator('.sc-inspector-events li').first().getByText('item.showNotes').waitFor();
      // Disabled now: no longer a button.
      expect(await dialog(page).getByRole('button', { name: 'Send item.showNotes' }).count()).toBe(0);

      await dialog(page).getByRole('button', { name: 'Send item.showDetails' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => isActive(page, 'reference.app.main.section.item.details')).toBe(true);
      await page.getByText('Details tab').waitFor();

      // A routable state's route path sends the route event, with only the target's own params
      // (the list has no :id).
      await dialog(page).getByRole('button', { name: 'Send xstate.route #sectionList', exact: true }).click();
      await expect.poll(() => path(page)).toBe('/section');
      await expect.poll(() => isActive(page, 'sectionList')).toBe(true);
    });
  });

  it('closes with Escape and gives the focus back', async () => {
    await withPage('/', async (page) => {
      await page.getByRole('link', { name: 'Section' }).focus();
      await openByShortcut(page);
      await page.keyboard.press('Escape');
      await dialog(page).waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Section');
    });
  });
});

describe('the production builds', () => {
  const bundles = ['dist', 'dist-reference'].flatMap((dir) =>
    readdirSync(join(dir, 'assets'))
      .filter((file) => file.endsWith('.js') || file.endsWith('.css'))
      .map((file) => join(dir, 'assets', file)),
  );

  it('contain none of the inspector’s code', () => {
    expect(bundles.length).toBeGreaterThan(0);
    for (const file of bundles) {
      const code = readFileSync(file, 'utf8');
      for (const marker of ['startDevTools', 'sc-inspector', 'Statechart: ', 'elk.algorithm', 'statelyai', 'KeyI']) {
        expect(code.includes(marker), `${file} contains "${marker}"`).toBe(false);
      }
    }
  });
});
