/**
 * `npx tsx scripts/inspector-screenshot.ts`: serves the reference app with the Vite dev server
 * (the overlay exists in development only), opens the statechart overlay on an item screen after
 * a few navigations, selects an older log entry (time travel), and writes
 * docs/screenshots/overlay-{light,dark}-{1440,390}.png, plus inspector-overlay.png (light, 1,440 px,
 * live) which README shows and overlay-fit-1440.png (live again, after Fit: the active state's
 * neighbourhood at the smallest readable scale).
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { createServer } from 'vite';
import { CHROMIUM_ARGS, ensureChromium } from '@statechart/paths/chromium';

const server = await createServer({
  configFile: 'examples/reference/vite.config.ts',
  logLevel: 'warn',
  server: { port: 0, host: '127.0.0.1', hmr: false },
});
await server.listen();
const origin = new URL(server.resolvedUrls?.local[0] ?? '').origin;
const browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_ARGS });
mkdirSync('docs/screenshots', { recursive: true });

async function shoot(
  browser: Browser,
  scheme: 'light' | 'dark',
  width: number,
  height: number,
  files: { live?: string; past: string; fit?: string },
) {
  const context = await browser.newContext({
    viewport: { width, height },
    reducedMotion: 'reduce',
    colorScheme: scheme,
  });
  const page = await context.newPage();
  await page.goto(`${origin}/section?q=red&inspect`);
  const dialog = page.getByRole('dialog');
  await dialog.locator('.sc-diagram').waitFor();
  await page.evaluate(() => {
    const app = (window as unknown as { __app: { sync: { navigate(url: string): void } } }).__app;
    app.sync.navigate('/section/2');
  });
  await dialog.getByRole('button', { name: 'Send item.showNotes' }).first().click();
  await dialog.locator('[data-state="reference.app.main.section.item.notes"][data-active]').waitFor();
  await page.mouse.move(0, 0);
  if (files.live) {
    await page.screenshot({ path: files.live });
    console.log(files.live);
  }
  // The moment before the last event: the past, with what item.showNotes did marked.
  const entries = dialog.locator('.sc-log-entry');
  await entries.nth(1).click();
  await dialog.locator('.sc-moment-past').waitFor();
  // Clicking scrolled the log into view: show the panels from the top (route, what the event did).
  await dialog.locator('.sc-inspector-panels').evaluate((panels) => panels.scrollTo(0, 0));
  await page.mouse.move(0, 0);
  await page.screenshot({ path: files.past });
  console.log(files.past);
  if (files.fit) {
    await dialog.getByRole('button', { name: 'Live', exact: true }).click();
    await dialog.getByRole('button', { name: 'Fit', exact: true }).click();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: files.fit });
    console.log(files.fit);
  }
  await context.close();
}

try {
  await shoot(browser, 'light', 1440, 900, {
    live: 'docs/screenshots/inspector-overlay.png',
    past: 'docs/screenshots/overlay-light-1440.png',
    fit: 'docs/screenshots/overlay-fit-1440.png',
  });
  await shoot(browser, 'dark', 1440, 900, { past: 'docs/screenshots/overlay-dark-1440.png' });
  await shoot(browser, 'light', 390, 844, { past: 'docs/screenshots/overlay-light-390.png' });
  await shoot(browser, 'dark', 390, 844, { past: 'docs/screenshots/overlay-dark-390.png' });
} finally {
  await browser.close();
  await server.close();
}
